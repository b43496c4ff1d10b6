import "server-only";
import type { Server } from "node:http";
import { closeDb, getDb } from "@/server/db/connection";
import { stopScheduler } from "@/server/jobs/scheduler";
import { closeRateLimitStore } from "@/server/lib/rate-limit";
import { closeMailTransports } from "@/server/email/send-mail";
import { heldLeaseCount, releaseHeldLeases } from "@/server/webhooks/held-leases";
import { startDraining } from "./lifecycle";
import type { RequestTracker } from "./request-tracker";

/** CONTRACT: requests in flight get 10 s to finish; then their connections are cut. */
export const GRACE_MS = 10_000;
/** How often idle keep-alive connections are closed while draining (a request that just finished leaves one). */
const IDLE_SWEEP_MS = 50;

export type ShutdownLog = { info: (message: string) => void; error: (message: string, error?: unknown) => void };

export type ShutdownOptions = {
  server: Server;
  tracker: RequestTracker;
  log: ShutdownLog;
  graceMs?: number;
  /** Next.js's own teardown (file watchers in development). */
  closeApp?: () => Promise<void>;
  exit?: (code: number) => void;
};

const sleep = (ms: number) => new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), ms).unref());

async function step(log: ShutdownLog, name: string, work: () => Promise<void>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (error) {
    log.error(`${name} failed`, error);
    return false;
  }
}

/**
 * Drains and stops the process: readiness says 503 at once, no new connection is accepted, requests in
 * flight finish (up to graceMs, then their connections are cut), the scheduler stops claiming and this
 * process's webhook leases are handed back, then the Redis and database connections close and the
 * process exits 0 (1 when a step failed). A second signal while draining changes nothing.
 */
export function gracefulShutdown(options: ShutdownOptions): (signal: string) => Promise<void> {
  const { server, tracker, log } = options;
  const graceMs = options.graceMs ?? GRACE_MS;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let started = false;

  return async (signal: string) => {
    if (started) {
      log.info(`${signal} received again; still draining`);
      return;
    }
    started = true;
    const startedAt = Date.now();
    const elapsed = () => `${Date.now() - startedAt} ms`;
    startDraining();
    log.info(`${signal} received: /api/ready answers 503, no new connections, ${tracker.size} request(s) in flight`);

    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    tracker.closeConnectionsAfterAnswers();
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const schedulerStopped = stopScheduler();

    const deadline = sleep(graceMs);
    // The listener's close completes when the last connection has closed: requests in flight and
    // requests still arriving on connections already open are answered (Connection: close) first.
    const drained = await Promise.race([closed.then(() => "done" as const), deadline]);
    clearInterval(sweep);
    if (drained === "timeout") {
      log.error(`${tracker.size} request(s) still open after ${graceMs} ms: closing their connections`);
      server.closeAllConnections();
      await closed;
    }
    log.info(`requests finished, HTTP server closed (${elapsed()})`);

    const jobs = await Promise.race([schedulerStopped.then(() => "done" as const), deadline]);
    log.info(jobs === "done" ? `scheduler stopped (${elapsed()})` : `scheduler runs cut short after ${graceMs} ms`);

    let ok = true;
    if (heldLeaseCount() > 0) {
      ok = (await step(log, "releasing webhook leases", async () => {
        const released = await releaseHeldLeases(await getDb());
        log.info(`${released} webhook delivery lease(s) released`);
      })) && ok;
    }
    if (options.closeApp) ok = (await step(log, "closing Next.js", options.closeApp)) && ok;
    ok = (await step(log, "closing mail connections", async () => closeMailTransports())) && ok;
    ok = (await step(log, "closing Redis", closeRateLimitStore)) && ok;
    ok = (await step(log, "closing the database", closeDb)) && ok;
    log.info(`done in ${elapsed()}; exit ${ok ? 0 : 1}`);
    exit(ok ? 0 : 1);
  };
}
