import "server-only";
import { and, asc, eq, inArray, isNotNull, lte } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { findOrder } from "@/server/orders/find-order";
import { toOrderView, type OrderView } from "@/server/orders/order-view";
import { recordRefund, refundIdempotencyKey, withdrawRefundRequest } from "@/server/orders/refund-order";
import { providerOfOrder, stripeOfEnvironment } from "./order-provider";
import { deferredProviderEvents, settleProviderEvent } from "./provider-events";
import { isCheckoutProvider } from "./payment-provider";
import { retryDeferredProviderEvent } from "./record-provider-event";
import { reconcileMollieReversals } from "./mollie/mollie-reversals";
import { reconcileReversals } from "./reconcile-reversals";
import { settleCheckout } from "./settle-checkout";
import { OWN_REFUND_GRACE_MS, stripeEventTarget } from "./stripe-events";
import { childLogger } from "@/server/observability/logger";

const log = childLogger({ module: "payments" });

/** A webhook normally arrives within seconds; an order is looked at by reconciliation only after this. */
export const RECONCILE_AFTER_MS = 60_000;
/** Stripe stops retrying an event after three days; a deferred one still unresolved then is given up. */
export const DEFERRED_GIVE_UP_MS = 3 * 24 * 3_600_000;

export type ReconcileCounts = {
  sessionsChecked: number;
  settled: number;
  deferredRetried: number;
  refundsConfirmed: number;
  refundsWithdrawn: number;
  /** Disputes and refunds made at Stripe whose webhook was missed, found by reading them back (reconcile-reversals.ts). */
  disputesRecovered: number;
  refundsRecovered: number;
  /** Mollie payments whose chargeback or refund was missed, read back (mollie/mollie-reversals.ts). */
  mollieReversalsRecovered: number;
};

/**
 * The `payments` job: what Stripe knows that we may have missed. Pending orders whose checkout may
 * have completed are settled by reading their session; deferred events are tried again; refunds asked
 * of Stripe but never recorded are asked again with the same key and recorded; disputes and refunds made
 * at Stripe are read back, so a lost push never leaves coins with a buyer who got their money back. Rows are claimed with
 * SKIP LOCKED and a lease (the order's updatedAt moved to now, so another instance skips them for a
 * minute); every Stripe call happens after that claim's transaction has committed.
 */
export async function reconcilePayments(db: Db, batchSize = 50): Promise<ReconcileCounts> {
  const counts: ReconcileCounts = { sessionsChecked: 0, settled: 0, deferredRetried: 0, refundsConfirmed: 0, refundsWithdrawn: 0, disputesRecovered: 0, refundsRecovered: 0, mollieReversalsRecovered: 0 };
  for (const order of await claimOrders(db, "pending", batchSize)) {
    counts.sessionsChecked += 1;
    await isolated(`order ${order.id}`, async () => {
      const view = await settleFromProviderSession(db, { gameId: order.gameId, env: order.env }, order.id);
      if (view.status !== "pending") counts.settled += 1;
    });
  }
  counts.deferredRetried = await retryDeferredEvents(db, batchSize);
  for (const order of await claimOrders(db, "fulfilled", batchSize)) {
    await isolated(`refund of order ${order.id}`, async () => {
      const outcome = await confirmRefundInFlight(db, { gameId: order.gameId, env: order.env }, order.id);
      if (outcome === "refunded") counts.refundsConfirmed += 1;
      if (outcome === "withdrawn") counts.refundsWithdrawn += 1;
    });
  }
  const reversals = await reconcileReversals(db, batchSize);
  counts.disputesRecovered = reversals.disputesApplied;
  counts.refundsRecovered = reversals.refundsApplied;
  counts.mollieReversalsRecovered = (await reconcileMollieReversals(db, batchSize)).paymentsSettled;
  return counts;
}

/** One order's or event's trouble (keys that no longer open, a malformed payload) must not stop the others. */
async function isolated(what: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    log.error({ what, err: error }, "reconciliation failed");
  }
}

/**
 * Orders waiting on their provider (Stripe, Mollie): pending with a checkout session, or fulfilled with a refund asked.
 * Each is leased by moving its updatedAt to now: an order changed (or looked at) in the last minute
 * is left alone, which also leaves a fresh webhook or refund request the time to finish on its own.
 */
