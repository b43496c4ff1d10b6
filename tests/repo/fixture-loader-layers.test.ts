/**
 * The fixture loader writes only through the domain functions (server/<domain>/), so each rule of a write
 * (validation, normalization, sealing, hashing) exists once. server/fixtures/ therefore never writes a
 * table itself, and takes from @/db/schema only its enums and types, not the tables. The fixture-only
 * option of the webhook functions (a given signing secret, no DNS) stays out of every other caller.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Values of @/db/schema that are not tables: the enums the fixture format is made of. */
const SCHEMA_VALUES = new Set(["environments", "staffRoles", "webhookEventTypes"]);

/** Tables a file may still read directly, by file (none: the key look-ups are server/keys functions too). */
const TABLE_READS: Record<string, string[]> = {};

const WRITES: [RegExp, string][] = [
  [/\.insert\s*\(/, ".insert("],
  [/\.update\s*\(/, ".update("],
  [/\.delete\s*\(/, ".delete("],
  [/onConflictDo/, "onConflictDo…"],
  [/\.execute\s*\(/, ".execute("],
  [/\bsql\s*`/, "sql`…`"],
];

function trackedFiles(dir: string): string[] {
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "--", dir], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((file) => /\.(?:ts|tsx|mts|mjs|js)$/.test(file) && !/\.test\.tsx?$/.test(file));
}

/** "file: what" for each direct table write of `text`. */
export function tableWrites(file: string, text: string): string[] {
  return WRITES.filter(([pattern]) => pattern.test(text)).map(([, what]) => `${file}: ${what}`);
}

/** "file: name" for each value (not `type`) imported from @/db/schema that is a table, beyond `allowed`. */
export function schemaTableImports(file: string, text: string, allowed: readonly string[] = []): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*["']@\/db\/schema(?:\/[^"']*)?["']/g)) {
    if (match[1]) continue;
    for (const raw of (match[2] ?? "").split(",")) {
      const name = raw.trim();
      if (name === "" || name.startsWith("type ")) continue;
      const imported = name.split(/\s+as\s+/)[0] ?? name;
      if (!SCHEMA_VALUES.has(imported) && !allowed.includes(imported)) found.push(`${file}: ${imported}`);
    }
  }
  for (const match of text.matchAll(/import\s+\*\s+as\s+\w+\s+from\s*["']@\/db\/schema(?:\/[^"']*)?["']/g)) found.push(`${file}: ${match[0]}`);
  return found;
}

function read(file: string): string {
  return readFileSync(path.join(ROOT, file), "utf8");
}

describe("fixture loader layers", () => {
  const files = trackedFiles("server/fixtures");

  it("finds the loader's modules", () => {
    expect(files).toContain("server/fixtures/load-fixture.ts");
    expect(files).toContain("server/fixtures/seeding/catalog.ts");
  });

  it("server/fixtures/ writes no table itself", () => {
    expect(files.flatMap((file) => tableWrites(file, read(file)))).toEqual([]);
  });

  it("server/fixtures/ imports no table from @/db/schema (reads and writes go through the domain)", () => {
    expect(files.flatMap((file) => schemaTableImports(file, read(file), TABLE_READS[file] ?? []))).toEqual([]);
  });

  it("only the fixture loader passes the webhook functions' loadingFixture option", () => {
    const callers = ["server", "app", "components", "scripts"]
      .flatMap(trackedFiles)
      .filter((file) => !file.startsWith("server/fixtures/") && !file.startsWith("server/webhooks/") && read(file).includes("loadingFixture"));
    expect(callers).toEqual([]);
  });

  it("finds the writes and imports it is meant to refuse (the check itself)", () => {
    const text = [
      'import { environments, giftCodes, type Environment } from "@/db/schema";',
      'import type { games } from "@/db/schema";',
      'import { staffRoles, staff as members } from "@/db/schema/tenancy";',
      'import * as schema from "@/db/schema";',
      "await tx.insert(giftCodes).values(row).onConflictDoNothing();",
      "await tx\n  .update(members).set({ name });",
      "await tx.execute(sql`select 1`);",
    ].join("\n");
    expect(tableWrites("x.ts", text)).toEqual(["x.ts: .insert(", "x.ts: .update(", "x.ts: onConflictDo…", "x.ts: .execute(", "x.ts: sql`…`"]);
    expect(schemaTableImports("x.ts", text)).toEqual(["x.ts: giftCodes", "x.ts: staff", 'x.ts: import * as schema from "@/db/schema"']);
    expect(schemaTableImports("x.ts", 'import { apiKeys } from "@/db/schema";', ["apiKeys"])).toEqual([]);
  });
});
