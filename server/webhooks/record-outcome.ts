import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { newId } from "@/server/lib/ids";
import { metrics } from "@/server/observability/metrics";
import type { ClaimedDelivery } from "./claim-deliveries";
import { notifyEndpointDisabled, type DisabledEndpoint } from "./notify-disabled";
import { nextRetryAt } from "./retry-schedule";
import type { SendOutcome } from "./send-webhook";

/** SPEC: 50 consecutive failures disable an endpoint until it is enabled again. */
export const DISABLE_AFTER_FAILURES = 50;

/** One send and what it was sent as: the unit the worker records. */
export type Attempted = { claimed: ClaimedDelivery; outcome: SendOutcome; startedAt: Date };

export type RecordedStatus = "succeeded" | "retrying" | "abandoned" | "lease-lost" | "gone";

/**
 * Writes one attempt's outcome: the attempt row, the delivery's new state (done, next retry or
 * abandoned) and the endpoint's failure streak, in one transaction. When this failure disables the
 * endpoint, mails to its developers, admins and owners are queued in that transaction.
 */
export async function recordOutcome(db: Db, { claimed, outcome, startedAt }: Attempted): Promise<RecordedStatus> {
  const now = clock.now();
  const attempt = claimed.attempts + 1;
  const retryAt = outcome.ok ? null : nextRetryAt(attempt, now);
  const status = outcome.ok ? "succeeded" : retryAt ? "pending" : "abandoned";
  const recorded = await db.transaction(async (tx): Promise<RecordedStatus> => {
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
    const disabled = await countFailure(tx, claimed.endpointId, now);
    // Only by the one failure that crossed the threshold, in its transaction: one mail per disable.
    if (disabled) await notifyEndpointDisabled(tx, disabled);
    return retryAt ? "retrying" : "abandoned";
  });
  countAttempt(recorded, outcome.ok);
  return recorded;
}

/**
 * Records a batch of attempts: the successes together in one transaction (a handful of statements
 * for the whole batch instead of several per delivery), each failure on its own through recordOutcome
 * (its streak count and the auto-disable need the endpoint's row lock, one failure at a time). Results
 * come back in the order of `attempted`; a failure to record one does not stop the others.
 */
export async function recordOutcomes(db: Db, attempted: Attempted[]): Promise<PromiseSettledResult<RecordedStatus>[]> {
  const successes = attempted.filter((item) => item.outcome.ok);
  const [batch, ...failures] = await Promise.allSettled([
    recordSuccesses(db, successes),
    ...attempted.filter((item) => !item.outcome.ok).map((item) => recordOutcome(db, item)),
  ]);
  const byItem = new Map<Attempted, PromiseSettledResult<RecordedStatus>>();
  successes.forEach((item, index) => {
    if (!batch) return;
    byItem.set(item, batch.status === "fulfilled" ? { status: "fulfilled", value: batch.value[index] ?? "gone" } : batch);
  });
  let failureIndex = 0;
  return attempted.map((item) => {
    const own = byItem.get(item);
    if (own) return own;
    const result = failures[failureIndex];
    failureIndex += 1;
    return result ?? { status: "rejected", reason: new Error("no result recorded") };
  });
}

/**
 * Successful attempts, as recordOutcome would write each of them: in one transaction, the deliveries
 * whose lease is still ours are done; every attempt (but those of deleted deliveries) is logged; the
 * endpoints' failure streaks end.
 */
