import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import { attemptsOf, findDelivery } from "./find-delivery";
import { toDeliveryView, type DeliveryView } from "./views";

/**
 * Sends a delivery again by hand, same event id and same body: it becomes pending and due now. Its
 * attempt count goes on (the log keeps every attempt), so a failed resend of an abandoned delivery is
 * abandoned again rather than starting six more retries. A lease held by a worker is left alone.
 */
export async function resendDelivery(db: Db, scope: GameScope, deliveryId: string): Promise<DeliveryView> {
  const { delivery, eventType, endpointActive } = await findDelivery(db, scope, deliveryId);
  const now = clock.now();
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: "pending", nextAttemptAt: now, succeededAt: null, updatedAt: now })
    .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.gameId, scope.gameId), eq(webhookDeliveries.env, scope.env)))
    .returning();
  const updated = row ?? delivery;
  const attempts = await attemptsOf(db, [updated.id]);
  return toDeliveryView(updated, { eventType, attempts: attempts.get(updated.id) ?? [], endpointActive });
}
