import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { gameEnvironments } from "@/db/schema";
import { getDb } from "@/server/db/connection";
import { captureLogsForTests } from "@/server/observability/logger";
import { clock } from "@/server/lib/clock";
import { reconcilePayments } from "@/server/payments/reconcile";
import { useDatabase } from "../harness";
import { orderRow, refund, remainingOf, type ErrorBody } from "../order-helpers";
import { submit } from "./checkout-helpers";
import { mollieGame, startMollieCheckout, useMollie, useMollieGame } from "./mollie-helpers";

useDatabase();
const mollie = useMollieGame();

const refundCalls = (paymentId: string) => mollie.mock.requests.filter((r) => r.method === "POST" && r.path === `/v2/payments/${paymentId}/refunds`);

async function paidOrder(method = "creditcard") {
  const order = await startMollieCheckout(mollie.mg, mollie.mock);
  await mollie.mock.complete(order.paymentId, "paid", { method });
  expect(await orderRow(order.orderId)).toMatchObject({ status: "fulfilled" });
  return order;
}

describe("POST /orders/{id}/refund of a Mollie order", () => {
  it("refunds the whole payment at Mollie with the order's Idempotency-Key, then takes the coins back; Mollie's webhook does not refund twice", async () => {
    const order = await paidOrder("ideal");
    const response = await refund(mollie.mg.game.secretKey, order.orderId, { reason: "customer asked" });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe("refunded");
    expect(refundCalls(order.paymentId).map((r) => [r.idempotencyKey, JSON.parse(r.body)])).toEqual([
      [`gamecoin-refund-${order.orderId}`, { amount: { currency: "EUR", value: "4.99" }, description: `Refund ${order.orderId}`, metadata: { orderId: order.orderId, gameId: mollie.mg.gameId, env: "test" } }],
    ]);
    expect(mollie.mock.refundsOf(order.paymentId)).toEqual([expect.objectContaining({ amount: { currency: "EUR", value: "4.99" }, status: "pending" })]);
    await mollie.mock.idle();
    expect(await orderRow(order.orderId)).toMatchObject({ status: "refunded", refundReason: "customer asked", refundRequestedAt: null });
    expect(await mollie.coins(order.ref)).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
  });

  it("a second refund of the same order is refused (409) and Mollie is not asked again", async () => {
    const order = await paidOrder();
    expect((await refund(mollie.mg.game.secretKey, order.orderId)).status).toBe(200);
    const again = await refund<ErrorBody>(mollie.mg.game.secretKey, order.orderId);
    expect(again.status).toBe(409);
    expect(refundCalls(order.paymentId)).toHaveLength(1);
    expect(mollie.mock.refundsOf(order.paymentId)).toHaveLength(1);
  });

  it("a refund made in Mollie's dashboard reaches us by the webhook: refunded, coins taken back", async () => {
    const order = await paidOrder();
    await mollie.mock.refundFromDashboard(order.paymentId);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "refunded" });
    expect(await mollie.coins(order.ref)).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
  });

  it("a partial refund in Mollie's dashboard leaves the order fulfilled", async () => {
    const order = await paidOrder();
    await mollie.mock.refundFromDashboard(order.paymentId, 100);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "fulfilled" });
    expect(await mollie.coins(order.ref)).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
  });

  it("the same Idempotency-Key gives Mollie's first refund back, never a second one (the payments job's replay)", async () => {
    const order = await paidOrder();
    const { MollieClient } = await import("@/server/payments/mollie/mollie-client");
    const client = new MollieClient(mollie.mg.apiKey, mollie.mock.url);
    const body = { amount: { currency: "EUR", value: "4.99" }, description: `Refund ${order.orderId}` };
    const first = await client.createRefund(order.paymentId, body, "k-same");
    const second = await client.createRefund(order.paymentId, body, "k-same");
    expect(second.id).toBe(first.id);
    expect(mollie.mock.refundsOf(order.paymentId)).toHaveLength(1);
    // More than what is left is Mollie's 422, with the field named.
    await expect(client.createRefund(order.paymentId, body, "k-other")).rejects.toMatchObject({ status: 422, field: "amount" });
  });
});

