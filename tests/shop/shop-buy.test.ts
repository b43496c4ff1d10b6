import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, players } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError } from "@/server/lib/errors";
import { getShopContents } from "@/server/shop/shop-catalog";
import { buyFromShop } from "@/server/shop/shop-checkout";
import { createTestGame, db, extRef, useDatabase, type TestGame } from "../harness";
import { blockPlayer, ensurePlayer, testScope } from "../domain-helpers";

useDatabase();

const DAY = 24 * 3_600_000;
const pack = (sku: string, extra: Record<string, unknown> = {}) => ({
  sku,
  name: sku,
  priceCents: 499,
  grants: [{ currency: "coins", amount: 500, bonus: 50 }],
  items: [{ sku: "potion", quantity: 2 }],
  badge: null,
  maxPerPlayer: null,
  availability: null,
  ...extra,
});

let game: TestGame;
beforeAll(async () => {
  const now = Date.now();
  game = await createTestGame({
    catalog: {
      packs: [
        pack("chest", { badge: "Popular" }),
        pack("founder", { availability: { startsAt: null, endsAt: null, stock: 1, founder: true } }),
        pack("once", { maxPerPlayer: 1 }),
        pack("later", { availability: { startsAt: new Date(now + DAY).toISOString(), endsAt: null, stock: null, founder: false } }),
        pack("gone", { availability: { startsAt: null, endsAt: new Date(now - DAY).toISOString(), stock: null, founder: false } }),
        pack("closing", { availability: { startsAt: null, endsAt: new Date(now + 3 * DAY).toISOString(), stock: null, founder: false } }),
      ],
    },
    creatorCodes: [{ code: "NINJA", creatorName: "Ninja", rateBp: 1000, active: true }],
  });
});

async function playerRow(ref: string) {
  const id = await ensurePlayer(game, ref);
  const rows = await (await db()).select().from(players).where(eq(players.id, id));
  return rows[0] ?? (() => { throw new Error("no player"); })();
}

async function buy(ref: string, form: Record<string, string>) {
  const scope = await testScope(game);
  return buyFromShop(await db(), { scope, slug: game.slug, player: await playerRow(ref), form, locale: "en", clientIp: "203.0.113.9" });
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe("what the shop shows", () => {
  it("packs with their state for the player, VAT of the player's country, ended packs left out, balances of every active currency", async () => {
    const ref = extRef("view");
    await (await import("../harness")).call("PUT", `/players/${ref}`, { key: game.secretKey, body: { country: "NL" } });
    const contents = await getShopContents(await db(), { scope: await testScope(game), player: await playerRow(ref), now: clock.now() });
    const states = Object.fromEntries(contents.packs.map((p) => [p.sku, p.state.kind]));
    expect(states).toEqual({ chest: "on-sale", founder: "on-sale", once: "on-sale", later: "starts", closing: "on-sale" });
    const chest = contents.packs.find((p) => p.sku === "chest");
    expect(chest).toMatchObject({ badge: "Popular", vat: { country: "NL", vatRateBp: 2100 }, grants: [{ name: "Coins", amount: 500, bonus: 50 }], items: [{ name: "Potion", quantity: 2 }] });
    expect(contents.packs.find((p) => p.sku === "founder")).toMatchObject({ founder: true, remaining: 1 });
    expect(contents.balances.map((b) => [b.currency, b.total])).toEqual([["coins", 0], ["gems", 0]]);
    expect(contents.orders).toEqual([]);
  });
});

describe("buying from the shop", () => {
  it("opens the API's checkout; its return addresses lead back to the shop with the order", async () => {
    const { checkoutUrl, orderId } = await buy(extRef("buyer"), { packSku: "chest", creatorCode: " ninja " });
    expect(checkoutUrl).toMatch(/^http:\/\/localhost:3000\/pay\/[A-Za-z0-9_-]+$/);
    const [order] = await (await db()).select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      status: "pending",
      locale: "en",
      creatorCode: "NINJA",
      successUrl: `http://localhost:3000/shop/${game.slug}/test?order=${orderId}`,
      cancelUrl: `http://localhost:3000/shop/${game.slug}/test?order=${orderId}`,
      returnOrigin: "http://localhost:3000",
    });
  });

  it("the checkout's rules: sold out for the next buyer, the per-player limit, an unknown creator code, a blocked player", async () => {
    await buy(extRef("first"), { packSku: "founder" });
    const second = extRef("second");
    expect((await refusal(buy(second, { packSku: "founder" }))).code).toBe("PACK_SOLD_OUT");
    const view = await getShopContents(await db(), { scope: await testScope(game), player: await playerRow(second), now: clock.now() });
    expect(view.packs.find((p) => p.sku === "founder")?.state.kind).toBe("sold-out");

    const limited = extRef("limited");
    await buy(limited, { packSku: "once" });
    expect((await refusal(buy(limited, { packSku: "once" }))).code).toBe("LIMIT_REACHED");
    const after = await getShopContents(await db(), { scope: await testScope(game), player: await playerRow(limited), now: clock.now() });
    expect(after.packs.find((p) => p.sku === "once")?.state).toEqual({ kind: "limit-reached", maxPerPlayer: 1 });

    expect((await refusal(buy(extRef(), { packSku: "later" }))).code).toBe("PACK_NOT_AVAILABLE");
    const badCode = await refusal(buy(extRef(), { packSku: "chest", creatorCode: "NOPE" }));
    expect(badCode.details?.fieldErrors).toEqual({ creatorCode: ["CODE_INVALID"] });

    const blocked = extRef("blocked");
    await blockPlayer(await ensurePlayer(game, blocked));
    expect((await refusal(buy(blocked, { packSku: "chest" }))).code).toBe("PLAYER_BLOCKED");
  });

  it("a form with an unknown field or without a pack is refused before anything is written", async () => {
    const ref = extRef("bad-form");
    expect((await refusal(buy(ref, { packSku: "" }))).code).toBe("VALIDATION_FAILED");
    expect((await refusal(buy(ref, { packSku: "chest", country: "FR" }))).code).toBe("VALIDATION_FAILED");
    const id = await ensurePlayer(game, ref);
    expect(await (await db()).select().from(orders).where(eq(orders.playerId, id))).toEqual([]);
  });
});
