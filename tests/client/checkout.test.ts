/** createClientCheckout and getClientOrder through the routes. */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { orders } from "@/db/schema";
import { resetRateLimits } from "@/server/lib/rate-limit";
import type { OrderView } from "@/server/orders/order-view";
import { apiError, gameIdOf, validationFailed } from "../domain-helpers";
import { call, createTestGame, get, idem, useDatabase, type ApiResponse, type TestGame } from "../harness";
import { assertLedgerChainsConsistent, assertLedgerMatchesBalances } from "../ledger-invariants";
import { clientCall, externalPlayer, getMe, meWrite, newAnonymous, type ClientCallOptions } from "../client-helpers";

useDatabase();

const SITE = "https://play.example.com";
const DEV_SITE = "http://localhost:5173";

const catalog = {
  currencies: [{ code: "coins", name: "Coins", purchasable: true }],
  items: [{ sku: "potion", name: "Potion", type: "consumable" }],
  packs: [
    { sku: "p500", name: "500 Coins", priceCents: 499, grants: [{ currency: "coins", amount: 500, bonus: 50 }], items: [{ sku: "potion", quantity: 2 }] },
    { sku: "free", name: "Free", priceCents: 0, grants: [{ currency: "coins", amount: 10 }] },
    { sku: "once", name: "Once", priceCents: 199, grants: [{ currency: "coins", amount: 100 }], maxPerPlayer: 1 },
    { sku: "soon", name: "Soon", priceCents: 299, grants: [{ currency: "coins", amount: 1 }], availability: { startsAt: "2031-01-01T00:00:00Z", endsAt: "2031-02-01T00:00:00Z" } },
    { sku: "over", name: "Over", priceCents: 299, grants: [{ currency: "coins", amount: 1 }], availability: { endsAt: "2021-01-01T00:00:00Z" } },
    { sku: "last", name: "Last one", priceCents: 999, grants: [{ currency: "coins", amount: 1 }], availability: { stock: 1 } },
    { sku: "hidden", name: "Hidden", priceCents: 99, grants: [{ currency: "coins", amount: 1 }], status: "draft" },
  ],
};

type Checkout = { order: OrderView; checkoutUrl: string };

let game: TestGame;
beforeAll(async () => {
  game = await createTestGame({
    catalog,
    allowedOrigins: { test: [SITE, DEV_SITE], live: [SITE] },
    creatorCodes: [
      { code: "NINJA", creatorName: "Ninja", rateBp: 1000 },
      { code: "GONE", creatorName: "Gone", rateBp: 1000, active: false },
    ],
  });
});
afterEach(() => {
  resetRateLimits();
});
afterAll(async () => {
  const gameId = await gameIdOf(game);
  await assertLedgerMatchesBalances(gameId);
  await assertLedgerChainsConsistent(gameId);
});

function checkout(token: string, body: Record<string, unknown>, options: Omit<ClientCallOptions, "token" | "body"> = {}): Promise<ApiResponse<Checkout>> {
  return meWrite<Checkout>(game, token, "/checkouts", body, options);
}

async function ordersOf(playerId: string): Promise<(typeof orders.$inferSelect)[]> {
  return (await getDb()).select().from(orders).where(eq(orders.playerId, playerId));
}

async function orderCount(playerId: string): Promise<number> {
  const rows = await (await getDb()).select({ n: sql<string>`count(*)::text` }).from(orders).where(and(eq(orders.playerId, playerId)));
  return Number(rows[0]?.n ?? 0);
}

