import "server-only";
import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { outboxEvents, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { decodeCursor, encodeCursor } from "@/server/lib/cursor";
import type { GameScope } from "@/server/lib/scope";
import { attemptsOf } from "./find-delivery";
import { parseInput } from "./parse-input";
import { ListDeliveriesQuery } from "./schemas";
import { toDeliveryView, type DeliveryView } from "./views";

export type DeliveryPage = { deliveries: DeliveryView[]; nextCursor: string | null };

/** The delivery log of the environment, newest first, each delivery with its attempts. */
export async function listDeliveries(db: Db, scope: GameScope, input: ListDeliveriesQuery = {}): Promise<DeliveryPage> {
  const query = parseInput(ListDeliveriesQuery, input);
  const conditions: SQL[] = [eq(webhookDeliveries.gameId, scope.gameId), eq(webhookDeliveries.env, scope.env)];
  if (query.endpointId) conditions.push(eq(webhookDeliveries.endpointId, query.endpointId));
  if (query.status) conditions.push(eq(webhookDeliveries.status, query.status));
  if (query.eventId) conditions.push(eq(webhookDeliveries.eventId, query.eventId));
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  if (after) conditions.push(lt(webhookDeliveries.id, after));
  const rows = await db
    .select({ delivery: webhookDeliveries, eventType: outboxEvents.type, endpointActive: webhookEndpoints.active })
    .from(webhookDeliveries)
    .innerJoin(outboxEvents, eq(outboxEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(...conditions))
    .orderBy(desc(webhookDeliveries.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const attempts = await attemptsOf(db, page.map((row) => row.delivery.id));
  const last = page[page.length - 1];
  return {
    deliveries: page.map((row) => toDeliveryView(row.delivery, { eventType: row.eventType, attempts: attempts.get(row.delivery.id) ?? [], endpointActive: row.endpointActive })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.delivery.id) : null,
  };
}
