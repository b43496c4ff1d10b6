import "server-only";
import type { Db } from "@/db/client";
import { clock } from "@/server/lib/clock";
import { childLogger } from "@/server/observability/logger";
import { claimDueDeliveries, type ClaimedDelivery } from "./claim-deliveries";
import { serializeEnvelope } from "./envelope";
import { recordOutcome, type RecordedStatus } from "./record-outcome";
import { sendWebhook, type SendOutcome } from "./send-webhook";
import { signatureHeader } from "./sign";
import { openSigningSecret } from "./signing-secret-store";
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
  /** Batches per run, so one run (a cron call) has a bounded length. */
  maxBatches?: number;
  timeoutMs?: number;
  leaseMs?: number;
  /** Host name resolution for the SSRF guard (tests map names to chosen addresses). */
  resolve?: Resolve;
};
export type ResolvedWorkerOptions = Required<Omit<WorkerOptions, "resolve">> & { resolve?: Resolve };

export function workerOptions(options: WorkerOptions = {}): ResolvedWorkerOptions {
  return {
    batchSize: options.batchSize ?? 25,
    maxBatches: options.maxBatches ?? 20,
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
  const signingSecret = openSigningSecret(claimed.endpointId, claimed.storedSecret);
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

async function deliverOne(db: Db, claimed: ClaimedDelivery, transport: Transport, options: ResolvedWorkerOptions): Promise<RecordedStatus | "skipped"> {
  // CONCURRENCY: a send must end before the lease does, or a second worker could send it at the same time.
  if (clock.nowMs() + options.timeoutMs >= claimed.leaseUntil.getTime()) return "skipped";
  const startedAt = clock.now();
  const outcome = await sendClaimed(claimed, transport, options);
  const recorded = await recordOutcome(db, claimed, outcome, startedAt);
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
  return recorded;
}

/**
 * The delivery job: claims due deliveries in batches, sends each outside any transaction, records the
 * outcome. Safe on any number of instances at once (SKIP LOCKED claim + lease). Errors of one
 * delivery are logged and counted; the run goes on.
 */
export async function deliverDue(db: Db, options: WorkerOptions = {}): Promise<DeliveryCounts> {
  const resolved = workerOptions(options);
  const counts: DeliveryCounts = { claimed: 0, succeeded: 0, retrying: 0, abandoned: 0, skipped: 0, errors: 0 };
  const transport = new Transport(resolved);
  try {
    for (let batch = 0; batch < resolved.maxBatches; batch += 1) {
      const claimed = await claimDueDeliveries(db, { limit: resolved.batchSize, leaseMs: resolved.leaseMs });
      if (claimed.length === 0) break;
      counts.claimed += claimed.length;
      const results = await Promise.allSettled(claimed.map((delivery) => deliverOne(db, delivery, transport, resolved)));
      for (const result of results) {
        if (result.status === "rejected") {
          counts.errors += 1;
          log.error({ err: result.reason }, "webhook delivery failed to record");
        } else if (result.value === "succeeded" || result.value === "retrying" || result.value === "abandoned") {
          counts[result.value] += 1;
        } else {
          counts.skipped += 1;
        }
      }
      if (claimed.length < resolved.batchSize) break;
    }
  } finally {
    await transport.close();
  }
  return counts;
}
