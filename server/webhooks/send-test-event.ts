import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { findEndpoint } from "./find-endpoint";
import { recordEvent, testEventId } from "./record-event";

export type TestEventSent = { eventId: string; deliveryId: string };

/**
 * Records a `webhook.test` event for one endpoint (whatever types it subscribes to); the worker sends
 * it like any other, same envelope and signature. An inactive endpoint receives nothing, so it is refused.
 */
export async function sendTestEvent(db: Db, scope: GameScope, endpointId: string): Promise<TestEventSent> {
  return db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, scope, { endpointId, forUpdate: true });
    if (!endpoint.active) throw new AppError("CONFLICT", "This endpoint is inactive; enable it to send a test event.");
    const id = testEventId();
    await recordEvent(tx, scope, {
      id,
      type: "webhook.test",
      onlyEndpointId: endpoint.id,
      data: { endpointId: endpoint.id, message: "A test event sent from the Gamecoin dashboard." },
    });
    const [delivery] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.eventId, id), eq(webhookDeliveries.endpointId, endpoint.id)));
    if (!delivery) throw new AppError("INTERNAL_ERROR", "The test delivery was not created.");
    return { eventId: id, deliveryId: delivery.id };
  });
}
