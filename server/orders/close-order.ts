import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import { findOrder } from "./find-order";
import { nextStatus } from "./order-transitions";
import { toOrderView, type OrderView } from "./order-view";
import { single } from "./pay-order";

/**
 * A pending order that will never be paid: declined by the provider, canceled by the buyer, or
 * expired. Its held unit of stock is released by the status change itself (stock counts holding states).
 */
export async function closeOrder(db: Db, scope: GameScope, orderId: string, move: "decline" | "cancel" | "expire"): Promise<OrderView> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, scope, orderId, { forUpdate: true });
    const status = nextStatus(order.status, move);
    const now = clock.now();
    const updated = await tx.update(orders).set({ status, closedAt: now, updatedAt: now }).where(eq(orders.id, order.id)).returning();
    return toOrderView(single(updated));
  });
}
