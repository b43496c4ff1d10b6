import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { newId } from "@/server/lib/ids";
import type { ClaimedDelivery } from "./claim-deliveries";
import { nextRetryAt } from "./retry-schedule";
import type { SendOutcome } from "./send-webhook";

/** SPEC: 50 consecutive failures disable an endpoint until it is enabled again. */
export const DISABLE_AFTER_FAILURES = 50;

export type RecordedStatus = "succeeded" | "retrying" | "abandoned" | "lease-lost" | "gone";

/**
 * Writes one attempt's outcome: the attempt row, the delivery's new state (done, next retry or
 * abandoned) and the endpoint's failure streak, in one transaction.
 */
export async function recordOutcome(db: Db, claimed: ClaimedDelivery, outcome: SendOutcome, startedAt: Date): Promise<RecordedStatus> {
  const now = clock.now();
  const attempt = claimed.attempts + 1;
  const retryAt = outcome.ok ? null : nextRetryAt(attempt, now);
  const status = outcome.ok ? "succeeded" : retryAt ? "pending" : "abandoned";
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(webhookDeliveries)
      .set({
        status,
        attempts: attempt,
        nextAttemptAt: retryAt,
        lockedUntil: null,
        lastAttemptAt: startedAt,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
        responseExcerpt: outcome.responseExcerpt,
        succeededAt: outcome.ok ? now : null,
        updatedAt: now,
      })
      // CONCURRENCY: only the holder of the lease moves the delivery on; a worker whose lease ran out
      // (and whose row another worker re-claimed) only adds its attempt to the log.
      .where(and(eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.lockedUntil, claimed.leaseUntil)))
      .returning({ id: webhookDeliveries.id });
    const owned = updated.length > 0;
    if (!owned) {
      const exists = await tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.id, claimed.id));
      if (exists.length === 0) return "gone"; // the endpoint was deleted meanwhile
    }
    await tx.insert(webhookAttempts).values({
      id: newId(),
      deliveryId: claimed.id,
      attempt,
      startedAt,
      durationMs: outcome.durationMs,
      statusCode: outcome.statusCode,
      error: outcome.error,
      responseExcerpt: outcome.responseExcerpt,
    });
    if (!owned) return "lease-lost";
    const failures = webhookEndpoints.consecutiveFailures;
    if (outcome.ok) {
      // Any success ends the streak; skipped when there is none, so a busy endpoint's row is not rewritten per call.
      await tx
        .update(webhookEndpoints)
        .set({ consecutiveFailures: 0, updatedAt: now })
        .where(and(eq(webhookEndpoints.id, claimed.endpointId), sql`${failures} <> 0`));
      return "succeeded";
    }
    await tx
      .update(webhookEndpoints)
      .set({
        // CONCURRENCY: incremented in SQL, so parallel failures all count.
        consecutiveFailures: sql`${failures} + 1`,
        active: sql`case when ${failures} + 1 >= ${DISABLE_AFTER_FAILURES} then false else ${webhookEndpoints.active} end`,
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, claimed.endpointId));
    return retryAt ? "retrying" : "abandoned";
  });
}