describe("createClientCheckout", () => {
  it("201: a pending order of the token's player and the hosted page URL", async () => {
    const { player, token } = await newAnonymous(game);
    const response = await checkout(token, { packSku: "p500" });
    expect(response.status).toBe(201);
    expect(response.headers.get("idempotent-replayed")).toBeNull();
    expect(response.body.order).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      playerId: player.id,
      status: "pending",
      pack: { sku: "p500", name: "500 Coins" },
      amountCents: 499,
      currency: "EUR",
      country: expect.stringMatching(/^[A-Z]{2}$/),
      paidAt: null,
      fulfilledAt: null,
      refundedAt: null,
      creatorCode: null,
    });
    expect(response.body.order.vatCents + response.body.order.netCents).toBe(499);
    expect(response.body.checkoutUrl).toMatch(/^http:\/\/localhost:3000\/pay\/[A-Za-z0-9_-]+$/);
    // The backend reads the same order.
    expect((await get(`/orders/${response.body.order.id}`, game.secretKey)).body).toEqual(response.body.order);
  });

  it("an ext: player's token can buy too", async () => {
    const external = await externalPlayer(game);
    const response = await checkout(external.token, { packSku: "free" });
    expect(response.status).toBe(201);
    expect(response.body.order.playerId).toBe(external.id);
  });

  describe("return URLs must be https and of the request's Origin", () => {
    it("accepted: both URLs on the page's own https origin", async () => {
      const { player, token } = await newAnonymous(game);
      const response = await checkout(
        token,
        { packSku: "p500", successUrl: `${SITE}/shop/ok?order=1`, cancelUrl: `${SITE}/shop` },
        { origin: SITE },
      );
      expect(response.status).toBe(201);
      const [row] = await ordersOf(player.id);
      expect(row).toMatchObject({ successUrl: `${SITE}/shop/ok?order=1`, cancelUrl: `${SITE}/shop`, returnOrigin: SITE });
    });

    it.each([
      ["another origin", SITE, { successUrl: "https://evil.example.net/ok" }, ["successUrl"]],
      ["another origin for cancelUrl", SITE, { successUrl: `${SITE}/ok`, cancelUrl: "https://evil.example.net/" }, ["cancelUrl"]],
      ["both elsewhere", SITE, { successUrl: "https://a.example/", cancelUrl: "https://b.example/" }, ["successUrl", "cancelUrl"]],
      ["another port", SITE, { successUrl: "https://play.example.com:8443/ok" }, ["successUrl"]],
      ["a subdomain", SITE, { successUrl: "https://www.play.example.com/ok" }, ["successUrl"]],
      ["http on an https page", SITE, { successUrl: "http://play.example.com/ok" }, ["successUrl"]],
      ["http, even of the page's own http origin", DEV_SITE, { successUrl: `${DEV_SITE}/ok`, cancelUrl: `${DEV_SITE}/cancel` }, ["successUrl", "cancelUrl"]],
      ["no Origin header", undefined, { successUrl: `${SITE}/ok` }, ["successUrl"]],
      ["no Origin header, cancelUrl only", undefined, { cancelUrl: `${SITE}/cancel` }, ["cancelUrl"]],
    ])("%s: 400 ORIGIN_MISMATCH and no order", async (_label, origin, urls, fields) => {
      const { player, token } = await newAnonymous(game);
      const response = await checkout(token, { packSku: "p500", ...urls }, { origin });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(validationFailed(Object.fromEntries(fields.map((f) => [f, ["ORIGIN_MISMATCH"]]))));
      expect(await orderCount(player.id)).toBe(0);
    });

    it("without an Origin header and without URLs the checkout works", async () => {
      const { token } = await newAnonymous(game);
      expect((await checkout(token, { packSku: "p500" })).status).toBe(201);
    });

    it.each([
      ["not a URL", "not a url"],
      ["a javascript: URL", "javascript:alert(1)"],
      ["a number", 5],
      ["2049 characters", `${SITE}/${"a".repeat(2049 - SITE.length - 1)}`],
    ])("%s is 400 VALIDATION_FAILED on the field", async (_label, successUrl) => {
      const { token } = await newAnonymous(game);
      const response = await checkout(token, { packSku: "p500", successUrl }, { origin: SITE });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(validationFailed({ successUrl: [expect.any(String)] }));
    });
  });

  it("`country` is refused as an unknown field (the buyer picks it on the payment page)", async () => {
    const { player, token } = await newAnonymous(game);
    const response = await checkout(token, { packSku: "p500", country: "FR" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ country: [expect.any(String)] }));
    expect(await orderCount(player.id)).toBe(0);
  });

  it.each([
    ["locale en", "en", undefined, "en"],
    ["locale nl wins over Accept-Language", "nl", "fr-FR,fr;q=0.9", "nl"],
    ["an unknown locale is ignored: Accept-Language decides", "de", "nl-BE,nl;q=0.9,en;q=0.5", "nl"],
    ["a non-string locale is ignored too", 5, "en-GB", "en"],
    ["an unknown locale and no Accept-Language: none stored (the page shows French)", "xx-YY", undefined, null],
    ["no locale: Accept-Language", undefined, "nl-BE,nl;q=0.9", "nl"],
  ] as const)("%s", async (_label, locale, acceptLanguage, expected) => {
    const { player, token } = await newAnonymous(game);
    const body = locale === undefined ? { packSku: "p500" } : { packSku: "p500", locale };
    const response = await checkout(token, body, { headers: acceptLanguage ? { "accept-language": acceptLanguage } : {} });
    expect(response.status).toBe(201);
    const [row] = await ordersOf(player.id);
    expect(row?.locale ?? null).toBe(expected);
  });

  describe("creator codes", () => {
    it.each([["NINJA"], ["ninja"], ["  Ninja  "]])("%j is normalized and shown on the order", async (typed) => {
      const { token } = await newAnonymous(game);
      const response = await checkout(token, { packSku: "p500", creatorCode: typed });
      expect(response.status).toBe(201);
      expect(response.body.order.creatorCode).toEqual({ code: "NINJA", creatorName: "Ninja" });
      expect(JSON.stringify(response.body)).not.toMatch(/"rateBp"|creatorRate|creatorShare/);
    });

    it.each([["unknown", "NOBODY"], ["inactive", "gone"], ["malformed", "no spaces allowed"], ["too long", "X".repeat(65)], ["empty", ""]])(
      "%s: 400 fieldErrors.creatorCode = [CODE_INVALID] and no order",
      async (_label, creatorCode) => {
        const { player, token } = await newAnonymous(game);
        const response = await checkout(token, { packSku: "p500", creatorCode });
        expect(response.status).toBe(400);
        expect(response.body).toEqual(validationFailed({ creatorCode: ["CODE_INVALID"] }));
        expect(await orderCount(player.id)).toBe(0);
      },
    );
  });

  describe("the live environment", () => {
    it("402 PAYMENT_FAILED for a paid pack (no provider), with no Origin or an allowed one; nothing is held", async () => {
      const live = await newAnonymous(game, { live: true });
      for (const origin of [undefined, SITE]) {
        const response = await checkout(live.token, { packSku: "p500" }, { serviceKey: game.livePublishableKey, origin });
        expect(response.status).toBe(402);
        expect(response.body).toEqual(apiError("PAYMENT_FAILED"));
      }
      expect(await orderCount(live.player.id)).toBe(0);
    });

    it("a free pack needs no provider: 201 in live", async () => {
      const live = await newAnonymous(game, { live: true });
      const response = await checkout(live.token, { packSku: "free" }, { serviceKey: game.livePublishableKey });
      expect(response.status).toBe(201);
      expect(response.body.order).toMatchObject({ status: "pending", amountCents: 0 });
    });

    it("an origin listed only for test is refused in live", async () => {
      const live = await newAnonymous(game, { live: true });
      const response = await checkout(live.token, { packSku: "p500" }, { serviceKey: game.livePublishableKey, origin: DEV_SITE });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(apiError("FORBIDDEN", { fieldErrors: { Origin: ["ORIGIN_NOT_ALLOWED"] } }));
    });
  });

  it("409 PACK_NOT_AVAILABLE before and after the sale window, with details.startsAt and details.endsAt", async () => {
    const { token } = await newAnonymous(game);
    const soon = await checkout(token, { packSku: "soon" });
    expect(soon.status).toBe(409);
    expect(soon.body).toEqual(apiError("PACK_NOT_AVAILABLE", { startsAt: "2031-01-01T00:00:00.000Z", endsAt: "2031-02-01T00:00:00.000Z" }));
    const over = await checkout(token, { packSku: "over" });
    expect(over.status).toBe(409);
    expect(over.body).toEqual(apiError("PACK_NOT_AVAILABLE", { startsAt: null, endsAt: "2021-01-01T00:00:00.000Z" }));
  });

  it("409 PACK_SOLD_OUT once the stock is held by a pending order", async () => {
    const first = await newAnonymous(game);
    const second = await newAnonymous(game);
    expect((await checkout(first.token, { packSku: "last" })).status).toBe(201);
    const response = await checkout(second.token, { packSku: "last" });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("PACK_SOLD_OUT", expect.anything()));
    expect(await orderCount(second.player.id)).toBe(0);
  });

  it("409 LIMIT_REACHED past maxPerPlayer (a pending order counts)", async () => {
    const { player, token } = await newAnonymous(game);
    expect((await checkout(token, { packSku: "once" })).status).toBe(201);
    const again = await checkout(token, { packSku: "once" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(apiError("LIMIT_REACHED", expect.anything()));
    expect(await orderCount(player.id)).toBe(1);
    // Another player is not limited by it.
    expect((await checkout((await newAnonymous(game)).token, { packSku: "once" })).status).toBe(201);
  });

  it("404 NOT_FOUND for an unknown or draft pack", async () => {
    const { token } = await newAnonymous(game);
    for (const packSku of ["nope", "hidden"]) {
      const response = await checkout(token, { packSku });
      expect(response.status).toBe(404);
      expect(response.body).toEqual(apiError("NOT_FOUND"));
    }
  });

  it("400 for a missing packSku, and IDEMPOTENCY_KEY_REQUIRED without a key", async () => {
    const { token } = await newAnonymous(game);
    const missing = await checkout(token, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(validationFailed({ packSku: ["Required"] }));
    const noKey = await clientCall(game, "POST", "/me/checkouts", { token, body: { packSku: "p500" } });
    expect(noKey.status).toBe(400);
    expect(noKey.body).toEqual(apiError("IDEMPOTENCY_KEY_REQUIRED"));
  });

  it("a replay is 200 with Idempotent-Replayed and the order in its current state; no second order", async () => {
    const { player, token } = await newAnonymous(game);
    const key = idem();
    const first = await checkout(token, { packSku: "p500", successUrl: `${SITE}/ok` }, { idempotencyKey: key, origin: SITE });
    expect(first.status).toBe(201);
    const replay = await checkout(token, { packSku: "p500", successUrl: `${SITE}/ok` }, { idempotencyKey: key, origin: SITE });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);

    const paid = await call<OrderView>("POST", `/test-helpers/orders/${first.body.order.id}/pay`, { key: game.secretKey });
    expect(paid.status).toBe(200);
    const later = await checkout(token, { packSku: "p500", successUrl: `${SITE}/ok` }, { idempotencyKey: key, origin: SITE });
    expect(later.status).toBe(200);
    expect(later.body.order).toEqual(paid.body);
    expect(later.body.order.status).toBe("fulfilled");
    expect(later.body.checkoutUrl).toBe(first.body.checkoutUrl);
    expect(await orderCount(player.id)).toBe(1);
    // The pack was delivered once.
    const me = await getMe(game, token);
    expect(me.wallet.balances).toEqual([{ currency: "coins", paid: 500, bonus: 50, total: 550 }]);
    expect(me.inventory).toEqual([expect.objectContaining({ sku: "potion", quantity: 2 })]);

    const conflict = await checkout(token, { packSku: "free" }, { idempotencyKey: key, origin: SITE });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual(apiError("IDEMPOTENCY_CONFLICT"));
  });
});

