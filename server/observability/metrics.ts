import "server-only";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's metrics. Next.js bundles its own copy of this module beside the custom server's
 * (server.ts), so everything lives on globalThis: the API pipeline (either copy) and GET /api/metrics
 * read and write the same objects.
 */
/** What the Postgres pool wrapper (db-pool.ts) counts; read on scrape. */
export type PoolStats = { inFlight: number; size: number };

function createMetrics() {
  const metricsRegistry = new Registry();
  const pool: PoolStats = { inFlight: 0, size: 0 };
  const registers = [metricsRegistry];
  collectDefaultMetrics({ register: metricsRegistry });
  return {
    metricsRegistry,
    pool,
    httpRequestDuration: new Histogram({
      name: "gamecoin_http_request_duration_seconds",
      help: "API (/api/v1) request duration from arrival to answer, by operationId and HTTP status.",
      labelNames: ["operation", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    ledgerEntries: new Counter({
      name: "gamecoin_ledger_entries_total",
      help: "Committed ledger entries (money moves), by entry type.",
      labelNames: ["type"] as const,
      registers,
    }),
    orderTransitions: new Counter({
      name: "gamecoin_order_transitions_total",
      help: "Committed order status changes, by previous and new status.",
      labelNames: ["from", "to"] as const,
      registers,
    }),
    webhookDeliveries: new Counter({
      name: "gamecoin_webhook_deliveries_total",
      help: "Webhook delivery attempts by outcome: delivered, failed (a retry is scheduled), gave_up (abandoned).",
      labelNames: ["outcome"] as const,
      registers,
    }),
    webhookQueueDepth: new Gauge({
      name: "gamecoin_webhook_queue_depth",
      help: "Pending webhook deliveries of active endpoints (due now or scheduled for a retry).",
      registers,
    }),
    webhookOldestDueAge: new Gauge({
      name: "gamecoin_webhook_oldest_due_age_seconds",
      help: "How long the oldest due delivery of an active endpoint has been waiting (0 when none is due).",
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: "gamecoin_rate_limit_refusals_total",
      help: "Requests or attempts refused by a rate limit, by limit name.",
      labelNames: ["limit"] as const,
      registers,
    }),
    dbPoolConnections: new Gauge({
      name: "gamecoin_db_pool_connections",
      help: "Postgres pool: in_use = connections busy with queries or transactions, waiting = work beyond the pool size.",
      labelNames: ["state"] as const,
      registers,
      collect() {
        // No pool yet (PGlite, or before the first query): no series rather than made-up zeros.
        if (pool.size === 0) return;
        this.set({ state: "in_use" }, Math.min(pool.inFlight, pool.size));
        this.set({ state: "waiting" }, Math.max(0, pool.inFlight - pool.size));
      },
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const KEY = Symbol.for("gamecoin.observability.metrics");
const globalForMetrics = globalThis as unknown as { [KEY]?: Metrics };

export function metrics(): Metrics {
  globalForMetrics[KEY] ??= createMetrics();
  return globalForMetrics[KEY];
}

export const metricsRegistry: Registry = metrics().metricsRegistry;
