import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { outboxEvents, webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { notFound } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { WebhookId } from "./schemas";
import type { AttemptRow, DeliveryRow } from "./views";

/** The delivery of this game and environment with its event's type and payload, or NOT_FOUND. */
export async function findDelivery(
  db: Db,
  scope: GameScope,
  deliveryId: string,
): Promise<{ delivery: DeliveryRow; eventType: string; payload: unknown; endpointActive: boolean }> {
  if (!WebhookId.safeParse(deliveryId).success) throw notFound("Webhook delivery");
  const rows = await db
    .select({ delivery: webhookDeliveries, eventType: outboxEvents.type, payload: outboxEvents.payload, endpointActive: webhookEndpoints.active })
    .from(webhookDeliveries)
    .innerJoin(outboxEvents, eq(outboxEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.gameId, scope.gameId), eq(webhookDeliveries.env, scope.env)));
  const row = rows[0];
  if (!row) throw notFound("Webhook delivery");
  return row;
}

/** Attempts of several deliveries in one query, grouped by delivery id. */
export async function attemptsOf(db: Db, deliveryIds: string[]): Promise<Map<string, AttemptRow[]>> {
  const grouped = new Map<string, AttemptRow[]>();
  if (deliveryIds.length === 0) return grouped;
  const rows = await db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(asc(webhookAttempts.attempt), asc(webhookAttempts.id));
  for (const row of rows) {
    const list = grouped.get(row.deliveryId) ?? [];
    list.push(row);
    grouped.set(row.deliveryId, list);
  }
  return grouped;
}