describe("cancel and country change on the hosted page with a Mollie payment started", () => {
  it("cancel: a payment Mollie will not cancel (iDEAL, open) stays; the order is canceled, its unit back on sale; paying it later refunds it", async () => {
    const before = await remainingOf(mollie.mg.game.secretKey, "p500");
    const order = await startMollieCheckout(mollie.mg, mollie.mock);
    const response = await submit(order.token, "cancel", {});
    expect(response.status).toBe(303);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "canceled" });
    expect(await remainingOf(mollie.mg.game.secretKey, "p500")).toBe(before);
    await mollie.mock.complete(order.paymentId, "paid", { method: "ideal" });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "canceled" });
    expect(mollie.mock.refundsOf(order.paymentId)).toEqual([expect.objectContaining({ amount: { currency: "EUR", value: "4.99" } })]);
    expect(await mollie.coins(order.ref)).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
  });

  it("cancel after the buyer paid at Mollie: 409 being confirmed, the order stays pending for the webhook", async () => {
    const order = await startMollieCheckout(mollie.mg, mollie.mock);
    const origin = mollie.mock.webhookOrigin;
    mollie.mock.webhookOrigin = "http://127.0.0.1:9";
    try {
      await mollie.mock.complete(order.paymentId, "paid", { method: "creditcard" });
    } finally {
      mollie.mock.webhookOrigin = origin;
    }
    const response = await submit(order.token, "cancel", {});
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toContain("error=confirming");
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending" });
    clock.freeze(new Date(Date.now() + 2 * 60_000));
    await reconcilePayments(await getDb(), 1000);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "fulfilled" });
  });

  it("country change: the next Pay is attempt 1, a new payment; the old one, if paid, pays the order (same amount)", async () => {
    const order = await startMollieCheckout(mollie.mg, mollie.mock, { country: "FR" });
    const changed = await submit(order.token, "country", { country: "BE" });
    expect(changed.status).toBe(303);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending", country: "BE", providerSessionId: null, providerAttempt: 1 });
    const again = await submit(order.token, "pay", { country: "BE", consent: "yes" });
    const payments = mollie.mock.paymentsFor(order.orderId);
    expect(payments).toHaveLength(2);
    expect(again.headers.get("location")).toBe(`${mollie.mock.url}/checkout/${payments[1]?.id}`);
    expect(mollie.mock.requests.filter((r) => r.path === "/v2/payments" && r.method === "POST" && r.idempotencyKey?.includes(order.orderId)).map((r) => r.idempotencyKey)).toEqual([
      `gamecoin-mollie-checkout-${order.orderId}-0`,
      `gamecoin-mollie-checkout-${order.orderId}-1`,
    ]);
    await mollie.mock.complete(payments[1]?.id ?? "", "paid", { method: "bancontact" });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "fulfilled", country: "BE", providerReference: payments[1]?.id });
    // The first payment paid too (an old tab): it is refunded, the order is paid once.
    await mollie.mock.complete(order.paymentId, "paid", { method: "creditcard" });
    expect(mollie.mock.refundsOf(order.paymentId)).toHaveLength(1);
    expect(await mollie.coins(order.ref)).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
  });
});

describe("lost chargeback and refund webhooks are read back by the payments job", () => {
  it("a chargeback and a dashboard refund whose webhooks never arrived: the job finds them in Mollie's lists and moves the orders once", async () => {
    const charged = await paidOrder("creditcard");
    const refunded = await paidOrder("bancontact");
    const origin = mollie.mock.webhookOrigin;
    mollie.mock.webhookOrigin = "http://127.0.0.1:9";
    try {
      await mollie.mock.chargeback(charged.paymentId);
      await mollie.mock.refundFromDashboard(refunded.paymentId);
    } finally {
      mollie.mock.webhookOrigin = origin;
    }
    expect(await orderRow(charged.orderId)).toMatchObject({ status: "fulfilled" });
    expect(await orderRow(refunded.orderId)).toMatchObject({ status: "fulfilled" });
    clock.freeze(new Date(Date.now() + 20 * 60_000));
    const counts = await reconcilePayments(await getDb(), 1000);
    expect(counts.mollieReversalsRecovered).toBeGreaterThanOrEqual(2);
    expect(await orderRow(charged.orderId)).toMatchObject({ status: "chargeback" });
    expect(await orderRow(refunded.orderId)).toMatchObject({ status: "refunded" });
    expect(await mollie.coins(charged.ref)).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    expect(await mollie.coins(refunded.ref)).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    // A second run changes nothing.
    clock.freeze(new Date(Date.now() + 40 * 60_000));
    expect((await reconcilePayments(await getDb(), 1000)).mollieReversalsRecovered).toBe(0);
  });
});

describe("a Mollie key refused during the read-back", () => {
  const columns = async (gameId: string) =>
    (
      await (await getDb())
        .select({ tried: gameEnvironments.mollieReversalsTriedAt, checked: gameEnvironments.mollieReversalsCheckedAt })
        .from(gameEnvironments)
        .where(and(eq(gameEnvironments.gameId, gameId), eq(gameEnvironments.env, "test")))
    )[0];

  it("is tried again 10 minutes after its last attempt, not on every run; its cursor stays where the last whole read ended", async () => {
    const refused = await mollieGame(mollie.mock);
    await useMollie(refused.gameId, "test", `test_${"revoked".padEnd(30, "x")}`);
    const logs = captureLogsForTests("warn");
    const attempts = () => logs.lines.filter((line) => line.msg === "Mollie's chargebacks and refunds could not be read back" && line.gameId === refused.gameId).length;
    try {
      const first = new Date(Date.now() + 60_000);
      clock.freeze(first);
      await reconcilePayments(await getDb(), 1000);
      expect(attempts()).toBe(1);
      expect(await columns(refused.gameId)).toEqual({ tried: first, checked: null });
      clock.freeze(new Date(first.getTime() + 9 * 60_000));
      await reconcilePayments(await getDb(), 1000);
      expect(attempts()).toBe(1);
      const second = new Date(first.getTime() + 10 * 60_000);
      clock.freeze(second);
      await reconcilePayments(await getDb(), 1000);
      expect(attempts()).toBe(2);
      expect(await columns(refused.gameId)).toEqual({ tried: second, checked: null });
    } finally {
      logs.stop();
      clock.reset();
    }
  });
});
