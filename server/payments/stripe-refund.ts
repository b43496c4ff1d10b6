import "server-only";
import type Stripe from "stripe";
import type { OrderRow } from "@/server/orders/order-view";
import type { ProviderOutcome } from "./payment-provider";
import { isUncertainStripeFailure, stripeErrorMessage } from "./stripe-errors";

/**
 * Refunds an order's whole payment. Every attempt for one order sends the same Idempotency-Key and the
 * same parameters, so Stripe answers a retry (or reconciliation's replay) with the refund it already
 * made instead of paying back twice. A `pending` refund counts as made: Stripe has accepted it.
 */
export async function refundWithStripe(client: Stripe, order: OrderRow, idempotencyKey: string): Promise<ProviderOutcome> {
  if (!order.providerReference) return { ok: false, reason: "The order has no Stripe payment to refund." };
  try {
    const refund = await client.refunds.create(
      { payment_intent: order.providerReference, metadata: { orderId: order.id, gameId: order.gameId, env: order.env } },
      { idempotencyKey },
    );
    if (refund.status === "failed" || refund.status === "canceled") return { ok: false, reason: `Stripe's refund ${refund.id} is ${refund.status}.` };
    return { ok: true, reference: refund.id };
  } catch (error) {
    return { ok: false, reason: stripeErrorMessage(error), uncertain: isUncertainStripeFailure(error) };
  }
}
