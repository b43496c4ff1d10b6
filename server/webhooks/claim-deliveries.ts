import "server-only";
import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { outboxEvents, webhookDeliveries, webhookEndpoints, type Environment } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { claimsStopped, holdLeases } from "./held-leases";

/** A claimed delivery with what its send needs. `leaseUntil` proves ownership when the outcome is recorded. */
export type ClaimedDelivery = {
  id: string;
  eventId: string;
  eventType: string;
  endpointId: string;
  env: Environment;
  url: string;
  /** As the column holds it (sealed); opened only to sign. */
  storedSecret: string;
  payload: unknown;
  attempts: number;
  leaseUntil: Date;
};

/**
 * Claims up to `limit` due deliveries of active endpoints in one statement (one round trip, its own
 * short transaction): the due rows are locked with SKIP LOCKED (another worker takes other rows
 * instead of waiting), leased until now + `leaseMs`, and committed before anything is sent.
 */
export async function claimDueDeliveries(db: Db, options: { limit: number; leaseMs: number }): Promise<ClaimedDelivery[]> {
  if (claimsStopped()) return [];
  const now = clock.now();
  const leaseUntil = new Date(now.getTime() + options.leaseMs);
  const due = db.$with("due").as(
    db
      .select({
        dueId: webhookDeliveries.id,
        eventType: outboxEvents.type,
        url: webhookEndpoints.url,
        storedSecret: webhookEndpoints.signingSecret,
        payload: outboxEvents.payload,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .innerJoin(outboxEvents, eq(outboxEvents.id, webhookDeliveries.eventId))
      .where(
        and(
          eq(webhookDeliveries.status, "pending"),
          lte(webhookDeliveries.nextAttemptAt, now),
          // CONCURRENCY: a leased row is another worker's until its lease runs out (then it was lost in a crash).
          or(isNull(webhookDeliveries.lockedUntil), lte(webhookDeliveries.lockedUntil, now)),
          // An inactive endpoint receives nothing; its pending deliveries wait until it is enabled again.
          eq(webhookEndpoints.active, true),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
      .limit(options.limit)
      // CONCURRENCY: two workers never claim the same row; the loser skips it instead of waiting.
      .for("update", { of: webhookDeliveries, skipLocked: true }),
  );
  const rows = await db
    .with(due)
    .update(webhookDeliveries)
    .set({ lockedUntil: leaseUntil, updatedAt: now })
    .from(due)
    .where(eq(webhookDeliveries.id, due.dueId))
    .returning({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      eventType: due.eventType,
      endpointId: webhookDeliveries.endpointId,
      env: webhookDeliveries.env,
      url: due.url,
      storedSecret: due.storedSecret,
      payload: due.payload,
      attempts: webhookDeliveries.attempts,
    });
  const claimed = rows.map((row) => ({ ...row, leaseUntil }));
  holdLeases(claimed.map((row) => row.id), leaseUntil, now);
  return claimed;
}
