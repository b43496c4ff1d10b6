import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError, validationError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { findOrder } from "@/server/orders/find-order";
import { isPastExpiry } from "@/server/orders/order-expiry";
import { nextStatus } from "@/server/orders/order-transitions";
import type { OrderRow } from "@/server/orders/order-view";
import type { CheckoutProvider, ProviderCheckout, StartCheckoutInput } from "./payment-provider";

export const CONSENT_REQUIRED = "CONSENT_REQUIRED";

export type { ProviderCheckout, StartCheckoutInput };

/**
 * Pay on the hosted page with a real provider (Stripe, Mollie), once the buyer's consent is recorded
 * (payOnHostedPage): the provider creates (or finds again) the order's checkout and the buyer is sent
 * there. Database steps are short transactions; the provider's calls run between them, never inside one
 * nor under a row lock.
 */
export async function startProviderCheckout(db: Db, scope: GameScope, { orderId, provider, input }: { orderId: string; provider: CheckoutProvider; input: StartCheckoutInput }): Promise<ProviderCheckout> {
  // EU digital content (Directive 2011/83/EU, art. 16(m)): no payment without the express consent.
  if (!input.consent) throw validationError({ consent: [CONSENT_REQUIRED] });
  const order = await prepareAttempt(db, scope, { orderId, provider });
  return provider.startCheckout(db, scope, { order, input, nextAttempt: () => nextAttempt(db, scope, { order, provider }) });
}

/**
 * The order's expiry set to the one its checkout will have (the provider's checkoutExpiry), before the
 * provider is called: the checkout's parameters are then read from the stored order alone.
 */
async function prepareAttempt(db: Db, scope: GameScope, { orderId, provider }: { orderId: string; provider: CheckoutProvider }): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, scope, { orderId, forUpdate: true });
    nextStatus(order.status, "pay");
    if (isPastExpiry(order)) throw new AppError("CONFLICT", "This order has expired.", { status: "expired" });
    const now = clock.now();
    const expiresAt = order.providerSessionId ? order.expiresAt : provider.checkoutExpiry(order.expiresAt, now);
    const updated = await tx
      .update(orders)
      .set({ expiresAt, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    return updated[0] ?? order;
  });
}

/** The current checkout is gone: forget it and move to the next attempt (a new Idempotency-Key). */
async function nextAttempt(db: Db, scope: GameScope, { order, provider }: { order: OrderRow; provider: CheckoutProvider }): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const current = await findOrder(tx, scope, { orderId: order.id, forUpdate: true });
    const updated = await tx
      .update(orders)
      .set({ providerSessionId: null, providerAttempt: current.providerAttempt + 1, expiresAt: provider.checkoutExpiry(current.expiresAt, now), updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    return updated[0] ?? current;
  });
}
