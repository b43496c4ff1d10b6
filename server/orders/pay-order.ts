import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { orderEventId, recordEvent } from "@/server/webhooks/record-event";
import { pricingForCountry } from "./choose-country";
import { deliverOrderContents } from "./deliver-order";
import { isPastExpiry } from "./order-expiry";
import { findOrder } from "./find-order";
import { nextStatus } from "./order-transitions";
import { toOrderView, type OrderRow, type OrderView } from "./order-view";

/**
 * The payment succeeded: in one transaction the order becomes fulfilled, coins and items are
 * delivered, and the events `order.fulfilled` then `wallet.credited` are recorded. Any failure
 * rolls all of it back, events included.
 */
export async function payOrder(db: Db, scope: GameScope, orderId: string, options: { country?: string } = {}): Promise<OrderView> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, scope, orderId, { forUpdate: true });
    const status = nextStatus(order.status, "pay");
    if (isPastExpiry(order)) throw new AppError("CONFLICT", "This order has expired.", { status: "expired" });
    const now = clock.now();
    const pricing = options.country ? pricingForCountry(order, options.country, now) : {};
    const { credits, deliveredItems } = await deliverOrderContents(tx, scope, order);
    const updated = await tx
      .update(orders)
      .set({
        status,
        ...pricing,
        deliveredItems,
        paidAt: now,
        fulfilledAt: now,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id))
      .returning();
    const fulfilled = single(updated);
    const view = toOrderView(fulfilled);
    await recordEvent(tx, scope, { id: orderEventId.fulfilled(order.id), type: "order.fulfilled", orderId: order.id, data: view });
    if (credits.length > 0) {
      await recordEvent(tx, scope, {
        id: orderEventId.credited(order.id),
        type: "wallet.credited",
        orderId: order.id,
        data: { playerId: order.playerId, orderId: order.id, credits },
      });
    }
    return view;
  });
}

export function single(rows: OrderRow[]): OrderRow {
  const row = rows[0];
  if (!row) throw new AppError("INTERNAL_ERROR", "The order changed under us.");
  return row;
}
