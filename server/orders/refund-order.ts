import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import { getGame } from "@/server/games/game-settings";
import { providerOfOrder } from "@/server/payments/order-provider";
import { orderEventId } from "@/server/webhooks/record-event";
import { findOrder } from "./find-order";
import { moveOrder } from "./move-order";
import { nextStatus } from "./order-transitions";
import type { OrderRow, OrderView } from "./order-view";
import { isStoreSale } from "./store-sale-view";
import { takeBackOrderContents } from "./take-back-order";

export const RefundOrderRequest = z.strictObject({
  reason: z.string().trim().min(1, "Must not be empty").max(500, "Must be at most 500 characters").optional(),
});
export type RefundOrderRequest = z.infer<typeof RefundOrderRequest>;

/** The same key on every attempt to refund one order: the provider pays back once, however often we ask. */
export function refundIdempotencyKey(orderId: string): string {
  return `gamecoin-refund-${orderId}`;
}

export type RefundOrderOptions = { orderId: string; input: RefundOrderRequest };

/**
 * Refunds a fulfilled order: the provider gives the money back first (outside any transaction), then
 * one transaction marks it refunded, takes back coins and items and records `order.refunded`.
 * The two steps are exported so the dashboard can wrap the second in its audit transaction while the
 * provider's network call stays outside any transaction; every caller runs both, in this order.
 */
export async function refundOrder(db: Db, scope: GameScope, { orderId, input }: RefundOrderOptions): Promise<OrderView> {
  await refundAtProvider(db, scope, { orderId, input });
  return recordRefund(db, scope, { orderId, input });
}

export type RefundAtProviderOptions = { orderId: string; input?: RefundOrderRequest };

/**
 * Step 1: the provider refunds. The request is written on the order first (`refundRequestedAt`, in its
 * own short transaction) so a refund the provider made but we never heard back about is finished by
 * reconciliation. Refused → the request is withdrawn and 402. No answer → 402 too, the order is still
 * fulfilled, and the request stays: a retry, or the payments job, asks again with the same key.
 */
export async function refundAtProvider(db: Db, scope: GameScope, { orderId, input = {} }: RefundAtProviderOptions): Promise<void> {
  const before = await findOrder(db, scope, { orderId });
  nextStatus(before.status, "refund");
  assertNotStoreSale(before);
  if (before.amountCents === 0) return;
  const provider = await providerOfOrder(db, scope, before);
  if (!provider) throw new AppError("PAYMENT_FAILED", "No payment provider is configured to refund this order.");
  const requested = await requestRefund(db, before, input.reason ?? null);
  const outcome = await provider.refund(requested, refundIdempotencyKey(before.id));
  if (outcome.ok) return;
  if (outcome.uncertain) {
    throw new AppError("PAYMENT_FAILED", "The payment provider did not answer; the order is unchanged and trying the refund again is safe.", {
      retryable: true,
    });
  }
  await withdrawRefundRequest(db, before.id);
  throw new AppError("PAYMENT_FAILED", `The payment provider refused the refund: ${outcome.reason}`);
}

/** The App Store or Google Play sold it and is the merchant: only the store refunds, and its notice claws back. */
function assertNotStoreSale(order: OrderRow): void {
  if (!isStoreSale(order)) return;
  const store = order.provider === "app_store" ? "the App Store" : "Google Play";
  throw new AppError("CONFLICT", `This order was sold by ${store}, the merchant of record: refund it there; the coins and items come back on their own when ${store} reports the refund.`, {
    provider: order.provider,
  });
}

/** Marks the refund as asked of the provider (kept when already set: the first ask's time counts). */
async function requestRefund(db: Db, order: OrderRow, reason: string | null): Promise<OrderRow> {
  const now = clock.now();
  const rows = await db
    .update(orders)
    .set({ refundRequestedAt: order.refundRequestedAt ?? now, refundReason: reason ?? order.refundReason, updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, "fulfilled")))
    .returning();
  const row = rows[0];
  // CONCURRENCY: refunded (or charged back) since we read it.
  if (!row) throw new AppError("CONFLICT", "This order cannot be refunded any more.");
  return row;
}

/** The provider refused: the order is as it was before the request. */
export async function withdrawRefundRequest(db: Db, orderId: string): Promise<void> {
  await db
    .update(orders)
    .set({ refundRequestedAt: null, refundReason: null, updatedAt: clock.now() })
    .where(and(eq(orders.id, orderId), eq(orders.status, "fulfilled")));
}

/**
 * Step 2, in one transaction (the caller's, if any): the order is refunded and its contents taken back.
 * Also the provider's own word (a refund made in its dashboard) and reconciliation end here; the
 * reason is the request's, when it had one.
 */
export async function recordRefund(db: Db, scope: GameScope, { orderId, input }: RefundOrderOptions): Promise<OrderView> {
  const { settings } = await getGame(db, scope.gameId);
  // CONCURRENCY: a second refund racing this one finds the order refunded under the lock and gets 409.
  return moveOrder(db, scope, {
    orderId,
    move: "refund",
    effect: async (tx, order, now) => {
      const reason = input.reason ?? order.refundReason ?? null;
      await takeBackOrderContents(tx, scope, { policy: settings.negativeBalance, order, entryType: "refund_clawback", reason });
      return {
        set: { refundedAt: now, refundReason: reason, refundRequestedAt: null },
        events: (view) => [{ id: orderEventId.refunded(order.id), type: "order.refunded", data: view }],
      };
    },
  });
}
