import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/db/client";

/**
 * Postgres settings a production instance should not run without (docs/deploy.md "Settings"). Each is
 * a server setting the app cannot change, so a start only says so; it does not refuse to serve.
 */
const EXPECTED: readonly { name: string; safe: readonly string[]; why: string }[] = [
  {
    name: "autovacuum",
    safe: ["on"],
    why: "planner statistics go stale and hot rows bloat: a money move's player look-up can pick a wrong index (1.7x the statement's CPU measured)",
  },
  { name: "fsync", safe: ["on"], why: "a power loss or OS crash can corrupt the cluster" },
  {
    name: "synchronous_commit",
    safe: ["on", "remote_write", "remote_apply", "local"],
    why: "a crash loses money moves whose clients were already answered 200",
  },
];

export type SettingProblem = { setting: string; value: string; expected: string; why: string };

/** The settings among `values` (name → value, as pg_settings gives them) that are not safe. */
export function unsafeDatabaseSettings(values: Record<string, string>): SettingProblem[] {
  return EXPECTED.flatMap(({ name, safe, why }) => {
    const value = values[name];
    if (value === undefined || safe.includes(value)) return [];
    return [{ setting: name, value, expected: safe.join(" or "), why }];
  });
}

/** Reads the expected settings of the connected Postgres. */
export async function readDatabaseSettings(db: Db): Promise<Record<string, string>> {
  const names = EXPECTED.map((e) => e.name);
  const rows = await queryRows<{ name: string; setting: string }>(
    db,
    sql`SELECT name, setting FROM pg_settings WHERE name IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)})`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.setting]));
}
