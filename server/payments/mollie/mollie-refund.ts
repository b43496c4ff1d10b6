import "server-only";
import type { OrderRow } from "@/server/orders/order-view";
import type { ProviderOutcome } from "../payment-provider";
import { isUncertainMollieFailure, mollieErrorMessage, type MollieClient } from "./mollie-client";
import { toMollieAmount } from "./mollie-objects";

/**
 * Refunds an order's whole payment (`POST /v2/payments/{id}/refunds`). Every attempt for one order
 * sends the same Idempotency-Key and the same body, so Mollie answers a retry with the refund it
 * already made. A queued, pending or processing refund counts as made: Mollie has accepted it.
 */
export async function refundWithMollie(client: MollieClient, order: OrderRow, idempotencyKey: string): Promise<ProviderOutcome> {
  if (!order.providerReference) return { ok: false, reason: "The order has no Mollie payment to refund." };
  try {
    const refund = await client.createRefund(
      order.providerReference,
      { amount: toMollieAmount(order.amountCents), description: `Refund ${order.id}`, metadata: { orderId: order.id, gameId: order.gameId, env: order.env } },
      idempotencyKey,
    );
    if (refund.status === "failed" || refund.status === "canceled") return { ok: false, reason: `Mollie's refund ${refund.id} is ${refund.status}.` };
    return { ok: true, reference: refund.id };
  } catch (error) {
    return { ok: false, reason: mollieErrorMessage(error), uncertain: isUncertainMollieFailure(error) };
  }
}
