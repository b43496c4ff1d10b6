import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError } from "@/server/lib/errors";
import { closeOrder } from "@/server/orders/close-order";

/**
 * Expires pending orders past their time, releasing their held units. Safe to run on several
 * instances at once: each order is locked and re-checked by closeOrder, and a lost race is skipped.
 */
export async function expirePendingOrders(db: Db, batchSize = 200): Promise<number> {
  const due = await db
    .select({ id: orders.id, gameId: orders.gameId, env: orders.env })
    .from(orders)
    .where(and(eq(orders.status, "pending"), lte(orders.expiresAt, clock.now())))
    .orderBy(asc(orders.expiresAt))
    .limit(batchSize);
  let expired = 0;
  for (const order of due) {
    try {
      await closeOrder(db, { gameId: order.gameId, env: order.env }, order.id, "expire");
      expired += 1;
    } catch (error) {
      // Paid or canceled meanwhile: nothing to expire.
      if (!(error instanceof AppError && error.code === "CONFLICT")) throw error;
    }
  }
  return expired;
}
