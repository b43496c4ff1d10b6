import "server-only";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";
import { findEndpoint } from "./find-endpoint";

/**
 * Deletes an endpoint with its delivery log, which frees its place among the game's five. (To keep the
 * log, disable it with updateEndpoint instead.) A send in flight finds its delivery gone and drops it.
 */
export async function deleteEndpoint(db: Db, scope: GameScope, endpointId: string): Promise<{ id: string; deleted: true }> {
  return db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, scope, { endpointId, forUpdate: true });
    const deliveries = tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    await tx.delete(webhookAttempts).where(inArray(webhookAttempts.deliveryId, deliveries));
    await tx.delete(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    return { id: endpoint.id, deleted: true as const };
  });
}
