import "server-only";
import Stripe from "stripe";
import type { Db } from "@/db/client";
import type { GameScope } from "@/server/lib/scope";
import { isPastExpiry } from "@/server/orders/order-expiry";
import type { OrderRow } from "@/server/orders/order-view";
import { beingConfirmed } from "./checkout-conflicts";
import { recordProviderEvent } from "./record-provider-event";
import { stripeErrorMessage } from "./stripe-errors";
import { sessionTarget } from "./stripe-events";
import { childLogger } from "@/server/observability/logger";
import { AppError } from "@/server/lib/errors";

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
  await recordProviderEvent(
    db,
    scope,
    { provider: "stripe", eventId: `reconcile_${session.id}_${session.status}`, type, payload: session },
    sessionTarget(scope, type, session),
  );
}

/**
 * Expires a Checkout Session so it can no longer be paid (country change, the buyer canceled on our
 * page). Throws CONFLICT with PAYMENT_BEING_CONFIRMED when the buyer already paid it.
 */
export async function expireStripeSession(stripe: Stripe, sessionId: string): Promise<void> {
  try {
    await stripe.checkout.sessions.expire(sessionId);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    // Only an open session can be expired: look at what it became.
    const session = await stripe.checkout.sessions.retrieve(sessionId).catch(() => null);
    if (session?.status === "expired") return;
    if (session?.status === "complete") throw beingConfirmed();
    log.error({ type: error.type, reason: error.message, stripeRequestId: error.requestId ?? null }, "expiring a Stripe checkout session failed");
    throw new AppError("PAYMENT_FAILED", "The country cannot be changed right now; try again.");
  }
}
