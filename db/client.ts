import path from "node:path";
import { mkdirSync } from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import * as schema from "./schema";
import { config, type Config } from "@/server/lib/config";

export type Schema = typeof schema;
/** A database handle or a transaction: domain functions take it first so they compose inside one transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Handle = { db: Db; kind: "postgres" | "pglite"; close: () => Promise<void> };

/** What opening the database depends on: a slice of the parsed config, so a test can open a second handle. */
export type DbSettings = Pick<Config, "DATABASE_URL" | "DATABASE_POOL_SIZE" | "DATABASE_PREPARE" | "PGLITE_DATA_DIR">;

const globalForDb = globalThis as unknown as { __gamecoinDb?: Promise<Handle> };

/** A new pool (or embedded database) per call; the app uses the one getHandle() keeps. */
export async function openHandle(settings: DbSettings): Promise<Handle> {
  const { DATABASE_URL, PGLITE_DATA_DIR } = settings;
  if (DATABASE_URL) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    if (settings.DATABASE_PREPARE) {
      const { prepareAllStatements } = await import("@/server/lib/prepared-statements");
      prepareAllStatements();
    }
    const { trackPool } = await import("@/server/observability/db-pool");
    // Counted for gamecoin_db_pool_connections; `begin` also holds metric increments until COMMIT.
    const client = trackPool(
      postgres(DATABASE_URL, {
        max: settings.DATABASE_POOL_SIZE,
        // false wins over the statement names prepareAllStatements gives (postgres.js checks it first).
        prepare: settings.DATABASE_PREPARE,
        onnotice: () => {},
      }),
    );
    const db = drizzle(client, { schema }) as unknown as Db;
    return { db, kind: "postgres", close: () => client.end({ timeout: 5 }) };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const inMemory = PGLITE_DATA_DIR.startsWith("memory://");
  const dataDir = inMemory ? PGLITE_DATA_DIR : path.resolve(PGLITE_DATA_DIR);
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  // The player search's trigram index (migration 0003) needs pg_trgm, which PGlite ships as a module.
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzle(client, { schema }) as unknown as Db;
  return { db, kind: "pglite", close: () => client.close() };
}

/** One connection pool (or one embedded database) per process, kept across dev hot reloads. */
export function getHandle(): Promise<Handle> {
  globalForDb.__gamecoinDb ??= openHandle(config());
  return globalForDb.__gamecoinDb;
}

export async function getDb(): Promise<Db> {
  return (await getHandle()).db;
}

export async function closeDb(): Promise<void> {
  const pending = globalForDb.__gamecoinDb;
  globalForDb.__gamecoinDb = undefined;
  if (pending) await (await pending).close();
}

/** Raw SQL rows, whichever driver runs (postgres.js returns an array, PGlite an object with rows). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}
