import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { gameEnvironments } from "@/db/schema";
import { getCheckoutPage } from "@/server/orders/checkout-page";
import { mollieMethodIds, stripeMethodTypes } from "@/server/payments/payment-methods";
import { extRef, useDatabase } from "../harness";
import type { MollieServer } from "../support/mollie-server";
import { PUBLIC_URL, pendingOrder, submit } from "./checkout-helpers";
import { openCheckout, startStripe, stripeGame, type StripeSetup } from "./helpers";
import { mollieGame, startMollie, startMollieCheckout, type MollieSetup } from "./mollie-helpers";

useDatabase();

let mollie: MollieSetup;
let stripe: StripeSetup;
let mock: MollieServer;
beforeAll(async () => {
  mollie = await startMollie();
  stripe = await startStripe();
  mock = mollie.mock;
});
afterAll(async () => {
  await mollie.restore();
  await stripe.restore();
});

const ALL = ["card", "bancontact", "ideal", "applepay", "googlepay", "paypal"] as const;

describe("the methods setting, as each provider names it", () => {
  it("Stripe: Apple Pay and Google Pay are wallets of card; Mollie: Google Pay is part of creditcard, Apple Pay is applepay", () => {
    expect(stripeMethodTypes([...ALL])).toEqual(["card", "bancontact", "ideal", "paypal"]);
    expect(stripeMethodTypes(["googlepay"])).toEqual(["card"]);
    expect(mollieMethodIds([...ALL])).toEqual(["creditcard", "bancontact", "ideal", "applepay", "paypal"]);
    expect(mollieMethodIds(["googlepay"])).toEqual(["creditcard"]);
  });

  it("Mollie's payment gets the list as `method`; the buyer can only use one of them", async () => {
    const mg = await mollieGame(mock, ["bancontact", "ideal"]);
    const order = await startMollieCheckout(mg, mock);
    const payment = mock.payment(order.paymentId);
    expect(JSON.parse(mock.requests.filter((r) => r.path === "/v2/payments").at(-1)?.body ?? "{}")).toMatchObject({ method: ["bancontact", "ideal"] });
    expect(payment.method).toBeNull();
    await expect(mock.complete(order.paymentId, "paid", { method: "creditcard" })).rejects.toThrow("was not offered");
  });

  it("a method the Mollie profile has not activated: Mollie refuses (422), Pay answers the page's 'refused' error, nothing is charged", async () => {
    const mg = await mollieGame(mock, ["paypal"]);
    mock.addKey(mg.apiKey, ["creditcard", "ideal"]);
    const order = await pendingOrder(mg.game.secretKey, extRef("buyer"));
    const response = await submit(order.token, "pay", { country: "FR", consent: "yes" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}?error=refused`);
    expect(mock.paymentsFor(order.orderId)).toEqual([]);
  });

  it("Stripe's Checkout Session gets payment_method_types; without a setting, Stripe's own default", async () => {
    const sg = await stripeGame(stripe.mock);
    const plain = await openCheckout(stripe.mock, sg);
    expect(stripe.mock.session(plain.sessionId).payment_method_types).toEqual(["card"]);
    await (await getDb())
      .update(gameEnvironments)
      .set({ paymentMethods: ["card", "applepay", "bancontact", "ideal"] })
      .where(and(eq(gameEnvironments.gameId, sg.gameId), eq(gameEnvironments.env, "test")));
    const chosen = await openCheckout(stripe.mock, sg);
    expect(stripe.mock.session(chosen.sessionId).payment_method_types).toEqual(["card", "bancontact", "ideal"]);
  });

  it("the hosted page says which methods the buyer will find", async () => {
    const mg = await mollieGame(mock, ["ideal", "bancontact", "card"]);
    const order = await pendingOrder(mg.game.secretKey, extRef("buyer"), { locale: "nl" });
    const page = await getCheckoutPage(await getDb(), order.token);
    expect(page?.paymentMethods).toEqual(["Card", "Bancontact", "iDEAL | Wero"]);
    const plain = await mollieGame(mock);
    const other = await pendingOrder(plain.game.secretKey, extRef("buyer"));
    expect((await getCheckoutPage(await getDb(), other.token))?.paymentMethods).toBeNull();
  });
});
