import path from "node:path";
import type { Handle } from "./client";

export const migrationsFolder = path.resolve(process.cwd(), "db/migrations");

/** Applies the committed SQL migrations to the given database; safe to run on every start. */
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
}
