import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { clock } from "@/server/lib/clock";
import { call, createTestGame, extRef, useDatabase, type TestGame } from "../harness";
import { apiError, ensurePlayer } from "../domain-helpers";
import { assertLedgerInvariants, checkout, expectedVat, getOrder, helper, newOrder, ordersOfPlayer, type ErrorBody } from "../order-helpers";

useDatabase();

const PRICES = [99, 499, 1999, 4999] as const;

/** Standard rates on 2025-09-01 (the sales tests freeze the clock there). */
const RATES: Record<string, number> = {
  AT: 2000, BE: 2100, BG: 2000, CY: 1900, CZ: 2100, DE: 1900, DK: 2500, EE: 2400, ES: 2100,
  FI: 2550, FR: 2000, GR: 2400, HR: 2500, HU: 2700, IE: 2300, IT: 2200, LT: 2100, LU: 1700,
  LV: 2100, MT: 1800, NL: 2100, PL: 2300, PT: 2300, RO: 2100, SE: 2500, SI: 2200, SK: 2300,
};

let game: TestGame;
beforeAll(async () => {
  game = await createTestGame({
    catalog: {
      currencies: [{ code: "coins", name: "Coins", purchasable: true }],
      items: [],
      packs: [
        ...PRICES.map((price) => ({ sku: `p${price}`, name: `Pack ${price}`, priceCents: price, grants: [{ currency: "coins", amount: price }] })),
        { sku: "free", name: "Free", priceCents: 0, grants: [{ currency: "coins", amount: 1 }] },
      ],
    },
  });
});
afterEach(async () => {
  clock.reset();
  await assertLedgerInvariants(game);
});

const COUNTRY_MESSAGE = "Must be one of the 27 EU countries (ISO 3166-1 alpha-2)";

describe("VAT on the order for every EU country", () => {
  it.each(Object.keys(RATES))("%s at 99, 499, 1999 and 4999 cents", async (country) => {
    clock.freeze(new Date("2025-09-01T10:00:00Z"));
    const rate = RATES[country] ?? -1;
    for (const price of PRICES) {
      const order = await newOrder(game.secretKey, `p${price}`, extRef("vat"), { country });
      const { vatCents, netCents } = expectedVat(price, rate);
      expect(order).toMatchObject({ amountCents: price, currency: "EUR", country, vatRateBp: rate, vatCents, netCents });
      expect(order.vatCents + order.netCents).toBe(price);
    }
  });

  it("a few by hand: FR 99 → 17 (16.5 rounded up), BE 499 → 87, HU 4999 → 1063, FI 1999 → 406", async () => {
    clock.freeze(new Date("2025-09-01T10:00:00Z"));
    const cases = [
      ["FR", 99, 2000, 17],
      ["BE", 499, 2100, 87],
      ["HU", 4999, 2700, 1063],
      ["FI", 1999, 2550, 406],
    ] as const;
    for (const [country, price, rate, vat] of cases) {
      const order = await newOrder(game.secretKey, `p${price}`, extRef("vat"), { country });
      expect(order).toMatchObject({ country, vatRateBp: rate, vatCents: vat, netCents: price - vat });
    }
  });

  it("a free pack carries no VAT", async () => {
    const order = await newOrder(game.secretKey, "free", extRef("vat"), { country: "HU" });
    expect(order).toMatchObject({ amountCents: 0, country: "HU", vatRateBp: 2700, vatCents: 0, netCents: 0 });
  });
});

describe("the dated rate table at checkout", () => {
  const cases = [
    { country: "EE", price: 499, before: "2025-06-30T23:59:59.000Z", after: "2025-07-01T00:00:00.000Z", rates: [2200, 2400], vats: [90, 97] },
    { country: "FI", price: 1999, before: "2024-08-31T23:59:59.000Z", after: "2024-09-01T00:00:00.000Z", rates: [2400, 2550], vats: [387, 406] },
    { country: "SK", price: 4999, before: "2024-12-31T23:59:59.000Z", after: "2025-01-01T00:00:00.000Z", rates: [2000, 2300], vats: [833, 935] },
    { country: "RO", price: 99, before: "2025-07-31T23:59:59.000Z", after: "2025-08-01T00:00:00.000Z", rates: [1900, 2100], vats: [16, 17] },
  ];

  it.each(cases)("$country changes rate on $after", async ({ country, price, before, after, rates, vats }) => {
    clock.freeze(new Date(before));
    const old = await newOrder(game.secretKey, `p${price}`, extRef("dated"), { country });
    expect(old).toMatchObject({ country, vatRateBp: rates[0], vatCents: vats[0], netCents: price - (vats[0] ?? 0), createdAt: before });
    clock.freeze(new Date(after));
    const current = await newOrder(game.secretKey, `p${price}`, extRef("dated"), { country });
    expect(current).toMatchObject({ country, vatRateBp: rates[1], vatCents: vats[1], netCents: price - (vats[1] ?? 0), createdAt: after });
    // The older order keeps the rate it was sold at.
    expect((await getOrder(game.secretKey, old.id)).body).toMatchObject({ vatRateBp: rates[0], vatCents: vats[0] });
  });

  it("the pay helper's country is taxed at the rate of the payment day", async () => {
    clock.freeze(new Date("2025-06-30T23:55:00Z"));
    const order = await newOrder(game.secretKey, "p499", extRef("dated"), { country: "FR" });
    clock.advance(10 * 60_000);
    const paid = await helper(game.secretKey, order.id, "pay", { country: "EE" });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: "fulfilled", country: "EE", vatRateBp: 2400, vatCents: 97, netCents: 402 });
  });
});