describe("getClientOrder", () => {
  it("200: the token player's own order, as getOrder shows it", async () => {
    const { token } = await newAnonymous(game);
    const created = await checkout(token, { packSku: "p500" });
    const response = await clientCall<OrderView>(game, "GET", `/me/orders/${created.body.order.id}`, { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(created.body.order);
    expect(response.body).toEqual((await get(`/orders/${created.body.order.id}`, game.secretKey)).body);
    // Ids match without case, as everywhere.
    const upper = await clientCall<OrderView>(game, "GET", `/me/orders/${created.body.order.id.toUpperCase()}`, { token });
    expect(upper.status).toBe(200);
  });

  it("404 NOT_FOUND for another player's order, an unknown id, a malformed id and a live order", async () => {
    const owner = await newAnonymous(game);
    const other = await newAnonymous(game);
    const order = (await checkout(owner.token, { packSku: "p500" })).body.order;
    const live = await newAnonymous(game, { live: true });
    const liveOrder = (await checkout(live.token, { packSku: "free" }, { serviceKey: game.livePublishableKey })).body.order;
    for (const id of [order.id, "0123456789abcdef01234567", "nope", liveOrder.id]) {
      const response = await clientCall(game, "GET", `/me/orders/${id}`, { token: other.token });
      expect(response.status, id).toBe(404);
      expect(response.body).toEqual(apiError("NOT_FOUND"));
    }
    // The live order is its owner's, with the live key only.
    expect((await clientCall(game, "GET", `/me/orders/${liveOrder.id}`, { token: live.token, serviceKey: game.livePublishableKey })).status).toBe(200);
    expect((await clientCall(game, "GET", `/me/orders/${order.id}`, { token: owner.token })).status).toBe(200);
  });
});
