import "server-only";
import type { Db } from "@/db/client";
import type { GameScope } from "@/server/lib/scope";
import { serializeEnvelope } from "./envelope";
import { attemptsOf, findDelivery } from "./find-delivery";
import { toDeliveryView, type DeliveryView } from "./views";

/** One delivery with its attempts and the exact body that is sent. */
export async function getDelivery(db: Db, scope: GameScope, deliveryId: string): Promise<DeliveryView & { body: string }> {
  const { delivery, eventType, payload, endpointActive } = await findDelivery(db, scope, deliveryId);
  const attempts = await attemptsOf(db, [delivery.id]);
  return { ...toDeliveryView(delivery, { eventType, attempts: attempts.get(delivery.id) ?? [], endpointActive }), body: serializeEnvelope(payload) };
}
