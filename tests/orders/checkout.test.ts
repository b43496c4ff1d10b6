import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { clock } from "@/server/lib/clock";
import { sha256Hex } from "@/server/lib/secrets";
import { call, createTestGame, extRef, get, idem, useDatabase, type TestGame } from "../harness";
import { apiError, blockPlayer, ensurePlayer, gameIdOf } from "../domain-helpers";
import {
  assertLedgerInvariants,
  balanceOf,
  checkout,
  countOrders,
  getOrder,
  helper,
  newOrder,
  orderRow,
  ordersOfPlayer,
  refund,
  salesCatalog,
  setOrderStatus,
  type ErrorBody,
} from "../order-helpers";

useDatabase();

const PUBLIC_URL = "http://localhost:3000";
const START = "2027-03-01T10:00:00.000Z";
const END = "2027-03-08T10:00:00.000Z";
const LAUNCH = "2027-06-01T00:00:00.000Z";
const ms = (iso: string) => new Date(iso).getTime();

let game: TestGame;
let windowed: TestGame;
let prelaunch: TestGame;
let prelaunchNoDate: TestGame;
const games = () => [game, windowed, prelaunch, prelaunchNoDate];

const coinsPack = (sku: string, extra: Record<string, unknown> = {}) => ({
  sku,
  name: sku,
  priceCents: 199,
  grants: [{ currency: "coins", amount: 10 }],
  ...extra,
});

beforeAll(async () => {
  game = await createTestGame({
    catalog: {
      ...salesCatalog,
      packs: [
        ...salesCatalog.packs,
        coinsPack("max2", { maxPerPlayer: 2 }),
        coinsPack("max1", { maxPerPlayer: 1 }),
        coinsPack("free-max1", { priceCents: 0, maxPerPlayer: 1 }),
      ],
    },
  });
  windowed = await createTestGame({
    catalog: {
      currencies: [{ code: "coins", name: "Coins", purchasable: true }],
      packs: [
        coinsPack("week", { availability: { startsAt: START, endsAt: END, stock: null, founder: false } }),
        coinsPack("from", { availability: { startsAt: START, endsAt: null, stock: null, founder: false } }),
        coinsPack("until", { availability: { startsAt: null, endsAt: END, stock: null, founder: false } }),
      ],
    },
  });
  const prelaunchCatalog = {
    currencies: [{ code: "coins", name: "Coins", purchasable: true }],
    packs: [
      coinsPack("normal"),
      coinsPack("limited", { availability: { startsAt: null, endsAt: null, stock: 100, founder: false } }),
      coinsPack("founder", { availability: { startsAt: null, endsAt: null, stock: 100, founder: true } }),
      coinsPack("founder-later", { availability: { startsAt: "2027-05-15T00:00:00.000Z", endsAt: "2027-07-01T00:00:00.000Z", stock: null, founder: true } }),
    ],
  };
  prelaunch = await createTestGame({ catalog: prelaunchCatalog, settings: { prelaunch: true, launchAt: LAUNCH } });
  prelaunchNoDate = await createTestGame({ catalog: prelaunchCatalog, settings: { prelaunch: true, launchAt: null } });
});

afterEach(async () => {
  clock.reset();
  for (const g of games()) await assertLedgerInvariants(g);
});