async function recordSuccesses(db: Db, successes: Attempted[]): Promise<RecordedStatus[]> {
  if (successes.length === 0) return [];
  const now = clock.now();
  const values = JSON.stringify(
    successes.map(({ claimed, outcome, startedAt }) => ({
      id: claimed.id,
      lease: claimed.leaseUntil.toISOString(),
      attempt: claimed.attempts + 1,
      started_at: startedAt.toISOString(),
      status_code: outcome.statusCode,
      excerpt: outcome.responseExcerpt,
    })),
  );
  const recorded = await db.transaction(async (tx): Promise<RecordedStatus[]> => {
    const owned = await tx
      .update(webhookDeliveries)
      .set({
        status: "succeeded",
        attempts: sql`v.attempt`,
        nextAttemptAt: null,
        lockedUntil: null,
        lastAttemptAt: sql`v.started_at`,
        lastStatusCode: sql`v.status_code`,
        lastError: null,
        responseExcerpt: sql`v.excerpt`,
        succeededAt: now,
        updatedAt: now,
      })
      .from(
        sql`jsonb_to_recordset(${values}::jsonb) as v(id text, lease timestamptz, attempt integer, started_at timestamptz, status_code integer, excerpt text)`,
      )
      // CONCURRENCY: only the holder of the lease moves the delivery on (as in recordOutcome).
      .where(and(eq(webhookDeliveries.id, sql`v.id`), eq(webhookDeliveries.lockedUntil, sql`v.lease`)))
      .returning({ id: webhookDeliveries.id });
    const ownedIds = new Set(owned.map((row) => row.id));
    const notOwned = successes.filter(({ claimed }) => !ownedIds.has(claimed.id)).map(({ claimed }) => claimed.id);
    const existing =
      notOwned.length === 0
        ? new Set<string>()
        : new Set((await tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(inArray(webhookDeliveries.id, notOwned))).map((row) => row.id));
    const statuses = successes.map(({ claimed }): RecordedStatus => (ownedIds.has(claimed.id) ? "succeeded" : existing.has(claimed.id) ? "lease-lost" : "gone"));
    const logged = successes.filter((_, index) => statuses[index] !== "gone");
    if (logged.length > 0) {
      await tx.insert(webhookAttempts).values(
        logged.map(({ claimed, outcome, startedAt }) => ({
          id: newId(),
          deliveryId: claimed.id,
          attempt: claimed.attempts + 1,
          startedAt,
          durationMs: outcome.durationMs,
          statusCode: outcome.statusCode,
          error: outcome.error,
          responseExcerpt: outcome.responseExcerpt,
        })),
      );
    }
    const endpointIds = [...new Set(successes.filter((_, index) => statuses[index] === "succeeded").map(({ claimed }) => claimed.endpointId))];
    if (endpointIds.length > 0) {
      // Any success ends the streak; skipped when there is none, so a busy endpoint's row is not rewritten per batch.
      await tx
        .update(webhookEndpoints)
        .set({ consecutiveFailures: 0, updatedAt: now })
        .where(and(inArray(webhookEndpoints.id, endpointIds), sql`${webhookEndpoints.consecutiveFailures} <> 0`));
    }
    return statuses;
  });
  for (const status of recorded) countAttempt(status, true);
  return recorded;
}

/** gamecoin_webhook_deliveries_total, after the commit; an attempt whose delivery was deleted meanwhile is not counted. */
function countAttempt(recorded: RecordedStatus, ok: boolean): void {
  if (recorded === "gone") return;
  const outcome = recorded === "abandoned" ? "gave_up" : ok ? "delivered" : "failed";
  metrics().webhookDeliveries.inc({ outcome });
}

/**
 * Adds a failure to the endpoint's streak; the one that reaches the threshold on an active endpoint
 * disables it, records why and since when, and is returned (to mail about it once).
 */
async function countFailure(tx: Db, endpointId: string, now: Date): Promise<DisabledEndpoint | null> {
  // CONCURRENCY: the row lock orders parallel failures, so every failure counts and exactly one of
  // them sees the endpoint go from active to disabled.
  const [current] = await tx
    .select({ active: webhookEndpoints.active, failures: webhookEndpoints.consecutiveFailures })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId))
    .for("update");
  if (!current) return null;
  const streak = current.failures + 1;
  const disabling = current.active && streak >= DISABLE_AFTER_FAILURES;
  const [row] = await tx
    .update(webhookEndpoints)
    .set({
      consecutiveFailures: streak,
      ...(disabling ? { active: false, disabledReason: "failures" as const, disabledAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  if (!disabling || !row) return null;
  return { id: row.id, gameId: row.gameId, env: row.env, url: row.url, failures: streak, disabledAt: now };
}
