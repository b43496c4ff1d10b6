import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { clock } from "@/server/lib/clock";
import { reconcilePayments } from "@/server/payments/reconcile";
import { useDatabase } from "../harness";
import { orderRow, remainingOf } from "../order-helpers";
import { PUBLIC_URL, submit } from "./checkout-helpers";
import { paymentEventsOf } from "./helpers";
import { mollieGame, mollieWebhookServer, startMollieCheckout, useMollieGame } from "./mollie-helpers";

useDatabase();
const mollie = useMollieGame();

async function postWebhook(body: string, slug = mollie.mg.game.slug, env = "test"): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${await mollieWebhookServer()}/api/payments/mollie/${slug}/${env}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
  return { status: response.status, body: await response.json() };
}

describe("Pay on the hosted page creates the order's Mollie payment", () => {
  it("with the documented fields, and sends the buyer to its checkout; the order keeps the payment id", async () => {
    const order = await startMollieCheckout(mollie.mg, mollie.mock, { locale: "nl", country: "BE" });
    const payment = mollie.mock.payment(order.paymentId);
    expect(order.location).toBe(`${mollie.mock.url}/checkout/${payment.id}`);
    expect(payment).toMatchObject({
      mode: "test",
      status: "open",
      amount: { currency: "EUR", value: "4.99" },
      description: `500 Coins (${order.orderId})`,
      redirectUrl: `${PUBLIC_URL}/pay/${order.token}/done?back=mollie`,
      webhookUrl: `${PUBLIC_URL}/api/payments/mollie/${mollie.mg.game.slug}/test`,
      locale: "nl_BE",
      metadata: { orderId: order.orderId, gameId: mollie.mg.gameId, env: "test" },
      method: null,
    });
    expect(mollie.mock.requests.filter((r) => r.path === "/v2/payments" && r.method === "POST").at(-1)?.idempotencyKey).toBe(`gamecoin-mollie-checkout-${order.orderId}-0`);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending", provider: "mollie", providerSessionId: payment.id, providerAttempt: 0 });
    expect((await orderRow(order.orderId)).consentAt).not.toBeNull();
  });

  it("Pay again while the payment is open sends the buyer back to the same checkout, no second payment", async () => {
    const order = await startMollieCheckout(mollie.mg, mollie.mock);
    const again = await submit(order.token, "pay", { country: "FR", consent: "yes" });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`${mollie.mock.url}/checkout/${order.paymentId}`);
    expect(mollie.mock.paymentsFor(order.orderId)).toHaveLength(1);
  });

  it("without consent: no payment", async () => {
    const { pendingOrder } = await import("./checkout-helpers");
    const { extRef } = await import("../harness");
    const order = await pendingOrder(mollie.mg.game.secretKey, extRef("buyer"));
    const response = await submit(order.token, "pay", { country: "FR" });
    expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}?error=consent`);
    expect(mollie.mock.paymentsFor(order.orderId)).toEqual([]);
  });

  it("Mollie's locale follows the page's language and the buyer's country", async () => {
    const cases: [string, string, string][] = [
      ["fr", "FR", "fr_FR"],
      ["fr", "BE", "fr_BE"],
      ["nl", "NL", "nl_NL"],
      ["en", "BE", "en_US"],
    ];
    for (const [locale, country, expected] of cases) {
      const order = await startMollieCheckout(mollie.mg, mollie.mock, { locale, country });
      expect(mollie.mock.payment(order.paymentId).locale).toBe(expected);
    }
  });
});

describe("Mollie's webhook moves the order: each outcome as Mollie reports it", () => {
  it("paid by iDEAL: fulfilled, coins credited, stock taken, the payment is the order's reference, issuing country recorded in the payload", async () => {
    const order = await startMollieCheckout(mollie.mg, mollie.mock);
    const call = await mollie.mock.complete(order.paymentId, "paid", { method: "ideal" });
    expect(call?.status).toBe(200);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "fulfilled", providerReference: order.paymentId });
    expect(await mollie.coins(order.ref)).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
    const events = await paymentEventsOf(order.orderId);
    expect(events.map((e) => [e.provider, e.type, e.status])).toEqual([["mollie", "payment.paid", "processed"]]);
    expect(events[0]?.payload).toMatchObject({ id: order.paymentId, method: "ideal", issuerCountry: "NL" });
  });

  it("paid by Bancontact: fulfilled; the same webhook again changes nothing (seen once as 'already fulfilled', then a duplicate)", async () => {
    const order = await startMollieCheckout(mollie.mg, mollie.mock);
    await mollie.mock.complete(order.paymentId, "paid", { method: "bancontact" });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "fulfilled" });
    expect(await postWebhook(`id=${order.paymentId}`)).toEqual({ status: 200, body: { received: true, status: "ignored" } });
    expect(await postWebhook(`id=${order.paymentId}`)).toEqual({ status: 200, body: { received: true, status: "duplicate" } });
    expect(await mollie.coins(order.ref)).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
  });

  it("failed at the bank (iDEAL): declined, the unit back on sale", async () => {
    const before = await remainingOf(mollie.mg.game.secretKey, "p500");
    const order = await startMollieCheckout(mollie.mg, mollie.mock);
    await mollie.mock.complete(order.paymentId, "failed", { method: "ideal" });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "failed" });
    expect(await remainingOf(mollie.mg.game.secretKey, "p500")).toBe(before);
    expect(await mollie.coins(order.ref)).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
  });

  it("abandoned at Mollie's page (Bancontact, expired): expired", async () => {
    const order = await startMollieCheckout(mollie.mg, mollie.mock);
    await mollie.mock.complete(order.paymentId, "expired", { method: "bancontact" });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "expired" });
  });

  it("canceled at Mollie's page: canceled", async () => {
    const order = await startMollieCheckout(mollie.mg, mollie.mock);
    await mollie.mock.complete(order.paymentId, "canceled", { method: "ideal" });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "canceled" });
  });

  it("a delayed method (bank transfer): pending stays pending, paid later fulfils", async () => {
    const order = await startMollieCheckout(mollie.mg, mollie.mock);
    await mollie.mock.complete(order.paymentId, "pending", { method: "banktransfer" });
    expect(await postWebhook(`id=${order.paymentId}`)).toEqual({ status: 200, body: { received: true, status: "ignored" } });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending" });
    await mollie.mock.complete(order.paymentId, "paid", { method: "banktransfer" });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "fulfilled" });
  });

  it("an id Mollie does not know: 200, nothing changes; a body that is no payment id: 400", async () => {
    expect(await postWebhook("id=tr_doesnotexist")).toEqual({ status: 200, body: { received: true, status: "unknown" } });
    const bad = await postWebhook("id=re_abc");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
    expect((await postWebhook("id=tr_abc", "no-such-game")).status).toBe(400);
  });

  it("a payment of another game's key is unknown here (404 at Mollie): 200, nothing changes", async () => {
    const other = await mollieGame(mollie.mock);
    const order = await startMollieCheckout(other, mollie.mock);
    expect(await postWebhook(`id=${order.paymentId}`)).toEqual({ status: 200, body: { received: true, status: "unknown" } });
  });
});

describe("chargebacks, as Mollie reports them on the payment", () => {
  it("a card payment charged back: chargeback, coins clawed back", async () => {
    const order = await startMollieCheckout(mollie.mg, mollie.mock);
    await mollie.mock.complete(order.paymentId, "paid", { method: "creditcard", cardCountryCode: "FR" });
    const call = await mollie.mock.chargeback(order.paymentId);
    expect(call?.status).toBe(200);
    const row = await orderRow(order.orderId);
    expect(row).toMatchObject({ status: "chargeback" });
    expect(await mollie.coins(order.ref)).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    const events = await paymentEventsOf(order.orderId);
    expect(events.at(-1)?.payload).toMatchObject({ issuerCountry: "FR", chargedBackCents: 499 });
  });

  it("PayPal has chargebacks too; iDEAL and Bancontact have none", async () => {
    const paypal = await startMollieCheckout(mollie.mg, mollie.mock);
    await mollie.mock.complete(paypal.paymentId, "paid", { method: "paypal" });
    await mollie.mock.chargeback(paypal.paymentId);
    expect(await orderRow(paypal.orderId)).toMatchObject({ status: "chargeback" });
    for (const method of ["ideal", "bancontact"]) {
      const order = await startMollieCheckout(mollie.mg, mollie.mock);
      await mollie.mock.complete(order.paymentId, "paid", { method });
      await expect(mollie.mock.chargeback(order.paymentId)).rejects.toThrow("has no chargebacks");
      expect(await orderRow(order.orderId)).toMatchObject({ status: "fulfilled" });
    }
  });
});

describe("lost webhooks are settled by the payments job", () => {
  it("a payment paid while the webhook could not reach us: the job fulfils the order once", async () => {
    const order = await startMollieCheckout(mollie.mg, mollie.mock);
    const origin = mollie.mock.webhookOrigin;
    mollie.mock.webhookOrigin = "http://127.0.0.1:9";
    try {
      await mollie.mock.complete(order.paymentId, "paid", { method: "creditcard" });
    } finally {
      mollie.mock.webhookOrigin = origin;
    }
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending" });
    clock.freeze(new Date(Date.now() + 2 * 60_000));
    const counts = await reconcilePayments(await getDb(), 1000);
    expect(counts.settled).toBeGreaterThanOrEqual(1);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "fulfilled", providerReference: order.paymentId });
    expect(await mollie.coins(order.ref)).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
  });
});
