import "server-only";
import type { Db } from "@/db/client";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { orderEventId } from "@/server/webhooks/record-event";
import { pricingForCountry } from "./choose-country";
import { deliverOrderContents } from "./deliver-order";
import { moveOrder, type OrderEvent } from "./move-order";
import { isPastExpiry } from "./order-expiry";
import type { OrderView } from "./order-view";

export type PayOrderOptions = {
  country?: string;
  /**
   * The provider's payment (Stripe: the PaymentIntent id). The provider took the money while its
   * checkout was open, so a word that arrives after the order's expiry still fulfills it.
   */
  providerReference?: string;
};

export type OrderToPay = { orderId: string } & PayOrderOptions;

/**
 * The payment succeeded: in one transaction the order becomes fulfilled, coins and items are
 * delivered, and the events `order.fulfilled` then `wallet.credited` are recorded. Any failure
 * rolls all of it back, events included.
 */
export async function payOrder(db: Db, scope: GameScope, { orderId, ...options }: OrderToPay): Promise<OrderView> {
  return moveOrder(db, scope, {
    orderId,
    move: "pay",
    effect: async (tx, order, now) => {
      if (options.providerReference === undefined && isPastExpiry(order)) throw new AppError("CONFLICT", "This order has expired.", { status: "expired" });
      const pricing = options.country ? pricingForCountry(order, options.country, now) : {};
      const { credits, deliveredItems } = await deliverOrderContents(tx, scope, order);
      return {
        set: {
          ...pricing,
          deliveredItems,
          paidAt: now,
          fulfilledAt: now,
          ...(options.providerReference === undefined ? {} : { providerReference: options.providerReference }),
        },
        events: (view) => {
          const events: OrderEvent[] = [{ id: orderEventId.fulfilled(order.id), type: "order.fulfilled", data: view }];
          if (credits.length > 0) {
            events.push({ id: orderEventId.credited(order.id), type: "wallet.credited", data: { playerId: order.playerId, orderId: order.id, credits } });
          }
          return events;
        },
      };
    },
  });
}
