import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { games } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { reconcilePayments } from "@/server/payments/reconcile";
import { useDatabase } from "../harness";
import { apiError } from "../domain-helpers";
import { assertLedgerInvariants, balanceOf, ledgerOfOrder, orderRow, refund, type ErrorBody } from "../order-helpers";
import { addStaff, auditRowsOf, callerFor, failureOf } from "../dashboard/studio-staff";
import type { Refund, StripeServer } from "../support/stripe-server";
import { paidCheckout, paymentEventsOf, startStripe, stripeGame, type StripeGame, type StripeSetup } from "./helpers";

useDatabase();

let setup: StripeSetup;
let mock: StripeServer;
let sg: StripeGame;
beforeAll(async () => {
  setup = await startStripe();
  mock = setup.mock;
  // Stripe's own charge.refunded for our API refunds reaches the route over HTTP.
  sg = await stripeGame(mock, { deliver: true });
});
afterAll(async () => {
  await setup.restore();
});
afterEach(async () => {
  clock.reset();
  mock.clearRefundFailures();
  await assertLedgerInvariants(sg.game);
});

const refundsOf = (paymentIntent: string) => mock.state.all<Refund>("refund").filter((r) => r.payment_intent === paymentIntent);
const refundCalls = (orderId: string) => mock.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds" && r.idempotencyKey === `gamecoin-refund-${orderId}`);
const coins = (ref: string) => balanceOf(sg.game.secretKey, ref, "coins");
const clawbacks = async (orderId: string) => (await ledgerOfOrder(orderId)).filter((e) => e.type === "refund_clawback").length;

/** Stripe's charge.refunded for our own refund, delivered to the route while or after we record it. */
async function settleOwnRefundEvent(orderId: string): Promise<void> {
  await expect.poll(async () => (await paymentEventsOf(orderId)).filter((e) => e.type === "charge.refunded").length).toBe(1);
  clock.freeze(new Date(Date.now() + 10 * 60_000));
  await reconcilePayments(await getDb(), 1000);
  clock.reset();
  const [event] = (await paymentEventsOf(orderId)).filter((e) => e.type === "charge.refunded");
  expect(event).toMatchObject({ status: "ignored", detail: "The order is already refunded." });
}