describe("the buyer's country", () => {
  it("the body's country is used", async () => {
    const ref = extRef("country");
    await call("PUT", `/players/${ref}`, { key: game.secretKey, body: { country: "DE" } });
    const order = await newOrder(game.secretKey, "p499", ref, { country: "NL" });
    expect(order).toMatchObject({ country: "NL", vatRateBp: 2100, vatCents: 87, netCents: 412 });
  });

  it("lower case is accepted and upper-cased", async () => {
    const order = await newOrder(game.secretKey, "p499", extRef("country"), { country: "fr" });
    expect(order).toMatchObject({ country: "FR", vatRateBp: 2000, vatCents: 83, netCents: 416 });
  });

  it("without one, the player's country when it is in the EU", async () => {
    const ref = extRef("country");
    const put = await call("PUT", `/players/${ref}`, { key: game.secretKey, body: { country: "de" } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ country: "DE" });
    const order = await newOrder(game.secretKey, "p499", ref);
    expect(order).toMatchObject({ country: "DE", vatRateBp: 1900, vatCents: 80, netCents: 419 });
  });

  it.each(["US", "GB", "CH"])("a player from %s buys at the Belgian rate", async (country) => {
    const ref = extRef("country");
    expect((await call("PUT", `/players/${ref}`, { key: game.secretKey, body: { country } })).status).toBe(200);
    const order = await newOrder(game.secretKey, "p499", ref);
    expect(order).toMatchObject({ country: "BE", vatRateBp: 2100, vatCents: 87, netCents: 412 });
  });

  it("a player without a country, and a new ext: player, buy at the Belgian rate", async () => {
    const known = extRef("country");
    await ensurePlayer(game, known);
    expect(await newOrder(game.secretKey, "p499", known)).toMatchObject({ country: "BE", vatRateBp: 2100 });
    expect(await newOrder(game.secretKey, "p499", extRef("new"))).toMatchObject({ country: "BE", vatRateBp: 2100 });
  });

  it("a player whose country is cleared falls back to Belgium", async () => {
    const ref = extRef("country");
    await call("PUT", `/players/${ref}`, { key: game.secretKey, body: { country: "IT" } });
    expect(await newOrder(game.secretKey, "p499", ref)).toMatchObject({ country: "IT" });
    await call("PUT", `/players/${ref}`, { key: game.secretKey, body: { country: null } });
    expect(await newOrder(game.secretKey, "p499", ref)).toMatchObject({ country: "BE" });
  });

  it.each(["US", "GB", "XX", "us", "", "FRA", 33, null])("body country %j is refused with 400 and no order", async (country) => {
    const ref = extRef("country");
    const playerId = await ensurePlayer(game, ref);
    const response = await checkout<ErrorBody>(game.secretKey, ref, { packSku: "p499", country });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(apiError("VALIDATION_FAILED", { fieldErrors: { country: [expect.any(String)] } }));
    expect(await ordersOfPlayer(playerId)).toEqual([]);
  });

  it("the refusal names the rule", async () => {
    const response = await checkout<ErrorBody>(game.secretKey, extRef("country"), { packSku: "p499", country: "GB" });
    expect(response.body.error.details).toEqual({ fieldErrors: { country: [COUNTRY_MESSAGE] } });
  });
});

describe("the pay helper's country", () => {
  it("recomputes VAT and net for the country picked on the payment page", async () => {
    const order = await newOrder(game.secretKey, "p4999", extRef("pay"), { country: "LU" });
    expect(order).toMatchObject({ country: "LU", vatRateBp: 1700, vatCents: 726, netCents: 4273 });
    const paid = await helper(game.secretKey, order.id, "pay", { country: "hu" });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: "fulfilled", amountCents: 4999, country: "HU", vatRateBp: 2700, vatCents: 1063, netCents: 3936 });
    expect((await getOrder(game.secretKey, order.id)).body).toEqual(paid.body);
  });

  it("without a country keeps the checkout's", async () => {
    const order = await newOrder(game.secretKey, "p1999", extRef("pay"), { country: "PL" });
    const paid = await helper(game.secretKey, order.id, "pay", {});
    expect(paid.body).toMatchObject({ status: "fulfilled", country: "PL", vatRateBp: 2300, vatCents: 374, netCents: 1625 });
  });

  it.each(["US", "GB", "XX"])("refuses %s with 400 and leaves the order pending and unchanged", async (country) => {
    const order = await newOrder(game.secretKey, "p499", extRef("pay"), { country: "FR" });
    const response = await helper<ErrorBody>(game.secretKey, order.id, "pay", { country });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(apiError("VALIDATION_FAILED", { fieldErrors: { country: [COUNTRY_MESSAGE] } }));
    expect((await getOrder(game.secretKey, order.id)).body).toEqual(order);
  });
});
