import "server-only";
import type { Db } from "@/db/client";
import type { GameScope } from "@/server/lib/scope";
import { closeOrder } from "@/server/orders/close-order";
import { findOrder } from "@/server/orders/find-order";
import type { OrderView } from "@/server/orders/order-view";
import { expireProviderSession } from "./checkout-country";

/**
 * The buyer cancels on Gamecoin's hosted page, in any environment. A provider's checkout already started
 * is closed first, so the tab still open on the provider's page cannot charge a canceled order; a session
 * already paid keeps the order pending for its webhook (409, being confirmed).
 */
export async function cancelOnHostedPage(db: Db, scope: GameScope, orderId: string): Promise<OrderView> {
  const order = await findOrder(db, scope, { orderId });
  await expireProviderSession(db, scope, order);
  return closeOrder(db, scope, { orderId, move: "cancel" });
}
