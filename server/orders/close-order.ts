import "server-only";
import type { Db } from "@/db/client";
import type { GameScope } from "@/server/lib/scope";
import { moveOrder } from "./move-order";
import type { OrderView } from "./order-view";

export type CloseOrderOptions = { orderId: string; move: "decline" | "cancel" | "expire" };

/**
 * A pending order that will never be paid: declined by the provider, canceled by the buyer, or
 * expired. Its held unit of stock is released by the status change itself (stock counts holding states).
 */
export async function closeOrder(db: Db, scope: GameScope, { orderId, move }: CloseOrderOptions): Promise<OrderView> {
  return moveOrder(db, scope, { orderId, move, effect: async (_tx, _order, now) => ({ set: { closedAt: now } }) });
}
