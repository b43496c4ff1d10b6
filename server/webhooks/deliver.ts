import "server-only";
import type { Db } from "@/db/client";
import { clock } from "@/server/lib/clock";
import { childLogger } from "@/server/observability/logger";
import { claimDueDeliveries, type ClaimedDelivery } from "./claim-deliveries";
import { forgetLeases } from "./held-leases";
import { serializeEnvelope } from "./envelope";
import { recordOutcomes, type Attempted, type RecordedStatus } from "./record-outcome";
import { sendWebhook, type SendOutcome } from "./send-webhook";
import { signatureHeader } from "./sign";
import type { Resolve } from "./ssrf";
import { Transport } from "./transport";

/** SPEC: a receiver has 10 seconds to answer. */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** A claim is held this long; far above the timeout, so a live worker always finishes inside it. */
export const LEASE_MS = 60_000;
export const USER_AGENT = "Gamecoin-Webhooks/1.0";

const log = childLogger({ module: "webhooks" });

export type WorkerOptions = {
  /** Deliveries claimed per batch; all of a batch are sent in parallel. */
  batchSize?: number;
  /** Claim, send and record loops running side by side: at most lanes × batchSize sends in flight. */
  lanes?: number;
  /** Batches per run (over all lanes), so one run (a cron call) has a bounded length. */
  maxBatches?: number;
  timeoutMs?: number;
  leaseMs?: number;
  /** Host name resolution for the SSRF guard (tests map names to chosen addresses). */
  resolve?: Resolve;
};
export type ResolvedWorkerOptions = Required<Omit<WorkerOptions, "resolve">> & { resolve?: Resolve };

/**
 * Defaults measured with scripts/bench/webhooks.ts (docs/webhooks.md): 2 lanes of 32 keep the receiver,
 * the database and this process busy at once; more only adds queueing on a 2-core machine.
 */
export function workerOptions(options: WorkerOptions = {}): ResolvedWorkerOptions {
  return {
    batchSize: options.batchSize ?? 32,
    lanes: options.lanes ?? 2,
    maxBatches: options.maxBatches ?? 60,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    leaseMs: options.leaseMs ?? LEASE_MS,
    resolve: options.resolve,
  };
}

export type DeliveryCounts = { claimed: number; succeeded: number; retrying: number; abandoned: number; skipped: number; errors: number };

/** The attempt's error when the endpoint's secret opens with no configured AUTH_SECRET. */
export const SECRET_UNREADABLE = "signing secret cannot be opened (AUTH_SECRET changed without AUTH_SECRET_PREVIOUS?)";

/** Sends one claimed delivery: the frozen body, signed now with the endpoint's current secret. */
export async function sendClaimed(claimed: ClaimedDelivery, transport: Transport, options: ResolvedWorkerOptions): Promise<SendOutcome> {
  const signingSecret = transport.signingSecret(claimed.endpointId, claimed.storedSecret);
  // Nothing goes out unsigned: the attempt fails and is retried, so restoring the old secret in
  // AUTH_SECRET_PREVIOUS (or rotating the endpoint's secret) lets the delivery through.
  if (signingSecret === null) return { ok: false, statusCode: null, error: SECRET_UNREADABLE, responseExcerpt: null, durationMs: 0 };
  const body = serializeEnvelope(claimed.payload);
  const timestamp = Math.floor(clock.nowMs() / 1000);
  return sendWebhook({
    url: claimed.url,
    env: claimed.env,
    body,
    timeoutMs: options.timeoutMs,
    dispatcher: transport.agent(claimed.env),
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Service-Signature": signatureHeader(signingSecret, body, timestamp),
      "Service-Event-Id": claimed.eventId,
      "Service-Event-Type": claimed.eventType,
      "User-Agent": USER_AGENT,
    },
  });
}

/** Sends one claimed delivery unless its lease is too short to finish inside it. */
async function attempt(claimed: ClaimedDelivery, transport: Transport, options: ResolvedWorkerOptions): Promise<Attempted | null> {
  // CONCURRENCY: a send must end before the lease does, or a second worker could send it at the same time.
  if (clock.nowMs() + options.timeoutMs >= claimed.leaseUntil.getTime()) return null;
  const startedAt = clock.now();
  return { claimed, outcome: await sendClaimed(claimed, transport, options), startedAt };
}

function logAttempt({ claimed, outcome }: Attempted, recorded: RecordedStatus): void {
  // Ids, outcome and status only: never the signing secret, the body or the receiver's answer.
  log.info(
    {
      deliveryId: claimed.id,
      eventId: claimed.eventId,
      endpointId: claimed.endpointId,
      attempt: claimed.attempts + 1,
      outcome: recorded,
      statusCode: outcome.statusCode,
      durationMs: outcome.durationMs,
    },
    "webhook delivery",
  );
}

/** How a worker run sends: its transport and options, and the counts it adds to. */
type WorkerRun = { transport: Transport; options: ResolvedWorkerOptions; counts: DeliveryCounts };

/** One batch: every delivery sent in parallel, then all outcomes recorded together. */
async function deliverBatch(db: Db, claimed: ClaimedDelivery[], { transport, options, counts }: WorkerRun): Promise<void> {
  let sent: (Attempted | null)[];
  let results: PromiseSettledResult<RecordedStatus>[];
  try {
    sent = await Promise.all(claimed.map((delivery) => attempt(delivery, transport, options)));
    results = await recordOutcomes(db, sent.filter((item): item is Attempted => item !== null));
  } finally {
    forgetLeases(claimed.map((delivery) => delivery.id));
  }
  const attempted = sent.filter((item): item is Attempted => item !== null);
  counts.skipped += sent.length - attempted.length;
  results.forEach((result, index) => {
    const item = attempted[index];
    if (result.status === "rejected" || !item) {
      // Not recorded: the lease runs out and the delivery is sent again (at least once).
      counts.errors += 1;
      log.error({ err: result.status === "rejected" ? result.reason : null, deliveryId: item?.claimed.id }, "webhook delivery failed to record");
      return;
    }
    logAttempt(item, result.value);
    if (result.value === "succeeded" || result.value === "retrying" || result.value === "abandoned") counts[result.value] += 1;
    else counts.skipped += 1;
  });
}

/**
 * The delivery job: claims due deliveries in batches, sends each outside any transaction, records the
 * outcomes. `lanes` loops run side by side, so one batch is sent while another is claimed or
 * recorded; the run ends when the queue is empty or after `maxBatches`. Safe on any number of
 * instances at once (SKIP LOCKED claim + lease). Errors of one delivery are logged and counted; the
 * run goes on.
 */
export async function deliverDue(db: Db, options: WorkerOptions = {}): Promise<DeliveryCounts> {
  const resolved = workerOptions(options);
  const counts: DeliveryCounts = { claimed: 0, succeeded: 0, retrying: 0, abandoned: 0, skipped: 0, errors: 0 };
  const transport = new Transport(resolved);
  let batches = 0;
  let drained = false;
  const lane = async () => {
    while (!drained && batches < resolved.maxBatches) {
      batches += 1;
      const claimed = await claimDueDeliveries(db, { limit: resolved.batchSize, leaseMs: resolved.leaseMs });
      if (claimed.length < resolved.batchSize) drained = true;
      if (claimed.length === 0) break;
      counts.claimed += claimed.length;
      await deliverBatch(db, claimed, { transport, options: resolved, counts });
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, resolved.lanes) }, lane));
  } finally {
    await transport.close();
  }
  return counts;
}
