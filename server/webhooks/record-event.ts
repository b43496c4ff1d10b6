import "server-only";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { outboxEvents, webhookDeliveries, webhookEndpoints, type WebhookEventType } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { newId } from "@/server/lib/ids";
import type { GameScope } from "@/server/lib/scope";
import type { EventEnvelope } from "./envelope";

export type { EventEnvelope } from "./envelope";

/**
 * Records an event in the caller's transaction (the outbox), so it exists exactly when the change it
 * describes committed. The envelope is frozen here: every delivery attempt sends the same body.
 * In the same transaction it fans out: one pending delivery, due now, per active endpoint of the
 * event's game and environment that subscribes to its type (or only `onlyEndpointId`, for a test
 * event sent by hand).
 */
export async function recordEvent(
  db: Db,
  scope: GameScope,
  event: { id: string; type: WebhookEventType; orderId?: string; data: unknown; onlyEndpointId?: string },
): Promise<EventEnvelope> {
  const createdAt = clock.now();
  const envelope: EventEnvelope = { id: event.id, type: event.type, createdAt: createdAt.toISOString(), env: scope.env, data: event.data };
  await db.insert(outboxEvents).values({
    id: event.id,
    gameId: scope.gameId,
    env: scope.env,
    type: event.type,
    orderId: event.orderId ?? null,
    payload: envelope,
    createdAt,
  });
  const conditions: SQL[] = [
    // SECURITY: test and live never mix: only endpoints of the event's own environment receive it.
    eq(webhookEndpoints.gameId, scope.gameId),
    eq(webhookEndpoints.env, scope.env),
    eq(webhookEndpoints.active, true),
  ];
  if (event.onlyEndpointId) conditions.push(inArray(webhookEndpoints.id, [event.onlyEndpointId]));
  else conditions.push(sql`${event.type} = any(${webhookEndpoints.events})`);
  const targets = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(and(...conditions));
  if (targets.length > 0) {
    await db.insert(webhookDeliveries).values(
      targets.map((endpoint) => ({
        id: newId(),
        eventId: event.id,
        endpointId: endpoint.id,
        gameId: scope.gameId,
        env: scope.env,
        status: "pending" as const,
        attempts: 0,
        nextAttemptAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      })),
    );
  }
  return envelope;
}

/** Stable ids of order events: the same event always has the same id. */
export const orderEventId = {
  fulfilled: (orderId: string) => `evt_${orderId}_ful`,
  credited: (orderId: string) => `evt_${orderId}_cre`,
  refunded: (orderId: string) => `evt_${orderId}_ref`,
  chargeback: (orderId: string) => `evt_${orderId}_chb`,
};

/** A test event is a one-off: a fresh id, shaped so it cannot be mistaken for an order event. */
export function testEventId(): string {
  return `evt_test_${newId()}`;
}
