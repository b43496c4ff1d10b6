import "server-only";
import type { Db } from "@/db/client";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { findOrder } from "@/server/orders/find-order";
import type { OrderView } from "@/server/orders/order-view";
import { payOrder } from "@/server/orders/pay-order";
import { sendReceipt } from "./send-receipt";
import { afterCommitOf, type AfterCommit } from "./simulate-outcome";

/**
 * A free pack needs no provider in any environment: the buyer confirms it on the hosted page. A paid
 * order is refused here (402) so this path can never deliver something that costs money.
 */
export async function confirmFreeOrder(db: Db, scope: GameScope, orderId: string, options: { country?: string; afterCommit?: AfterCommit } = {}): Promise<OrderView> {
  const order = await findOrder(db, scope, orderId);
  if (order.amountCents !== 0) throw new AppError("PAYMENT_FAILED", "Only a free order can be confirmed without a payment.");
  const view = await payOrder(db, scope, orderId, options.country === undefined ? {} : { country: options.country });
  await afterCommitOf(options, db)((outside) => sendReceipt(outside, scope, orderId));
  return view;
}
