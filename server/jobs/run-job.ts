import "server-only";
import type { Db } from "@/db/client";
import type { WorkerOptions } from "@/server/webhooks/deliver";
import { cleanup } from "./cleanup";
import { deliverWebhooks } from "./deliver-webhooks";
import { expirePendingOrders } from "./expire-orders";
import { sendDueMails } from "@/server/email/mail-sender";
import { reconcilePayments } from "@/server/payments/reconcile";
import { reconcileStores } from "@/server/stores/reconcile-stores";
import { childLogger } from "@/server/observability/logger";

const log = childLogger({ module: "jobs" });

/** The scheduler's jobs. The cron route and the in-process timer both run them here. */
export const jobNames = ["webhooks", "mail", "expire-orders", "payments", "cleanup"] as const;
export type JobName = (typeof jobNames)[number];
export type JobRequest = JobName | "all";

export type JobCounts = Record<string, number>;
export type JobResult = { job: JobRequest; counts: JobCounts | Record<JobName, JobCounts> };

export type JobOptions = { webhooks?: WorkerOptions };

export function isJobRequest(name: string): name is JobRequest {
  return name === "all" || (jobNames as readonly string[]).includes(name);
}

/** One job with its start and finish (or failure) logged: name, duration and the job's counts. */
async function runOne(db: Db, name: JobName, options: JobOptions): Promise<JobCounts> {
  const startedAt = performance.now();
  const durationMs = () => Math.round((performance.now() - startedAt) * 10) / 10;
  // The webhooks job runs every 5 s per instance: a start, and a finish that did nothing, are debug
  // lines; a finish that moved something (or failed) is at info (error).
  log.debug({ job: name }, "job started");
  try {
    const counts = await runJobBody(db, name, options);
    const idle = Object.values(counts).every((count) => count === 0);
    log[idle ? "debug" : "info"]({ job: name, durationMs: durationMs(), counts }, "job finished");
    return counts;
  } catch (error) {
    log.error({ job: name, durationMs: durationMs(), err: error }, "job failed");
    throw error;
  }
}

async function runJobBody(db: Db, name: JobName, options: JobOptions): Promise<JobCounts> {
  switch (name) {
    case "webhooks":
      return deliverWebhooks(db, options.webhooks);
    case "mail":
      return sendDueMails(db);
    case "expire-orders":
      return { expired: await expirePendingOrders(db) };
    case "payments":
      return { ...(await reconcilePayments(db)), ...(await reconcileStores(db)) };
    case "cleanup":
      return cleanup(db);
  }
}

/** Runs one job, or all of them one after the other, and answers with their counts. */
export async function runJob(db: Db, name: JobRequest, options: JobOptions = {}): Promise<JobResult> {
  if (name !== "all") return { job: name, counts: await runOne(db, name, options) };
  // One after the other, expiry first; each is independent of the others. Payments before webhooks, so
  // the events of orders it settles go out in the same run.
  const expireOrders = await runOne(db, "expire-orders", options);
  const payments = await runOne(db, "payments", options);
  const webhooks = await runOne(db, "webhooks", options);
  const mail = await runOne(db, "mail", options);
  const cleaned = await runOne(db, "cleanup", options);
  return { job: "all", counts: { "expire-orders": expireOrders, payments, webhooks, mail, cleanup: cleaned } };
}
