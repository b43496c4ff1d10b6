/**
 * The layers depend downwards only: db/ (schema, migrations, driver) knows nothing of the app above it,
 * and server/ (the domain and its faces) nothing of the React code in components/ and app/, so the
 * server can be bundled and tested without the UI. Shared pure helpers live in server/ and the UI
 * imports them, never the other way round.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Module specifiers of static imports, re-exports and dynamic imports. */
const SPECIFIERS = [/\bfrom\s*["']([^"']+)["']/g, /\bimport\s*["']([^"']+)["']/g, /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g];

function sourceFiles(dir: string): string[] {
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "--", dir], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((file) => /\.(?:ts|tsx|mts|mjs|js)$/.test(file));
}

/** The repository folder an import lands in (first path segment), or null for a package. */
function targetFolder(file: string, specifier: string): string | null {
  if (specifier.startsWith("@/")) return specifier.slice(2).split("/")[0] ?? null;
  if (!specifier.startsWith(".")) return null;
  const resolved = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier));
  return resolved.split(path.sep)[0] ?? null;
}

/** "file: specifier" for each import of `file` that lands in one of `forbidden`. */
export function forbiddenImports(file: string, text: string, forbidden: readonly string[]): string[] {
  const found: string[] = [];
  for (const pattern of SPECIFIERS) {
    for (const match of text.matchAll(pattern)) {
      const specifier = match[1] ?? "";
      const folder = targetFolder(file, specifier);
      if (folder && forbidden.includes(folder)) found.push(`${file}: ${specifier}`);
    }
  }
  return found;
}

function violations(dir: string, forbidden: readonly string[]): string[] {
  return sourceFiles(dir).flatMap((file) => forbiddenImports(file, readFileSync(path.join(ROOT, file), "utf8"), forbidden));
}

describe("layers", () => {
  it("db/ imports nothing from server/ or components/", () => {
    expect(violations("db", ["server", "components"])).toEqual([]);
  });

  it("server/ imports nothing from components/ or app/", () => {
    expect(violations("server", ["components", "app"])).toEqual([]);
  });

  it("finds the imports it is meant to refuse (the check itself)", () => {
    const text = [
      'import { config } from "@/server/lib/config";',
      'export { x } from "../server/x";',
      'const m = await import("../components/ui/y");',
      'import "server-only";',
      'import { z } from "zod";',
      'import { a } from "./schema";',
    ].join("\n");
    expect(forbiddenImports("db/client.ts", text, ["server", "components"])).toEqual([
      "db/client.ts: @/server/lib/config",
      "db/client.ts: ../server/x",
      "db/client.ts: ../components/ui/y",
    ]);
  });
});
