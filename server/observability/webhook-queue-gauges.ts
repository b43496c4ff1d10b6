import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/db/client";
import { getDb } from "@/server/db/connection";
import { clock } from "@/server/lib/clock";
import { childLogger } from "./logger";
import { metrics } from "./metrics";

/** Scrapes from several Prometheus servers (or a fast interval) share one query per this period. */
export const QUEUE_QUERY_EVERY_MS = 5_000;
/** A scrape never waits longer than this for the database. */
const QUERY_TIMEOUT_MS = 2_000;

const log = childLogger({ module: "metrics" });
const KEY = Symbol.for("gamecoin.observability.webhookQueueRefresh");
const globalForRefresh = globalThis as unknown as { [KEY]?: { startedAt: number; done: Promise<void> } };

type QueueRow = { depth: number | string; oldest: number | string | null };

async function queryQueue(): Promise<void> {
  const now = clock.now().toISOString();
  // One pass over the (status, next_attempt_at) index's pending rows; deliveries of a disabled
  // endpoint wait on purpose (paused) and are left out, so they do not look like a stuck queue.
  const rows = await queryRows<QueueRow>(
    await getDb(),
    sql`
      SELECT count(*) AS depth,
             extract(epoch FROM (${now}::timestamptz - min(d.next_attempt_at) FILTER (WHERE d.next_attempt_at <= ${now}::timestamptz))) AS oldest
      FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.status = 'pending' AND e.active`,
  );
  const row = rows[0];
  const { webhookQueueDepth, webhookOldestDueAge } = metrics();
  webhookQueueDepth.set(Number(row?.depth ?? 0));
  webhookOldestDueAge.set(Math.max(0, Number(row?.oldest ?? 0)));
}

function withTimeout(work: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${QUERY_TIMEOUT_MS} ms`)), QUERY_TIMEOUT_MS);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Brings the webhook queue gauges up to date before a scrape: at most one query per 5 s per process
 * (later scrapes reuse the values). Never throws: with the database down the two gauges read NaN
 * (rather than stale or zero) and everything else is still reported.
 */
export async function refreshWebhookQueueGauges(): Promise<void> {
  const last = globalForRefresh[KEY];
  if (last && Date.now() - last.startedAt < QUEUE_QUERY_EVERY_MS) return last.done;
  const done = withTimeout(queryQueue()).catch((error: unknown) => {
    const { webhookQueueDepth, webhookOldestDueAge } = metrics();
    // NaN, Prometheus's "no value": a 0 would look like a healthy, empty queue.
    webhookQueueDepth.set(Number.NaN);
    webhookOldestDueAge.set(Number.NaN);
    log.warn({ err: error }, "webhook queue gauges not collected");
  });
  globalForRefresh[KEY] = { startedAt: Date.now(), done };
  return done;
}

/** Tests: the next scrape queries again. */
export function forgetWebhookQueueRefreshForTests(): void {
  globalForRefresh[KEY] = undefined;
}