describe("POST /orders/{id}/refund of a Stripe order", () => {
  it("refunds at Stripe with the order's Idempotency-Key and metadata, then takes back; Stripe's charge.refunded does not refund twice", async () => {
    const paid = await paidCheckout(mock, sg);
    const response = await refund(sg.game.secretKey, paid.orderId, { reason: "customer asked" });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe("refunded");
    expect(refundCalls(paid.orderId)).toHaveLength(1);
    expect(refundsOf(paid.paymentIntent)).toEqual([
      expect.objectContaining({ amount: 499, status: "succeeded", metadata: { orderId: paid.orderId, gameId: sg.gameId, env: "test" } }),
    ]);
    expect(await orderRow(paid.orderId)).toMatchObject({ status: "refunded", refundReason: "customer asked", refundRequestedAt: null });
    expect(await coins(paid.ref)).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    await settleOwnRefundEvent(paid.orderId);
    expect(await clawbacks(paid.orderId)).toBe(1);
  });

  it("Stripe refuses: 402 PAYMENT_FAILED, the order unchanged (no refund in flight), nothing taken back", async () => {
    const paid = await paidCheckout(mock, sg);
    mock.failRefundsFor(paid.paymentIntent, "refused");
    const response = await refund<ErrorBody>(sg.game.secretKey, paid.orderId, { reason: "try" });
    expect(response.status).toBe(402);
    expect(response.body).toEqual(apiError("PAYMENT_FAILED"));
    expect(response.body.error.message).toMatch(/^The payment provider refused the refund: /);
    expect(await orderRow(paid.orderId)).toMatchObject({ status: "fulfilled", refundRequestedAt: null, refundReason: null, refundedAt: null });
    expect(await coins(paid.ref)).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
    expect(refundsOf(paid.paymentIntent)).toEqual([]);
    // The payments job has nothing to confirm for it.
    clock.freeze(new Date(Date.now() + 10 * 60_000));
    await reconcilePayments(await getDb(), 1000);
    expect((await orderRow(paid.orderId)).status).toBe("fulfilled");
  });

  it("the answer is lost after Stripe refunded: 402 (retry is safe), still fulfilled; the retry gets the same refund and records it once", async () => {
    const paid = await paidCheckout(mock, sg);
    mock.failRefundsFor(paid.paymentIntent, "network-after");
    const first = await refund<ErrorBody>(sg.game.secretKey, paid.orderId, { reason: "lost answer" });
    expect(first.status).toBe(402);
    expect(first.body).toEqual(apiError("PAYMENT_FAILED", { retryable: true }));
    const between = await orderRow(paid.orderId);
    expect(between).toMatchObject({ status: "fulfilled", refundReason: "lost answer" });
    expect(between.refundRequestedAt).not.toBeNull();
    expect(await coins(paid.ref)).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
    mock.clearRefundFailures();
    const retry = await refund(sg.game.secretKey, paid.orderId);
    expect(retry.status).toBe(200);
    expect(retry.body.status).toBe("refunded");
    expect(refundsOf(paid.paymentIntent)).toHaveLength(1);
    expect(await orderRow(paid.orderId)).toMatchObject({ status: "refunded", refundReason: "lost answer", refundRequestedAt: null });
    await settleOwnRefundEvent(paid.orderId);
    expect(await clawbacks(paid.orderId)).toBe(1);
  });

  it("the request never reached Stripe and nobody retries: the payments job asks again with the same key and records the refund", async () => {
    const paid = await paidCheckout(mock, sg);
    mock.failRefundsFor(paid.paymentIntent, "network-before");
    expect((await refund(sg.game.secretKey, paid.orderId, { reason: "job finishes" })).status).toBe(402);
    expect(refundsOf(paid.paymentIntent)).toEqual([]);
    mock.clearRefundFailures();
    // Within the grace period the request may still be running: the job leaves it alone.
    await reconcilePayments(await getDb(), 1000);
    expect((await orderRow(paid.orderId)).status).toBe("fulfilled");
    // The job runs every few seconds; a pass that does not reach the order (once seen on a loaded CI
    // machine) is followed by the next one, so the test allows up to three passes, minutes apart.
    let confirmed = 0;
    for (let pass = 1; pass <= 3 && (await orderRow(paid.orderId)).status !== "refunded"; pass += 1) {
      clock.freeze(new Date(Date.now() + pass * 5 * 60_000));
      confirmed += (await reconcilePayments(await getDb(), 1000)).refundsConfirmed;
    }
    expect(confirmed).toBeGreaterThanOrEqual(1);
    expect(await orderRow(paid.orderId)).toMatchObject({ status: "refunded", refundReason: "job finishes", refundRequestedAt: null });
    expect(refundsOf(paid.paymentIntent)).toHaveLength(1);
    expect(refundCalls(paid.orderId).length).toBeGreaterThanOrEqual(2);
    expect(await coins(paid.ref)).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
  });

  it("a refund in flight that Stripe then refuses is withdrawn by the payments job", async () => {
    const paid = await paidCheckout(mock, sg);
    mock.failRefundsFor(paid.paymentIntent, "network-before");
    expect((await refund(sg.game.secretKey, paid.orderId)).status).toBe(402);
    mock.clearRefundFailures();
    mock.failRefundsFor(paid.paymentIntent, "refused");
    clock.freeze(new Date(Date.now() + 5 * 60_000));
    const counts = await reconcilePayments(await getDb(), 1000);
    expect(counts.refundsWithdrawn).toBeGreaterThanOrEqual(1);
    expect(await orderRow(paid.orderId)).toMatchObject({ status: "fulfilled", refundRequestedAt: null });
  });

  it("an already refunded order is 409 and Stripe is not called", async () => {
    const paid = await paidCheckout(mock, sg);
    expect((await refund(sg.game.secretKey, paid.orderId)).status).toBe(200);
    const again = await refund<ErrorBody>(sg.game.secretKey, paid.orderId);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(apiError("CONFLICT", { status: "refunded" }));
    expect(refundCalls(paid.orderId)).toHaveLength(1);
    await settleOwnRefundEvent(paid.orderId);
  });
});

describe("the dashboard's refund of a Stripe order", () => {
  it("goes through Stripe with the same key, audited; Stripe's refusal is PAYMENT_REQUIRED and changes nothing", async () => {
    const db = await getDb();
    const [row] = await db.select({ studioId: games.studioId }).from(games).where(eq(games.id, sg.gameId));
    if (!row) throw new Error("no game");
    const caller = await callerFor(await addStaff(row.studioId, "support"));

    const refused = await paidCheckout(mock, sg);
    mock.failRefundsFor(refused.paymentIntent, "refused");
    const failure = await failureOf(caller.orders.refund({ gameId: sg.gameId, env: "test", orderId: refused.orderId, reason: "from the dashboard" }));
    expect(failure.code).toBe("PAYMENT_REQUIRED");
    expect(await orderRow(refused.orderId)).toMatchObject({ status: "fulfilled", refundRequestedAt: null, refundReason: null });

    const paid = await paidCheckout(mock, sg);
    const view = await caller.orders.refund({ gameId: sg.gameId, env: "test", orderId: paid.orderId, reason: "from the dashboard" });
    expect(view.status).toBe("refunded");
    expect(refundCalls(paid.orderId)).toHaveLength(1);
    expect(refundsOf(paid.paymentIntent)).toHaveLength(1);
    expect(await orderRow(paid.orderId)).toMatchObject({ status: "refunded", refundReason: "from the dashboard" });
    const audits = await auditRowsOf(row.studioId, "order.refund");
    expect(audits.map((a) => a.targetId)).toEqual([paid.orderId]);
    await settleOwnRefundEvent(paid.orderId);
  });
});
