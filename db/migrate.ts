import path from "node:path";
import { readdir, readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import type { Handle } from "./client";

export const migrationsFolder = path.resolve(process.cwd(), "db/migrations");
/** Database functions kept as one source file each, re-applied on every run (docs/decisions.md). */
export const functionsFolder = path.resolve(process.cwd(), "db/functions");

/** Any fixed number: instances migrating at once replace the functions one after the other. */
const FUNCTIONS_LOCK = 230_011;

/** The statements of the repeatable files, in file-name order (drizzle's `--> statement-breakpoint` separates them). */
export async function functionStatements(folder = functionsFolder): Promise<string[]> {
  const files = (await readdir(folder)).filter((name) => name.endsWith(".sql")).sort();
  const texts = await Promise.all(files.map((name) => readFile(path.join(folder, name), "utf8")));
  return texts.flatMap((text) => text.split("--> statement-breakpoint").map((part) => part.trim())).filter((part) => part.length > 0);
}

/**
 * Applies the committed SQL migrations, then the repeatable function files (CREATE OR REPLACE), to the
 * given database; safe to run on every start. The functions go after the migrations because they use
 * the tables the migrations made; in one transaction, so a database never has half of them.
 */
export async function migrateHandle(handle: Handle): Promise<void> {
  if (handle.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    // @ts-expect-error the handle is typed as the common PgDatabase; the driver-specific migrator takes it.
    await migrate(handle.db, { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // @ts-expect-error same as above, for PGlite.
    await migrate(handle.db, { migrationsFolder });
  }
  const statements = await functionStatements();
  await handle.db.transaction(async (tx) => {
    // CONCURRENCY: two instances replacing one function at once fail with "tuple concurrently updated".
    if (handle.kind === "postgres") await tx.execute(sql`SELECT pg_advisory_xact_lock(${FUNCTIONS_LOCK})`);
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
}
