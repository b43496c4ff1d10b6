import "server-only";
import Stripe from "stripe";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { chooseOrderCountry } from "@/server/orders/choose-country";
import { findOrder } from "@/server/orders/find-order";
import type { OrderView } from "@/server/orders/order-view";
import { paymentProviderFor } from "./provider-for";
import { isStripeProvider } from "./stripe-provider";
import { childLogger } from "@/server/observability/logger";

const log = childLogger({ module: "payments" });

export const PAYMENT_BEING_CONFIRMED = "PAYMENT_BEING_CONFIRMED";

/**
 * The buyer picks another country on the hosted page. The amount is VAT-inclusive and stays, but the
 * VAT and net change, and a Checkout Session already started was made for the old figures: it is
 * expired at Stripe first (outside any transaction), so that it can no longer be paid, and the next
 * Pay starts attempt + 1. A session the buyer already paid is never expired: the country stays and
 * the buyer is told the payment is being confirmed (409 with PAYMENT_BEING_CONFIRMED).
 */
export async function changeCheckoutCountry(db: Db, scope: GameScope, orderId: string, country: string): Promise<OrderView> {
  const order = await findOrder(db, scope, orderId);
  if (order.providerSessionId && order.country !== country) {
    await expireProviderSession(db, scope, order.providerSessionId);
    await db
      .update(orders)
      .set({ providerSessionId: null, providerAttempt: order.providerAttempt + 1, updatedAt: clock.now() })
      .where(and(eq(orders.id, order.id), eq(orders.providerSessionId, order.providerSessionId)));
  }
  return chooseOrderCountry(db, scope, orderId, country);
}

/**
 * The order's Checkout Session can no longer be paid (country change, the buyer canceled on our page).
 * Throws CONFLICT with PAYMENT_BEING_CONFIRMED when the buyer already paid it.
 */
export async function expireProviderSession(db: Db, scope: GameScope, sessionId: string): Promise<void> {
  const provider = await paymentProviderFor(db, scope);
  // The studio switched Stripe off since: nothing can pay that session through Gamecoin any more.
  if (!isStripeProvider(provider)) return;
  const stripe = provider.stripe.client;
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

function beingConfirmed(): AppError {
  return new AppError("CONFLICT", "This order's payment is being confirmed; its country can no longer change.", { reason: PAYMENT_BEING_CONFIRMED });
}
