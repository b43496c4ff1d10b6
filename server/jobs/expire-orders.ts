import "server-only";
import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError } from "@/server/lib/errors";
import { closeOrder } from "@/server/orders/close-order";

/**
 * An order with a provider's checkout is left to the `payments` job this long past its expiry: the
 * buyer may have paid at the last second, so that job reads the session first (and expires it at the
 * provider). After it, the order is expired here anyway (the provider's keys may be gone).
 */
export const PROVIDER_CHECKOUT_GRACE_MS = 3_600_000;

/** A run goes on while batches come back full, up to this many, so a backlog clears in one run but never without end. */
export const MAX_BATCHES_PER_RUN = 10;

/**
 * Expires pending orders past their time, releasing their held units. Safe to run on several
 * instances at once: each order is locked and re-checked by closeOrder, and a lost race is skipped.
 */
export async function expirePendingOrders(db: Db, batchSize = 200): Promise<number> {
  let expired = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
    const { found, closed } = await expireBatch(db, batchSize);
    expired += closed;
    if (found < batchSize) break;
  }
  return expired;
}

async function expireBatch(db: Db, batchSize: number): Promise<{ found: number; closed: number }> {
  const now = clock.now();
  const due = await db
    .select({ id: orders.id, gameId: orders.gameId, env: orders.env })
    .from(orders)
    .where(
      and(
        eq(orders.status, "pending"),
        lte(orders.expiresAt, now),
        or(isNull(orders.providerSessionId), lte(orders.expiresAt, new Date(now.getTime() - PROVIDER_CHECKOUT_GRACE_MS))),
      ),
    )
    .orderBy(asc(orders.expiresAt))
    .limit(batchSize);
  let closed = 0;
  for (const order of due) {
    try {
      await closeOrder(db, { gameId: order.gameId, env: order.env }, { orderId: order.id, move: "expire" });
      closed += 1;
    } catch (error) {
      // Paid or canceled meanwhile: nothing to expire.
      if (!(error instanceof AppError && error.code === "CONFLICT")) throw error;
    }
  }
  return { found: due.length, closed };
}
