/**
 * A studio clones this repository and nothing beside it, so no tracked file may point outside it: no
 * path or link to a sibling folder or to documents the project does not carry. The project's own guides
 * live in docs/ and the /docs reference.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const THIS_FILE = path.relative(ROOT, fileURLToPath(import.meta.url));

/** Names of documents that exist only outside the repository, and paths that lead there. */
// Built from parts so that this file does not itself name the folder it looks for.
const SIBLING = ["..", "shared"].join("/");
const SPEC_FILE = ["SPEC", "md"].join(".");
const OUTSIDE = [new RegExp(`${SIBLING.replace(/\./g, "\\.")}\\b`), new RegExp(`\\b${"shared"}/spec\\b`), /\b(?:DESIGN|SPEC|CONTRACT)\.md\b/];

/** Markdown links and HTML href/src attributes. */
const LINK_TARGETS = [/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g, /\b(?:href|src)\s*=\s*["']([^"']+)["']/g];

/** What in `text` (the content of `file`, relative to the repository root) points outside the repository. */
function outsideReferences(file: string, text: string): string[] {
  const problems: string[] = [];
  text.split("\n").forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    if (OUTSIDE.some((pattern) => pattern.test(line))) problems.push(`${where}: ${line.trim()}`);
    if (!file.endsWith(".md")) return;
    for (const linkPattern of LINK_TARGETS) {
      for (const match of line.matchAll(linkPattern)) {
        const target = match[1] ?? "";
        // URLs with a scheme, site paths (/docs) and anchors are not files of the repository.
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("/") || target.startsWith("#")) continue;
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), target.split(/[?#]/)[0] ?? ""));
        if (resolved === ".." || resolved.startsWith("../")) problems.push(`${where}: link to ${target}`);
      }
    }
  });
  return problems;
}

function trackedTextFiles(): string[] {
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" }).split("\0").filter(Boolean);
  return files.filter((file) => file !== THIS_FILE && existsSync(path.join(ROOT, file)));
}

describe("the repository stands alone", () => {
  it("the check finds a path out of the repository, in text and in Markdown links", () => {
    const specPath = `${SIBLING}/spec/${SPEC_FILE}`;
    expect(outsideReferences("README.md", `See [the spec](${specPath}).`)).toEqual([
      `README.md:1: See [the spec](${specPath}).`,
      `README.md:1: link to ${specPath}`,
    ]);
    expect(outsideReferences("docs/guide.md", "\nSee [the guide](../../guide.md).")).toEqual(["docs/guide.md:2: link to ../../guide.md"]);
    expect(outsideReferences("docs/guide.md", 'a <a href="../../other/readme.md">sibling</a>')).toEqual([
      'docs/guide.md:1: link to ../../other/readme.md',
    ]);
    expect(outsideReferences("server/x.ts", "// as CONTRACT.md section 4 says")).toHaveLength(1);
    expect(outsideReferences("docs/guide.md", "[ok](../README.md) [ok](fixtures.md#shape) [site](/docs) [web](https://example.com/../x)")).toEqual([]);
  });

  it("no tracked file links to or names a path outside the repository", () => {
    const problems: string[] = [];
    for (const file of trackedTextFiles()) {
      const bytes = readFileSync(path.join(ROOT, file));
      if (bytes.includes(0)) continue;
      problems.push(...outsideReferences(file, bytes.toString("utf8")));
    }
    expect(problems).toEqual([]);
  });
});
