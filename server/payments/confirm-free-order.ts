import "server-only";
import type { Db } from "@/db/client";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { findOrder } from "@/server/orders/find-order";
import type { OrderView } from "@/server/orders/order-view";
import { payOrder } from "@/server/orders/pay-order";
import { queueReceipt } from "./send-receipt";

export type FreeOrderConfirmation = { orderId: string; country?: string };

/**
 * A free pack needs no provider in any environment: the buyer confirms it on the hosted page. A paid
 * order is refused here (402) so this path can never deliver something that costs money.
 */
export async function confirmFreeOrder(db: Db, scope: GameScope, { orderId, ...options }: FreeOrderConfirmation): Promise<OrderView> {
  const order = await findOrder(db, scope, { orderId });
  if (order.amountCents !== 0) throw new AppError("PAYMENT_FAILED", "Only a free order can be confirmed without a payment.");
  return db.transaction(async (tx) => {
    const view = await payOrder(tx, scope, { orderId, ...(options.country === undefined ? {} : { country: options.country }) });
    await queueReceipt(tx, scope, orderId);
    return view;
  });
}
