/**
 * The layers depend downwards only: db/ (schema, migrations, driver) knows nothing of the app above it,
 * and server/ (the domain and its faces) nothing of the React code in components/ and app/, so the
 * server can be bundled and tested without the UI. Shared pure helpers live in server/ and the UI
 * imports them, never the other way round.
 * Inside server/, the faces (server/api for REST, server/trpc for the dashboard) call the domain folders,
 * never the reverse, and no import circle exists: a circle makes load order matter and hides which
 * module owns a rule.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
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

/** The repository file an import resolves to (extension and index files tried), or null for a package. */
function resolveImport(file: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier));
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(path.join(ROOT, candidate))) ?? null;
}

/** The repository files `text` (the source of `file`) imports, types included: a type-only edge still couples the two. */
export function importedFiles(file: string, text: string): string[] {
  const found = new Set<string>();
  for (const pattern of SPECIFIERS) {
    for (const match of text.matchAll(pattern)) {
      const target = resolveImport(file, match[1] ?? "");
      if (target) found.add(target);
    }
  }
  return [...found];
}

/** Each import circle (strongly connected component of more than one file, or a file importing itself), sorted. */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iterative so a deep chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const circles: string[][] = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++]!;
        if (!graph.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || edges.includes(frame.node)) circles.push(component.sort());
    }
  }
  return circles;
}

function importGraph(dir: string): Map<string, string[]> {
  const files = sourceFiles(dir).filter((file) => !/\.test\.tsx?$/.test(file));
  return new Map(files.map((file) => [file, importedFiles(file, readFileSync(path.join(ROOT, file), "utf8"))]));
}

/** The faces of server/: everything else in server/ is domain (or plumbing) and must not call up into them. */
const SERVER_FACES = ["server/api", "server/trpc"] as const;

/** "file: target" for each import of a server/ file outside the faces that lands in one of them. */
function upwardImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const inFace = (file: string) => SERVER_FACES.some((face) => file.startsWith(`${face}/`));
  return [...graph].flatMap(([file, targets]) => (inFace(file) ? [] : targets.filter(inFace).map((target) => `${file}: ${target}`)));
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

  it("no domain folder in server/ imports server/api or server/trpc", () => {
    expect(upwardImports(importGraph("server"))).toEqual([]);
  });

  it("server/ has no import circle", () => {
    expect(importCircles(importGraph("server"))).toEqual([]);
  });

  it("finds the upward imports and circles it is meant to refuse (the check itself)", () => {
    const graph = new Map<string, string[]>([
      ["server/audit/record-audit.ts", ["server/auth/staff-sign-in.ts", "server/lib/clock.ts"]],
      ["server/auth/staff-sign-in.ts", ["server/auth/lockout-record.ts"]],
      ["server/auth/lockout-record.ts", ["server/audit/record-audit.ts"]],
      ["server/lib/clock.ts", []],
      ["server/lib/self.ts", ["server/lib/self.ts"]],
      ["server/observability/metrics-route.ts", ["server/api/http.ts"]],
      ["server/api/http.ts", ["server/lib/clock.ts"]],
      ["server/trpc/init.ts", ["server/api/http.ts"]],
    ]);
    expect(importCircles(graph)).toEqual([
      ["server/audit/record-audit.ts", "server/auth/lockout-record.ts", "server/auth/staff-sign-in.ts"],
      ["server/lib/self.ts"],
    ]);
    expect(upwardImports(graph)).toEqual(["server/observability/metrics-route.ts: server/api/http.ts"]);
    expect(importedFiles("server/auth/lockout-record.ts", 'import type { X } from "./staff-identity";\nimport { y } from "@/server/audit/record-audit";\nimport "server-only";')).toEqual([
      "server/auth/staff-identity.ts",
      "server/audit/record-audit.ts",
    ]);
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
