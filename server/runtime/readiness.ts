import "server-only";
import { sql } from "drizzle-orm";
import { type Db } from "@/db/client";
import { getDb } from "@/server/db/connection";
import { migrationsFolder } from "@/db/migrate";
import { config } from "@/server/lib/config";
import { childLogger } from "@/server/observability/logger";
import { isDraining } from "./lifecycle";
import { migrationStatus } from "./migration-status";
import { pingRedis } from "./redis-ping";

export type CheckOutcome = "ok" | "failed" | "skipped" | "not_configured";
export type ReadinessChecks = { database: CheckOutcome; migrations: CheckOutcome; redis: CheckOutcome };
export type Readiness =
  | { ready: true; checks: ReadinessChecks }
  | { ready: false; draining: true }
  | { ready: false; checks: ReadinessChecks; pendingMigrations?: string[] };

export type ReadinessDeps = {
  db: () => Promise<Db>;
  redisUrl: string | undefined;
  ping: (url: string, timeoutMs: number) => Promise<void>;
  migrationsFolder: string;
  draining: () => boolean;
  /** Per check: a load balancer's probe gives up after a few seconds, an answer must come before. */
  timeoutMs: number;
  log: (message: string, error: unknown) => void;
};

const readyLog = childLogger({ module: "ready" });

export function defaultReadinessDeps(): ReadinessDeps {
  return {
    db: getDb,
    redisUrl: config().REDIS_URL,
    ping: pingRedis,
    migrationsFolder,
    draining: isDraining,
    timeoutMs: 2_000,
    log: (message, error) => readyLog.warn({ err: error }, message),
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance should receive traffic: not draining, the database answers, every committed
 * migration is applied (code newer than the schema must not serve), and Redis answers when configured.
 * A failed check is logged with its reason; the answer only names the check.
 */
export async function checkReadiness(deps: ReadinessDeps = defaultReadinessDeps()): Promise<Readiness> {
  if (deps.draining()) return { ready: false, draining: true };
  const checks: ReadinessChecks = { database: "ok", migrations: "ok", redis: "not_configured" };
  let pendingMigrations: string[] = [];

  const database = (async () => {
    try {
      const db = await withTimeout(deps.db(), deps.timeoutMs);
      await withTimeout(db.execute(sql`select 1`), deps.timeoutMs);
      try {
        pendingMigrations = (await withTimeout(migrationStatus(db, deps.migrationsFolder), deps.timeoutMs)).pending;
        if (pendingMigrations.length > 0) checks.migrations = "failed";
      } catch (error) {
        checks.migrations = "failed";
        deps.log("migration check failed", error);
      }
    } catch (error) {
      checks.database = "failed";
      checks.migrations = "skipped";
      deps.log("database check failed", error);
    }
  })();
  const redis = (async () => {
    if (!deps.redisUrl) return;
    try {
      await withTimeout(deps.ping(deps.redisUrl, deps.timeoutMs), deps.timeoutMs);
      checks.redis = "ok";
    } catch (error) {
      checks.redis = "failed";
      deps.log("Redis check failed", error);
    }
  })();
  await Promise.all([database, redis]);

  // A draining start while the checks ran wins: the balancer must stop sending at once.
  if (deps.draining()) return { ready: false, draining: true };
  const failed = Object.values(checks).includes("failed");
  if (!failed) return { ready: true, checks };
  return pendingMigrations.length > 0 ? { ready: false, checks, pendingMigrations } : { ready: false, checks };
}

/** The HTTP status of a readiness answer. */
export function readinessStatus(readiness: Readiness): 200 | 503 {
  return readiness.ready ? 200 : 503;
}