describe("a new checkout", () => {
  it("answers 201 with a pending order and the hosted page URL", async () => {
    clock.freeze(new Date("2026-12-01T08:00:00.000Z"));
    const ref = extRef("buyer");
    const response = await checkout(game.secretKey, ref, { packSku: "p500", country: "FR" });
    expect(response.status).toBe(201);
    expect(response.headers.get("idempotent-replayed")).toBeNull();
    const playerId = (await get<{ id: string }>(`/players/${ref}`, game.secretKey)).body.id;
    const { order, checkoutUrl } = response.body;
    expect(Object.keys(response.body).sort()).toEqual(["checkoutUrl", "order"]);
    expect(order).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      playerId,
      status: "pending",
      pack: { sku: "p500", name: "500 Coins" },
      amountCents: 499,
      currency: "EUR",
      country: "FR",
      vatRateBp: 2000,
      vatCents: 83,
      netCents: 416,
      createdAt: "2026-12-01T08:00:00.000Z",
      paidAt: null,
      fulfilledAt: null,
      refundedAt: null,
      creatorCode: null,
    });
    expect(checkoutUrl.startsWith(`${PUBLIC_URL}/pay/`)).toBe(true);
    const token = checkoutUrl.slice(`${PUBLIC_URL}/pay/`.length);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    expect(checkoutUrl).not.toContain(order.id);
    expect(checkoutUrl).not.toContain(playerId);
    // Only the token's hash is stored.
    const row = await orderRow(order.id);
    expect(row.checkoutTokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.toISOString()).toBe("2026-12-01T08:30:00.000Z");
  });

  it("gives every checkout its own token", async () => {
    const ref = extRef("buyer");
    const urls = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const response = await checkout(game.secretKey, ref, { packSku: "p500" });
      expect(response.status).toBe(201);
      urls.add(response.body.checkoutUrl);
    }
    expect(urls.size).toBe(5);
  });

  it("creates an unknown ext: player", async () => {
    const ref = extRef("new");
    expect((await get(`/players/${ref}`, game.secretKey)).status).toBe(404);
    const order = await newOrder(game.secretKey, "p500", ref);
    const player = await get<{ id: string }>(`/players/${ref}`, game.secretKey);
    expect(player.status).toBe(200);
    expect(order.playerId).toBe(player.body.id);
  });

  it("keeps return URLs and locale on the order; an unknown locale is ignored", async () => {
    const order = await newOrder(game.secretKey, "p500", extRef("buyer"), {
      successUrl: "https://shop.example/ok",
      cancelUrl: "https://shop.example/cancel",
      locale: "de",
    });
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ successUrl: "https://shop.example/ok", cancelUrl: "https://shop.example/cancel", locale: null, returnOrigin: "https://shop.example" });
    const nl = await newOrder(game.secretKey, "p500", extRef("buyer"), { locale: "nl" });
    expect((await orderRow(nl.id)).locale).toBe("nl");
  });

  it("refuses a body with an unknown field, without packSku, or with a bad URL", async () => {
    const ref = extRef("buyer");
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ packSku: "p500", quantity: 2 }, { quantity: ["Unknown field"] }],
      [{}, { packSku: ["Required"] }],
      // Not a URL at all: one message, and no 500 from the protocol check parsing it.
      [{ packSku: "p500", successUrl: "not a url" }, { successUrl: ["Must be an absolute URL"] }],
      [{ packSku: "p500", cancelUrl: "ftp://shop.example/x" }, { cancelUrl: ["Must be an http or https URL"] }],
      [{ packSku: "p500", successUrl: "javascript:alert(1)" }, { successUrl: ["Must be an http or https URL"] }],
    ];
    for (const [body, fieldErrors] of cases) {
      const response = await checkout<ErrorBody>(game.secretKey, ref, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(apiError("VALIDATION_FAILED", { fieldErrors }));
    }
    expect((await get(`/players/${ref}`, game.secretKey)).status).toBe(404);
  });

  it("needs an Idempotency-Key", async () => {
    const response = await call("POST", `/players/${extRef("buyer")}/checkouts`, { key: game.secretKey, body: { packSku: "p500" } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(apiError("IDEMPOTENCY_KEY_REQUIRED"));
  });
});

