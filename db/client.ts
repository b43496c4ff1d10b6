import path from "node:path";
import { mkdirSync } from "node:fs";
import type { Sql } from "postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import * as schema from "./schema";
import { driverTarget } from "./socket-url";

export type Schema = typeof schema;
/** A database handle or a transaction: domain functions take it first so they compose inside one transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Handle = { db: Db; kind: "postgres" | "pglite"; close: () => Promise<void> };

/** What opening the database depends on (the config's slice; server/db/connection.ts passes it). */
export type DbSettings = {
  DATABASE_URL?: string | undefined;
  DATABASE_POOL_SIZE: number;
  DATABASE_PREPARE: boolean;
  /** Seconds an unused pool connection stays open; 0 keeps it for good. */
  DATABASE_IDLE_SECONDS: number;
  PGLITE_DATA_DIR: string;
};

/**
 * What the server adds around the Postgres driver (statement naming, pool metrics): passed in, so this
 * layer depends on nothing above it.
 */
export type DriverHooks = {
  /** Called before the pool is made when DATABASE_PREPARE is on. */
  prepareStatements?: () => void;
  wrapPool?: <T extends Sql>(client: T) => T;
};

/** A new pool (or embedded database) per call; the app keeps one (server/db/connection.ts). */
export async function openDriver(settings: DbSettings, hooks: DriverHooks = {}): Promise<Handle> {
  const { DATABASE_URL, PGLITE_DATA_DIR } = settings;
  if (DATABASE_URL) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    if (settings.DATABASE_PREPARE) hooks.prepareStatements?.();
    const target = driverTarget(DATABASE_URL);
    const pool = postgres(target.url, {
      // libpq's `?host=`: a Unix socket's directory, or a host name (db/socket-url.ts).
      host: target.host,
      max: settings.DATABASE_POOL_SIZE,
      // false wins over the statement names prepareStatements gives (postgres.js checks it first).
      prepare: settings.DATABASE_PREPARE,
      // A burst (a dashboard page, a wave of token requests) opens the whole pool; the driver hands each
      // query to the connection used last, so the rest then sit idle. Closing them gives the backends'
      // memory (and PgBouncer's server connections) back. 0 means never, as the driver's own default.
      idle_timeout: settings.DATABASE_IDLE_SECONDS || undefined,
      onnotice: () => {},
    });
    const client = hooks.wrapPool ? hooks.wrapPool(pool) : pool;
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

/** Raw SQL rows, whichever driver runs (postgres.js returns an array, PGlite an object with rows). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}
