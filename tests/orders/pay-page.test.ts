import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/pay/[token]/[action]/route";
import { payErrorOf, payErrors, payMessages } from "@/server/payments/pay-messages";
import { getDb } from "@/server/db/connection";
import { AppError } from "@/server/lib/errors";
import { chooseOrderCountry } from "@/server/orders/choose-country";
import { MAX_BALANCE } from "@/server/wallet/schemas";
import { extRef, useDatabase, type TestGame } from "../harness";
import { creditBonus, ensurePlayer, testScope } from "../domain-helpers";
import { assertLedgerInvariants, balanceOf, checkout, createSalesGame, inventoryOf, orderRow, type CheckoutBody } from "../order-helpers";

useDatabase();

const PUBLIC_URL = "http://localhost:3000";

let game: TestGame;
beforeAll(async () => {
  game = await createSalesGame();
});
afterAll(async () => {
  await assertLedgerInvariants(game);
});

type PendingOrder = { ref: string; orderId: string; token: string };

async function pendingOrder(packSku = "p500", ref = extRef("buyer")): Promise<PendingOrder> {
  const response = await checkout<CheckoutBody>(game.secretKey, ref, { packSku, country: "FR" });
  if (response.status !== 201) throw new Error(`checkout: ${response.status}`);
  return { ref, orderId: response.body.order.id, token: response.body.checkoutUrl.slice(`${PUBLIC_URL}/pay/`.length) };
}

/** What the page's plain HTML form sends (multipart, as a browser may), through the route handler. */
function submit(token: string, action: string, fields: Record<string, string>): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const request = new Request(`${PUBLIC_URL}/pay/${token}/${action}`, { method: "POST", body: form });
  return POST(request, { params: Promise.resolve({ token, action }) });
}

async function expectUnchanged(order: PendingOrder): Promise<void> {
  expect(await orderRow(order.orderId)).toMatchObject({ status: "pending", country: "FR", vatRateBp: 2000, vatCents: 83, netCents: 416, deliveredItems: null });
  expect(await balanceOf(game.secretKey, order.ref, "coins")).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
  expect(await inventoryOf(game.secretKey, order.ref)).toEqual({});
}

const NOT_SOLD_TO = ["US", "us", "XX", "", "FRA", "F", " FR"];

describe("the payment page's forms refuse a country outside the EU on the page", () => {
  it.each(NOT_SOLD_TO)("country form with %j: back to the page with error=country, nothing changed", async (country) => {
    const order = await pendingOrder();
    const response = await submit(order.token, "country", { country });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}?error=country`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    await expectUnchanged(order);
  });

  it("country form without the field: error=country", async () => {
    const order = await pendingOrder();
    const response = await submit(order.token, "country", {});
    expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}?error=country`);
    await expectUnchanged(order);
  });

  it.each(NOT_SOLD_TO)("pay form with %j: back to the page with error=country, the order is not paid", async (country) => {
    const order = await pendingOrder();
    const response = await submit(order.token, "pay", { consent: "yes", country });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}?error=country`);
    await expectUnchanged(order);
  });

  it("an EU country in lower case is accepted and recomputes the VAT", async () => {
    const order = await pendingOrder();
    const response = await submit(order.token, "country", { country: "nl" });
    expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}?updated=country#country`);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending", country: "NL", vatRateBp: 2100 });
  });

  it("pay with an EU country pays at that country's rate; without the field, at the order's", async () => {
    const withCountry = await pendingOrder();
    const paid = await submit(withCountry.token, "pay", { consent: "yes", country: "de" });
    expect(paid.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${withCountry.token}/done`);
    expect(await orderRow(withCountry.orderId)).toMatchObject({ status: "fulfilled", country: "DE", vatRateBp: 1900 });

    const without = await pendingOrder();
    const paidAsIs = await submit(without.token, "pay", { consent: "yes" });
    expect(paidAsIs.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${without.token}/done`);
    expect(await orderRow(without.orderId)).toMatchObject({ status: "fulfilled", country: "FR", vatRateBp: 2000 });
  });
});

it("the order domain itself refuses a country without a VAT rate as VALIDATION_FAILED (no raw error)", async () => {
  const order = await pendingOrder();
  const refusal = await chooseOrderCountry(await getDb(), await testScope(game), { orderId: order.orderId, country: "US" }).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(AppError);
  expect(refusal).toMatchObject({ code: "VALIDATION_FAILED", details: { fieldErrors: { country: ["Must be one of the 27 EU countries (ISO 3166-1 alpha-2)"] } } });
  await expectUnchanged(order);
});

describe("a payment the domain refuses is shown on the page, not as a server error", () => {
  it("coins past the balance cap: back to the page with error=limit, nothing paid or delivered", async () => {
    const ref = extRef("rich");
    const playerId = await ensurePlayer(game, ref);
    await creditBonus(game, playerId, "coins", MAX_BALANCE - 100);
    const order = await pendingOrder("p500", ref);
    const response = await submit(order.token, "pay", { consent: "yes", country: "FR" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}?error=limit`);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending", deliveredItems: null });
    expect(await balanceOf(game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 0, bonus: MAX_BALANCE - 100, total: MAX_BALANCE - 100 });
    expect(await inventoryOf(game.secretKey, ref)).toEqual({});
  });

  it("a paid order's forms still lead to its confirmation", async () => {
    const order = await pendingOrder();
    await submit(order.token, "pay", { consent: "yes", country: "FR" });
    const again = await submit(order.token, "pay", { consent: "yes", country: "FR" });
    expect(again.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}/done`);
    const country = await submit(order.token, "country", { country: "BE" });
    expect(country.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}/done`);
  });
});

describe("the page's error messages", () => {
  it("reads only the known error names from the query", () => {
    for (const name of payErrors) expect(payErrorOf(name)).toBe(name);
    for (const other of ["", "COUNTRY", "toString", ["country"], undefined]) expect(payErrorOf(other)).toBeNull();
  });

  it("has every message in French, English and Dutch", () => {
    for (const name of payErrors) {
      const texts = (["fr", "en", "nl"] as const).map((locale) => payMessages[locale].errors[name]);
      expect(new Set(texts).size, name).toBe(3);
      for (const text of texts) expect(text.length).toBeGreaterThan(20);
    }
  });
});