async function claimOrders(db: Db, status: "pending" | "fulfilled", limit: number): Promise<{ id: string; gameId: string; env: "test" | "live" }[]> {
  const now = clock.now();
  const before = new Date(now.getTime() - RECONCILE_AFTER_MS);
  return db.transaction(async (tx) => {
    const waiting = status === "pending" ? isNotNull(orders.providerSessionId) : isNotNull(orders.refundRequestedAt);
    const rows = await tx
      .select({ id: orders.id, gameId: orders.gameId, env: orders.env })
      .from(orders)
      .where(and(eq(orders.status, status), inArray(orders.provider, ["stripe", "mollie"]), waiting, lte(orders.updatedAt, before)))
      .orderBy(asc(orders.updatedAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (rows.length === 0) return [];
    await tx.update(orders).set({ updatedAt: now }).where(
      inArray(
        orders.id,
        rows.map((r) => r.id),
      ),
    );
    return rows;
  });
}

/**
 * Settles a pending order from its provider's checkout, for reconciliation and for the confirmation
 * page when the buyer is back before the webhook: the provider that took the order reads its checkout
 * back and moves the order through the webhook's path, recorded once (stripe-settle.ts,
 * mollie/mollie-settle.ts). Any provider failure leaves the order as it is.
 */
export async function settleFromProviderSession(db: Db, scope: GameScope, orderId: string): Promise<OrderView> {
  const order = await findOrder(db, scope, { orderId });
  if (order.status !== "pending" || !order.providerSessionId) return toOrderView(order);
  const provider = await providerOfOrder(db, scope, order);
  if (!isCheckoutProvider(provider) || provider.name !== order.provider) return toOrderView(order);
  await settleCheckout(db, scope, { provider, order });
  return toOrderView(await findOrder(db, scope, { orderId }));
}

/** Deferred events, tried again in the order they arrived; one the provider never completes is given up after three days. */
async function retryDeferredEvents(db: Db, limit: number): Promise<number> {
  let retried = 0;
  for (const row of await deferredProviderEvents(db, "stripe", limit)) {
    const scope: GameScope = { gameId: row.gameId, env: row.env };
    if (clock.nowMs() - row.receivedAt.getTime() > DEFERRED_GIVE_UP_MS) {
      await settleProviderEvent(db, scope, { event: row, verdict: { status: "ignored", detail: `Given up after three days deferred: ${row.detail ?? ""}`, orderId: row.orderId } });
      continue;
    }
    await isolated(`event ${row.eventId}`, async () => {
      const event = row.payload as Stripe.Event;
      const target = await stripeEventTarget(db, scope, { event, stripe: await stripeOfEnvironment(db, scope) });
      const verdict = await retryDeferredProviderEvent(db, scope, { event: { provider: row.provider, eventId: row.eventId, type: row.type, payload: row.payload }, target });
      if (verdict && verdict.status !== "deferred") retried += 1;
    });
  }
  return retried;
}

/**
 * A refund asked of the provider whose outcome we never recorded: asked again with the same key (Stripe
 * answers with the refund it made, or makes it now), then recorded, or withdrawn when refused.
 */
export async function confirmRefundInFlight(db: Db, scope: GameScope, orderId: string): Promise<"refunded" | "withdrawn" | "unchanged"> {
  const order = await findOrder(db, scope, { orderId });
  if (order.status !== "fulfilled" || !order.refundRequestedAt) return "unchanged";
  if (clock.nowMs() - order.refundRequestedAt.getTime() < OWN_REFUND_GRACE_MS) return "unchanged";
  const provider = await providerOfOrder(db, scope, order);
  if (!provider) return "unchanged";
  const outcome = await provider.refund(order, refundIdempotencyKey(order.id));
  if (!outcome.ok) {
    if (outcome.uncertain) return "unchanged";
    await withdrawRefundRequest(db, order.id);
    return "withdrawn";
  }
  try {
    await recordRefund(db, scope, { orderId: order.id, input: {} });
    return "refunded";
  } catch (error) {
    // Recorded meanwhile (the request, or Stripe's charge.refunded).
    if (error instanceof AppError && error.code === "CONFLICT") return "unchanged";
    throw error;
  }
}
