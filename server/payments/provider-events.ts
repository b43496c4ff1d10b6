import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { paymentEvents, type PaymentEventStatus } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";

export type ProviderEventRow = typeof paymentEvents.$inferSelect;
export type IncomingProviderEvent = { provider: string; eventId: string; type: string; payload: unknown };
export type EventVerdict = { status: PaymentEventStatus; detail: string | null; orderId: string | null };

/**
 * Claims a provider's event id for this endpoint (provider, game, environment): true for the first
 * delivery, false for any later one (also one racing it: the insert waits for the first transaction
 * and then finds the key taken). The same event delivered to another game is that game's to claim.
 */
export async function claimNewProviderEvent(db: Db, scope: GameScope, event: IncomingProviderEvent): Promise<boolean> {
  const inserted = await db
    .insert(paymentEvents)
    .values({
      provider: event.provider,
      eventId: event.eventId,
      gameId: scope.gameId,
      env: scope.env,
      type: event.type,
      status: "deferred",
      payload: event.payload,
      receivedAt: clock.now(),
    })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return inserted.length > 0;
}

/** One endpoint's copy of an event: a provider account shared by several games delivers it to each. */
function sameEvent(scope: GameScope, provider: string, eventId: string) {
  return and(eq(paymentEvents.provider, provider), eq(paymentEvents.gameId, scope.gameId), eq(paymentEvents.env, scope.env), eq(paymentEvents.eventId, eventId));
}

export type ProviderEventKey = { provider: string; eventId: string };

/** Whether this endpoint (game and environment) already received the event. */
export async function providerEventReceived(db: Db, scope: GameScope, { provider, eventId }: ProviderEventKey): Promise<boolean> {
  const rows = await db.select({ eventId: paymentEvents.eventId }).from(paymentEvents).where(sameEvent(scope, provider, eventId)).limit(1);
  return rows.length > 0;
}

/** A deferred event, locked for this transaction; null when processed meanwhile or held by another worker. */
export async function claimDeferredProviderEvent(db: Db, scope: GameScope, { provider, eventId }: ProviderEventKey): Promise<ProviderEventRow | null> {
  const rows = await db
    .select()
    .from(paymentEvents)
    .where(and(sameEvent(scope, provider, eventId), eq(paymentEvents.status, "deferred")))
    .for("update", { skipLocked: true });
  return rows[0] ?? null;
}

export type SettledProviderEvent = { event: { provider: string; eventId: string }; verdict: EventVerdict };

export async function settleProviderEvent(db: Db, scope: GameScope, { event, verdict }: SettledProviderEvent): Promise<void> {
  await db
    .update(paymentEvents)
    .set({ status: verdict.status, detail: verdict.detail, orderId: verdict.orderId, processedAt: verdict.status === "deferred" ? null : clock.now() })
    .where(sameEvent(scope, event.provider, event.eventId));
}

/** The oldest deferred events of a provider, for reconciliation (no lock: each is claimed on its own). */
export async function deferredProviderEvents(db: Db, provider: string, limit: number): Promise<ProviderEventRow[]> {
  return db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.status, "deferred")))
    .orderBy(asc(paymentEvents.receivedAt))
    .limit(limit);
}
