import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type Db } from "@/db/client";
import { migrationsFolder } from "@/db/migrate";

const Journal = z.object({ entries: z.array(z.object({ tag: z.string(), when: z.number() })) });

export type MigrationStatus = { expected: number; pending: string[] };

/** The committed migrations, from drizzle-kit's journal (the migrator reads the same file). */
export async function journalEntries(folder = migrationsFolder): Promise<{ tag: string; when: number }[]> {
  const text = await readFile(path.join(folder, "meta", "_journal.json"), "utf8");
  return Journal.parse(JSON.parse(text)).entries;
}

/**
 * Which committed migrations the database has not applied. Drizzle's migrator applies every migration
 * newer than the newest row of drizzle.__drizzle_migrations (by its `when`), so this compares the same way.
 */
export async function migrationStatus(db: Db, folder = migrationsFolder): Promise<MigrationStatus> {
  const entries = await journalEntries(folder);
  const [table] = await queryRows<{ exists: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`);
  let applied = -1;
  if (table?.exists) {
    const [row] = await queryRows<{ last: string | null }>(db, sql`select max(created_at)::text as "last" from drizzle.__drizzle_migrations`);
    applied = row?.last ? Number(row.last) : -1;
  }
  return { expected: entries.length, pending: entries.filter((entry) => entry.when > applied).map((entry) => entry.tag) };
}
