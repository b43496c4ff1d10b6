/**
 * Long positional parameter lists hide which argument is which at the call site (two strings swapped
 * still typecheck). Past three parameters a function takes one options object, usually after the one or
 * two it works in (the database, the scope). Every source file is checked; the exceptions below are
 * signatures the project does not own.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MAX_PARAMETERS = 3;

/** "file name": why the signature stays as it is. */
const EXCEPTIONS = new Map([
  // @gamecoin/sdk's published API (sdk/README.md): (rawBody, signatureHeader, secret, options), the shape of
  // Stripe's constructEvent that integrations already call; changing it would break them.
  ["sdk/src/webhooks.ts verifyWebhook", "published SDK signature"],
]);

type Signature = { file: string; name: string; count: number };

/** Every function, method and arrow function of `source` with its parameter count. */
export function signatures(file: string, source: string): Signature[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: Signature[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node) || ts.isFunctionExpression(node)) {
      const named = node.name ?? (ts.isVariableDeclaration(node.parent) || ts.isPropertyAssignment(node.parent) ? node.parent.name : undefined);
      found.push({ file, name: named ? named.getText(tree) : "<anonymous>", count: node.parameters.length });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

function sourceFiles(): string[] {
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "--", "server", "app", "components", "sdk/src", "db", "scripts"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes("/generated/"));
}

describe("parameter lists", () => {
  const all = sourceFiles().flatMap((file) => signatures(file, readFileSync(`${ROOT}${file}`, "utf8")));
  const over = all.filter((s) => s.count > MAX_PARAMETERS).map((s) => `${s.file} ${s.name}`);

  it(`no function takes more than ${MAX_PARAMETERS} parameters (one options object instead)`, () => {
    expect(over.filter((entry) => !EXCEPTIONS.has(entry))).toEqual([]);
  });

  it("lists no exception that no longer needs it", () => {
    expect([...EXCEPTIONS.keys()].filter((entry) => !over.includes(entry))).toEqual([]);
  });

  it("counts what it is meant to count (the check itself)", () => {
    const source = [
      "export function a(w: number, x: number, y: number, z: number) {}",
      "const b = (v: { w: number; x: number }) => v;",
      "class C { m(a: 1, b: 2, c: 3, d: 4, e: 5, f: 6) {} }",
    ].join("\n");
    expect(signatures("x.ts", source).map((s) => `${s.name}:${s.count}`)).toEqual(["a:4", "b:1", "m:6"]);
  });
});
