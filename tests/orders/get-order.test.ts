import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { packs } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { call, extRef, get, useDatabase, type TestGame } from "../harness";
import { apiError, gameIdOf } from "../domain-helpers";
import { assertLedgerInvariants, createSalesGame, getOrder, helper, newOrder, refund, type ErrorBody } from "../order-helpers";

useDatabase();

let game: TestGame;
let otherGame: TestGame;
beforeAll(async () => {
  [game, otherGame] = await Promise.all([createSalesGame(), createSalesGame()]);
});
afterEach(async () => {
  clock.reset();
  await assertLedgerInvariants(game);
  await assertLedgerInvariants(otherGame);
});

describe("getOrder", () => {
  it("answers 200 with every field of SPEC's Order, through each step", async () => {
    clock.freeze(new Date("2027-04-01T09:00:00.000Z"));
    const ref = extRef("reader");
    const playerId = (await call<{ id: string }>("PUT", `/players/${ref}`, { key: game.secretKey, body: { country: "IT" } })).body.id;
    const order = await newOrder(game.secretKey, "duo", ref);
    const pending = await getOrder(game.secretKey, order.id);
    expect(pending.status).toBe(200);
    expect(pending.headers.get("cache-control")).toBe("no-store");
    const expected = {
      id: order.id,
      playerId,
      status: "pending",
      pack: { sku: "duo", name: "Duo" },
      amountCents: 1999,
      currency: "EUR",
      country: "IT",
      vatRateBp: 2200,
      vatCents: 360,
      netCents: 1639,
      createdAt: "2027-04-01T09:00:00.000Z",
      paidAt: null,
      fulfilledAt: null,
      refundedAt: null,
      creatorCode: null,
    };
    expect(pending.body).toEqual(expected);

    clock.freeze(new Date("2027-04-01T09:10:00.000Z"));
    await helper(game.secretKey, order.id, "pay");
    expect((await getOrder(game.secretKey, order.id)).body).toEqual({
      ...expected,
      status: "fulfilled",
      paidAt: "2027-04-01T09:10:00.000Z",
      fulfilledAt: "2027-04-01T09:10:00.000Z",
    });

    clock.freeze(new Date("2027-04-02T00:00:00.000Z"));
    await refund(game.secretKey, order.id);
    expect((await getOrder(game.secretKey, order.id)).body).toEqual({
      ...expected,
      status: "refunded",
      paidAt: "2027-04-01T09:10:00.000Z",
      fulfilledAt: "2027-04-01T09:10:00.000Z",
      refundedAt: "2027-04-02T00:00:00.000Z",
    });
  });

  it("keeps the pack name of the order's time", async () => {
    const order = await newOrder(game.secretKey, "gear");
    const db = await getDb();
    const gameId = await gameIdOf(game);
    await db.update(packs).set({ name: "Gear (new)" }).where(and(eq(packs.gameId, gameId), eq(packs.sku, "gear")));
    try {
      expect((await getOrder(game.secretKey, order.id)).body.pack).toEqual({ sku: "gear", name: "Gear" });
      expect((await newOrder(game.secretKey, "gear")).pack).toEqual({ sku: "gear", name: "Gear (new)" });
    } finally {
      await db.update(packs).set({ name: "Gear" }).where(and(eq(packs.gameId, gameId), eq(packs.sku, "gear")));
    }
  });

  it("404 for an unknown id", async () => {
    const response = await getOrder<ErrorBody>(game.secretKey, "0123456789abcdef01234567");
    expect(response.status).toBe(404);
    expect(response.body).toEqual(apiError("NOT_FOUND"));
  });

  it.each(["abc", "0123456789abcdef0123456", "0123456789abcdef012345678", "0123456789abcdef0123456g", "ext%3Afoo", "%20"])("404 for the malformed id %j", async (id) => {
    const response = await getOrder<ErrorBody>(game.secretKey, id);
    expect(response.status).toBe(404);
    expect(response.body).toEqual(apiError("NOT_FOUND"));
  });

  it("404 for another game's order", async () => {
    const foreign = await newOrder(otherGame.secretKey, "p500");
    const response = await getOrder<ErrorBody>(game.secretKey, foreign.id);
    expect(response.status).toBe(404);
    expect(response.body).toEqual(apiError("NOT_FOUND"));
    expect((await getOrder(otherGame.secretKey, foreign.id)).status).toBe(200);
  });

  it("404 for the other environment's order, both ways", async () => {
    const testOrder = await newOrder(game.secretKey, "p500");
    const liveOrder = await newOrder(game.liveSecretKey, "free");
    for (const [key, id] of [[game.liveSecretKey, testOrder.id], [game.secretKey, liveOrder.id]] as const) {
      const response = await getOrder<ErrorBody>(key, id);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(apiError("NOT_FOUND"));
    }
    expect((await getOrder(game.liveSecretKey, liveOrder.id)).body).toEqual(liveOrder);
  });

  it("needs a secret key", async () => {
    const order = await newOrder(game.secretKey, "p500");
    expect((await call("GET", `/orders/${order.id}`, {})).status).toBe(401);
    expect((await get(`/orders/${order.id}`, "svc_sk_test_unknown")).status).toBe(401);
  });
});
