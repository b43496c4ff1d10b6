import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { AppError } from "@/server/lib/errors";
import { recordPaymentCountryEvidence } from "@/server/orders/payment-country-evidence";
import { settleFromProviderSession } from "@/server/payments/reconcile";
import { useDatabase } from "../harness";
import { orderRow } from "../order-helpers";
import type { StripeServer } from "../support/stripe-server";
import { openCheckout, postEvent, startStripe, stripeGame, type StripeGame, type StripeSetup } from "./helpers";

useDatabase();

let setup: StripeSetup;
let mock: StripeServer;
let sg: StripeGame;
beforeAll(async () => {
  setup = await startStripe();
  mock = setup.mock;
  sg = await stripeGame(mock);
});
afterAll(async () => {
  await setup.restore();
});

const evidenceOf = async (orderId: string) => {
  const row = await orderRow(orderId);
  return { country: row.country, ipCountry: row.ipCountry, paymentCountry: row.paymentCountry, paymentCountrySource: row.paymentCountrySource };
};

describe("the payment method's issuing country, as Stripe reports it", () => {
  it("is read from the PaymentIntent's latest charge once the webhook paid the order", async () => {
    const open = await openCheckout(mock, sg);
    const event = await mock.paySession(open.sessionId, { deliver: false, issuingCountry: "DE" });
    expect((await postEvent(sg, mock, event)).body).toEqual({ received: true, status: "processed" });
    expect(await evidenceOf(open.orderId)).toEqual({ country: "FR", ipCountry: null, paymentCountry: "DE", paymentCountrySource: "stripe:card.country" });
    const expanded = mock.requests.filter((r) => r.path.startsWith("/v1/payment_intents/"));
    expect(expanded).toHaveLength(1);
  });

  it("a SEPA debit's country after its async success; a method without a country records none", async () => {
    const sepa = await openCheckout(mock, sg);
    await mock.paySession(sepa.sessionId, { async: true, deliver: false, issuingCountry: "NL" });
    await postEvent(sg, mock, await mock.settleSession(sepa.sessionId, "succeeded", { deliver: false }));
    expect(await evidenceOf(sepa.orderId)).toMatchObject({ paymentCountry: "NL", paymentCountrySource: "stripe:sepa_debit.country" });

    const none = await openCheckout(mock, sg);
    await postEvent(sg, mock, await mock.paySession(none.sessionId, { deliver: false, issuingCountry: null }));
    expect(await orderRow(none.orderId)).toMatchObject({ status: "fulfilled", paymentCountry: null, paymentCountrySource: null });
  });

  it("is read too when the confirmation page settles the order before the webhook", async () => {
    const open = await openCheckout(mock, sg);
    await mock.paySession(open.sessionId, { deliver: false, issuingCountry: "FR" });
    await settleFromProviderSession(await getDb(), { gameId: sg.gameId, env: "test" }, open.orderId);
    expect(await evidenceOf(open.orderId)).toEqual({ country: "FR", ipCountry: null, paymentCountry: "FR", paymentCountrySource: "stripe:card.country" });
  });
});

describe("recordPaymentCountryEvidence: the one function every provider calls", () => {
  it("stores the country upper-cased with its source; another scope's order is not touched", async () => {
    const open = await openCheckout(mock, sg);
    const db = await getDb();
    expect(await recordPaymentCountryEvidence(db, { gameId: sg.gameId, env: "live" }, { orderId: open.orderId, country: "be", source: "mollie:details.cardCountryCode" })).toBe(false);
    expect(await recordPaymentCountryEvidence(db, { gameId: sg.gameId, env: "test" }, { orderId: open.orderId, country: "be", source: "mollie:details.cardCountryCode" })).toBe(true);
    expect(await evidenceOf(open.orderId)).toEqual({ country: "FR", ipCountry: null, paymentCountry: "BE", paymentCountrySource: "mollie:details.cardCountryCode" });
  });

  it("refuses a country that is not two letters, naming the field", async () => {
    const open = await openCheckout(mock, sg);
    const refused = await recordPaymentCountryEvidence(await getDb(), { gameId: sg.gameId, env: "test" }, { orderId: open.orderId, country: "BEL", source: "stripe:card.country" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "VALIDATION_FAILED", details: { fieldErrors: { country: ["Must be an ISO 3166-1 alpha-2 country code"] } } });
    expect((await orderRow(open.orderId)).paymentCountry).toBeNull();
  });
});
