import "server-only";
import { migrateHandle } from "@/db/migrate";
import { openDriver, type Db, type DbSettings, type Handle } from "@/db/client";
import { config } from "@/server/lib/config";
import { prepareAllStatements } from "@/server/lib/prepared-statements";
import { trackPool } from "@/server/observability/db-pool";

const globalForDb = globalThis as unknown as { __gamecoinDb?: Promise<Handle>; __gamecoinDbOpened?: Handle };

/**
 * A new pool (or embedded database) per call, with every query named (prepared once per connection)
 * and counted for gamecoin_db_pool_connections; `begin` also holds metric increments until COMMIT.
 */
export function openHandle(settings: DbSettings): Promise<Handle> {
  return openDriver(settings, { prepareStatements: prepareAllStatements, wrapPool: trackPool });
}

/** One connection pool (or one embedded database) per process, kept across dev hot reloads. */
export function getHandle(): Promise<Handle> {
  if (!globalForDb.__gamecoinDb) {
    const opening = openHandle(config());
    globalForDb.__gamecoinDb = opening;
    opening.then(
      (handle) => {
        if (globalForDb.__gamecoinDb === opening) globalForDb.__gamecoinDbOpened = handle;
      },
      () => undefined,
    );
  }
  return globalForDb.__gamecoinDb;
}

export async function getDb(): Promise<Db> {
  return (await getHandle()).db;
}

/** The process's database once its pool is open, else null: the API's every request takes it without a promise. */
export function openedDb(): Db | null {
  return globalForDb.__gamecoinDbOpened?.db ?? null;
}

export async function closeDb(): Promise<void> {
  const pending = globalForDb.__gamecoinDb;
  globalForDb.__gamecoinDb = undefined;
  globalForDb.__gamecoinDbOpened = undefined;
  if (pending) await (await pending).close();
}

/** Applies the committed SQL migrations to the process's database; safe to run on every start. */
export async function runMigrations(): Promise<void> {
  await migrateHandle(await getHandle());
}
