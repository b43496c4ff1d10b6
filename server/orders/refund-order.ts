import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import { getGame } from "@/server/games/game-settings";
import { paymentProviderFor } from "@/server/payments/provider-for";
import { orderEventId, recordEvent } from "@/server/webhooks/record-event";
import { findOrder } from "./find-order";
import { nextStatus } from "./order-transitions";
import { toOrderView, type OrderView } from "./order-view";
import { single } from "./pay-order";
import { takeBackOrderContents } from "./take-back-order";

export const RefundOrderRequest = z.strictObject({
  reason: z.string().trim().min(1, "Must not be empty").max(500, "Must be at most 500 characters").optional(),
});
export type RefundOrderRequest = z.infer<typeof RefundOrderRequest>;

/**
 * Refunds a fulfilled order: the provider gives the money back first (outside any transaction), then
 * one transaction marks it refunded, takes back coins and items and records `order.refunded`.
 * The two steps are exported so the dashboard can wrap the second in its audit transaction while the
 * provider's network call stays outside any transaction; every caller runs both, in this order.
 */
export async function refundOrder(db: Db, scope: GameScope, orderId: string, input: RefundOrderRequest): Promise<OrderView> {
  await refundAtProvider(db, scope, orderId);
  return recordRefund(db, scope, orderId, input);
}

/** Step 1: the provider refunds (idempotent by `refund:<orderId>`, so a retry pays back once). */
export async function refundAtProvider(db: Db, scope: GameScope, orderId: string): Promise<void> {
  const before = await findOrder(db, scope, orderId);
  nextStatus(before.status, "refund");
  const provider = await paymentProviderFor(db, scope);
  if (before.amountCents > 0) {
    if (!provider) throw new AppError("PAYMENT_FAILED", "No payment provider is configured to refund this order.");
    const outcome = await provider.refund(before, `refund:${before.id}`);
    if (!outcome.ok) throw new AppError("PAYMENT_FAILED", `The payment provider refused the refund: ${outcome.reason}`);
  }
}

/** Step 2, in one transaction (the caller's, if any): the order is refunded and its contents taken back. */
export async function recordRefund(db: Db, scope: GameScope, orderId: string, input: RefundOrderRequest): Promise<OrderView> {
  const { settings } = await getGame(db, scope.gameId);
  return db.transaction(async (tx) => {
    // CONCURRENCY: a second refund racing this one finds the order refunded here and gets 409.
    const order = await findOrder(tx, scope, orderId, { forUpdate: true });
    const status = nextStatus(order.status, "refund");
    const now = clock.now();
    const reason = input.reason ?? null;
    await takeBackOrderContents(tx, scope, settings.negativeBalance, order, "refund_clawback", reason);
    const updated = await tx
      .update(orders)
      .set({ status, refundedAt: now, refundReason: reason, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    const view = toOrderView(single(updated));
    await recordEvent(tx, scope, { id: orderEventId.refunded(order.id), type: "order.refunded", orderId: order.id, data: view });
    return view;
  });
}