describe("a replayed checkout", () => {
  it("answers 200 with Idempotent-Replayed and the same order and URL, creating nothing", async () => {
    const ref = extRef("buyer");
    const key = idem();
    const first = await checkout(game.secretKey, ref, { packSku: "p500" }, key);
    expect(first.status).toBe(201);
    const replay = await checkout(game.secretKey, ref, { packSku: "p500" }, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect(await ordersOfPlayer(first.body.order.playerId)).toHaveLength(1);
  });

  it("shows the order in its current state", async () => {
    const ref = extRef("buyer");
    const key = idem();
    const first = await checkout(game.secretKey, ref, { packSku: "p500" }, key);
    const paid = await helper(game.secretKey, first.body.order.id, "pay");
    expect(paid.status).toBe(200);
    const replay = await checkout(game.secretKey, ref, { packSku: "p500" }, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual({ order: paid.body, checkoutUrl: first.body.checkoutUrl });
    expect(replay.body.order).toMatchObject({ status: "fulfilled", paidAt: expect.any(String), fulfilledAt: expect.any(String) });
    // The replay delivered nothing more.
    expect(await balanceOf(game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
    const refunded = await refund(game.secretKey, first.body.order.id);
    const again = await checkout(game.secretKey, ref, { packSku: "p500" }, key);
    expect(again.body.order).toEqual(refunded.body);
  });

  it("with the same key and another body answers 409 IDEMPOTENCY_CONFLICT", async () => {
    const ref = extRef("buyer");
    const key = idem();
    expect((await checkout(game.secretKey, ref, { packSku: "p500" }, key)).status).toBe(201);
    const other = await checkout<ErrorBody>(game.secretKey, ref, { packSku: "duo" }, key);
    expect(other.status).toBe(409);
    expect(other.body).toEqual(apiError("IDEMPOTENCY_CONFLICT"));
  });
});

describe("packs that cannot be bought", () => {
  it.each(["nope", "draft-pack", "old-pack"])("%s answers 404 NOT_FOUND and creates no order", async (packSku) => {
    const ref = extRef("buyer");
    const playerId = await ensurePlayer(game, ref);
    const response = await checkout<ErrorBody>(game.secretKey, ref, { packSku });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(apiError("NOT_FOUND"));
    expect(await ordersOfPlayer(playerId)).toEqual([]);
  });
});

describe("the sale window", () => {
  const window = { startsAt: START, endsAt: END };
  const attempt = async (packSku: string, at: number) => {
    clock.freeze(new Date(at));
    return checkout<ErrorBody>(windowed.secretKey, extRef("window"), { packSku });
  };

  it("opens at startsAt (included)", async () => {
    const before = await attempt("week", ms(START) - 1);
    expect(before.status).toBe(409);
    expect(before.body).toEqual(apiError("PACK_NOT_AVAILABLE", window));
    expect((await attempt("week", ms(START))).status).toBe(201);
  });

  it("closes at endsAt (excluded)", async () => {
    expect((await attempt("week", ms(END) - 1)).status).toBe(201);
    const atEnd = await attempt("week", ms(END));
    expect(atEnd.status).toBe(409);
    expect(atEnd.body).toEqual(apiError("PACK_NOT_AVAILABLE", window));
    const later = await attempt("week", ms(END) + 86_400_000);
    expect(later.body).toEqual(apiError("PACK_NOT_AVAILABLE", window));
  });

  it("an open start or end is null in the details", async () => {
    const early = await attempt("from", ms(START) - 1);
    expect(early.status).toBe(409);
    expect(early.body).toEqual(apiError("PACK_NOT_AVAILABLE", { startsAt: START, endsAt: null }));
    expect((await attempt("from", ms(END) + 365 * 86_400_000)).status).toBe(201);
    expect((await attempt("until", ms(START) - 365 * 86_400_000)).status).toBe(201);
    const late = await attempt("until", ms(END));
    expect(late.body).toEqual(apiError("PACK_NOT_AVAILABLE", { startsAt: null, endsAt: END }));
  });

  it("a refused checkout creates no order", async () => {
    const before = await countOrders(await gameIdOf(windowed));
    await attempt("week", ms(START) - 1);
    expect(await countOrders(await gameIdOf(windowed))).toBe(before);
  });

  it("the catalog lists the pack outside its window too", async () => {
    clock.freeze(new Date(ms(END) + 1));
    const catalog = await get<{ packs: { sku: string; availability: unknown }[] }>(`/catalog`, windowed.secretKey);
    expect(catalog.body.packs.find((p) => p.sku === "week")?.availability).toEqual({ startsAt: START, endsAt: END, remaining: null, founder: false });
  });
});

describe("prelaunch", () => {
  const buy = (g: TestGame, packSku: string) => checkout<ErrorBody>(g.secretKey, extRef("early"), { packSku });

  it("before launchAt only founder packs sell", async () => {
    clock.freeze(new Date(ms(LAUNCH) - 1));
    for (const packSku of ["normal", "limited"]) {
      const response = await buy(prelaunch, packSku);
      expect(response.status).toBe(409);
      expect(response.body).toEqual(apiError("PACK_NOT_AVAILABLE", { startsAt: LAUNCH, endsAt: null }));
    }
    expect((await buy(prelaunch, "founder")).status).toBe(201);
    expect((await buy(prelaunch, "founder-later")).status).toBe(201);
  });

  it("a founder pack still keeps its own window", async () => {
    clock.freeze(new Date("2027-05-14T23:59:59.999Z"));
    const response = await buy(prelaunch, "founder-later");
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("PACK_NOT_AVAILABLE", { startsAt: "2027-05-15T00:00:00.000Z", endsAt: "2027-07-01T00:00:00.000Z" }));
  });

  it("from launchAt every pack sells", async () => {
    clock.freeze(new Date(LAUNCH));
    for (const packSku of ["normal", "limited", "founder", "founder-later"]) expect((await buy(prelaunch, packSku)).status).toBe(201);
  });

  it("the catalog says prelaunch with the launch date", async () => {
    const catalog = await get<{ prelaunch: boolean; launchAt: string | null }>(`/catalog`, prelaunch.secretKey);
    expect(catalog.body).toMatchObject({ prelaunch: true, launchAt: LAUNCH });
  });

  it("without a launch date only founder packs sell", async () => {
    clock.freeze(new Date("2035-01-01T00:00:00.000Z"));
    const response = await buy(prelaunchNoDate, "normal");
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("PACK_NOT_AVAILABLE", { startsAt: null, endsAt: null }));
    expect((await buy(prelaunchNoDate, "founder")).status).toBe(201);
  });

  it("a game without prelaunch sells everything", async () => {
    expect((await checkout(game.secretKey, extRef("early"), { packSku: "p500" })).status).toBe(201);
  });
});

describe("maxPerPlayer", () => {
  it("counts pending, fulfilled and refunded orders, not failed, canceled or expired ones", async () => {
    const ref = extRef("max");
    for (const move of ["decline", "cancel", "expire"] as const) {
      const order = await newOrder(game.secretKey, "max2", ref);
      expect((await helper(game.secretKey, order.id, move)).status).toBe(200);
    }
    const refunded = await newOrder(game.secretKey, "max2", ref);
    expect((await helper(game.secretKey, refunded.id, "pay")).status).toBe(200);
    expect((await refund(game.secretKey, refunded.id)).status).toBe(200);
    await newOrder(game.secretKey, "max2", ref); // pending: the second
    const third = await checkout<ErrorBody>(game.secretKey, ref, { packSku: "max2" });
    expect(third.status).toBe(409);
    expect(third.body).toEqual(apiError("LIMIT_REACHED", { maxPerPlayer: 2, orders: 2 }));
    // Another player is not affected, nor another pack.
    expect((await checkout(game.secretKey, extRef("max"), { packSku: "max2" })).status).toBe(201);
    expect((await checkout(game.secretKey, ref, { packSku: "max1" })).status).toBe(201);
  });

  it("counts a paid and a charged-back order", async () => {
    const paidRef = extRef("max");
    const paid = await newOrder(game.secretKey, "max1", paidRef);
    await setOrderStatus(paid.id, "paid");
    expect((await checkout<ErrorBody>(game.secretKey, paidRef, { packSku: "max1" })).body).toEqual(apiError("LIMIT_REACHED", { maxPerPlayer: 1, orders: 1 }));
    const disputedRef = extRef("max");
    const disputed = await newOrder(game.secretKey, "max1", disputedRef);
    await helper(game.secretKey, disputed.id, "pay");
    expect((await helper(game.secretKey, disputed.id, "chargeback")).status).toBe(200);
    expect((await checkout<ErrorBody>(game.secretKey, disputedRef, { packSku: "max1" })).body).toEqual(apiError("LIMIT_REACHED", { maxPerPlayer: 1, orders: 1 }));
  });

  it("a canceled order frees the place again", async () => {
    const ref = extRef("max");
    const first = await newOrder(game.secretKey, "max1", ref);
    expect((await checkout(game.secretKey, ref, { packSku: "max1" })).status).toBe(409);
    await helper(game.secretKey, first.id, "cancel");
    expect((await checkout(game.secretKey, ref, { packSku: "max1" })).status).toBe(201);
  });

  it("is counted per environment", async () => {
    const ref = extRef("max");
    expect((await checkout(game.secretKey, ref, { packSku: "free-max1" })).status).toBe(201);
    expect((await checkout(game.secretKey, ref, { packSku: "free-max1" })).status).toBe(409);
    expect((await checkout(game.liveSecretKey, ref, { packSku: "free-max1" })).status).toBe(201);
  });
});

describe("who cannot buy", () => {
  it("a blocked player gets 403 PLAYER_BLOCKED and no order", async () => {
    const ref = extRef("blocked");
    const playerId = await ensurePlayer(game, ref);
    await blockPlayer(playerId);
    const response = await checkout<ErrorBody>(game.secretKey, ref, { packSku: "p500" });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(apiError("PLAYER_BLOCKED"));
    const free = await checkout<ErrorBody>(game.secretKey, ref, { packSku: "free" });
    expect(free.status).toBe(403);
    expect(await ordersOfPlayer(playerId)).toEqual([]);
  });

  it("live has no payment provider: a paid pack answers 402 PAYMENT_FAILED and no order row is written", async () => {
    const gameId = await gameIdOf(game);
    const before = await countOrders(gameId);
    const ref = extRef("live");
    const key = idem();
    const response = await checkout<ErrorBody>(game.liveSecretKey, ref, { packSku: "p500" }, key);
    expect(response.status).toBe(402);
    expect(response.body).toEqual(apiError("PAYMENT_FAILED"));
    expect(await countOrders(gameId)).toBe(before);
    // The failure is not stored: the same key tries again (and fails again).
    const again = await checkout<ErrorBody>(game.liveSecretKey, ref, { packSku: "p500" }, key);
    expect(again.status).toBe(402);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(await countOrders(gameId)).toBe(before);
  });
});

describe("a free pack", () => {
  it("sells in live with no VAT", async () => {
    const response = await checkout(game.liveSecretKey, extRef("live"), { packSku: "free", country: "DE" });
    expect(response.status).toBe(201);
    expect(response.body.order).toMatchObject({ status: "pending", amountCents: 0, country: "DE", vatRateBp: 1900, vatCents: 0, netCents: 0 });
    expect(response.body.checkoutUrl.startsWith(`${PUBLIC_URL}/pay/`)).toBe(true);
    expect((await getOrder(game.liveSecretKey, response.body.order.id)).body).toEqual(response.body.order);
  });

  it("sells in test with no VAT and is delivered when confirmed", async () => {
    const ref = extRef("free");
    const order = await newOrder(game.secretKey, "free", ref);
    expect(order).toMatchObject({ amountCents: 0, country: "BE", vatRateBp: 2100, vatCents: 0, netCents: 0 });
    // A free pack is not bought with money, so all its coins are bonus (SPEC: only a paid pack order credits paid).
    const paid = await helper(game.secretKey, order.id, "pay");
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: "fulfilled", vatCents: 0, netCents: 0 });
    expect(await balanceOf(game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 0, bonus: 15, total: 15 });
  });
});
