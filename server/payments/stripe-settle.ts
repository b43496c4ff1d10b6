import "server-only";
import Stripe from "stripe";
import type { Db } from "@/db/client";
import type { GameScope } from "@/server/lib/scope";
import { isPastExpiry } from "@/server/orders/order-expiry";
import type { OrderRow } from "@/server/orders/order-view";
import { recordProviderEvent } from "./record-provider-event";
import { stripeErrorMessage } from "./stripe-errors";
import { sessionTarget } from "./stripe-events";
import { recordStripePaymentCountry } from "./stripe-payment-country";
import { childLogger } from "@/server/observability/logger";

const log = childLogger({ module: "payments" });

/**
 * Settles a pending Stripe order from its Checkout Session: paid → fulfilled (the same path as the
 * webhook, recorded as a `reconcile_…` event so it happens once), expired → expired; an open session
 * past the order's expiry is expired at Stripe first, so it can no longer be paid. Any Stripe failure
 * leaves the order as it is (the webhook or the next run settles it).
 */
export async function settleStripeCheckout(db: Db, scope: GameScope, { stripe, order }: { stripe: Stripe; order: OrderRow }): Promise<void> {
  if (!order.providerSessionId) return;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(order.providerSessionId);
    if (session.status === "open" && isPastExpiry(order)) session = await stripe.checkout.sessions.expire(session.id);
  } catch (error) {
    log.warn({ sessionId: order.providerSessionId, orderId: order.id, reason: stripeErrorMessage(error) }, "checkout session could not be read");
    return;
  }
  const type =
    session.status === "complete" && session.payment_status === "paid"
      ? "checkout.session.completed"
      : session.status === "expired"
        ? "checkout.session.expired"
        : null;
  if (!type) return;
  const recorded = await recordProviderEvent(db, scope, {
    event: { provider: "stripe", eventId: `reconcile_${session.id}_${session.status}`, type, payload: session },
    target: sessionTarget(scope, type, session),
  });
  // VAT evidence: the payment method's issuing country, once the order is paid (stripe-payment-country.ts).
  if (recorded.status === "processed" && type === "checkout.session.completed") await recordStripePaymentCountry(db, scope, { orderId: order.id, stripe });
}
