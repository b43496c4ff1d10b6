import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import { chooseOrderCountry } from "@/server/orders/choose-country";
import { findOrder } from "@/server/orders/find-order";
import type { OrderRow, OrderView } from "@/server/orders/order-view";
import { paymentProviderFor } from "./provider-for";
import { isCheckoutProvider } from "./payment-provider";

export { PAYMENT_BEING_CONFIRMED } from "./checkout-conflicts";

export type CheckoutCountryChange = { orderId: string; country: string };

/**
 * The buyer picks another country on the hosted page. The amount is VAT-inclusive and stays, but the
 * VAT and net change, and a Checkout Session already started was made for the old figures: it is
 * closed at the provider first (outside any transaction), so that it can no longer be paid, and the next
 * Pay starts attempt + 1. A session the buyer already paid is never expired: the country stays and
 * the buyer is told the payment is being confirmed (409 with PAYMENT_BEING_CONFIRMED).
 */
export async function changeCheckoutCountry(db: Db, scope: GameScope, { orderId, country }: CheckoutCountryChange): Promise<OrderView> {
  const order = await findOrder(db, scope, { orderId });
  if (order.providerSessionId && order.country !== country) {
    await expireProviderSession(db, scope, order);
    await db
      .update(orders)
      .set({ providerSessionId: null, providerAttempt: order.providerAttempt + 1, updatedAt: clock.now() })
      .where(and(eq(orders.id, order.id), eq(orders.providerSessionId, order.providerSessionId)));
  }
  return chooseOrderCountry(db, scope, { orderId, country });
}

/**
 * The order's checkout can no longer be paid (country change, the buyer canceled on our page).
 * Throws CONFLICT with PAYMENT_BEING_CONFIRMED when the buyer already paid it.
 */
export async function expireProviderSession(db: Db, scope: GameScope, order: Pick<OrderRow, "provider" | "providerSessionId">): Promise<void> {
  if (!order.providerSessionId) return;
  const provider = await paymentProviderFor(db, scope);
  // The studio switched that provider off since: nothing can pay its checkout through Gamecoin any more.
  if (!isCheckoutProvider(provider) || order.provider !== provider.name) return;
  await provider.closeCheckout(order.providerSessionId);
}
