import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { orders } from "@/db/schema";
import { expirePendingOrders } from "@/server/jobs/expire-orders";
import { clock } from "@/server/lib/clock";
import { createTestGame, extRef, idem, useDatabase, type TestGame } from "../harness";
import { apiError, ensurePlayer, gameIdOf } from "../domain-helpers";
import { assertLedgerInvariants, checkout, getOrder, helper, newOrder, refund, remainingOf, type ErrorBody } from "../order-helpers";

useDatabase();

const used: TestGame[] = [];
afterEach(async () => {
  clock.reset();
  for (const g of used.splice(0)) await assertLedgerInvariants(g);
});

const limited = (sku: string, stock: number, extra: Record<string, unknown> = {}) => ({
  sku,
  name: sku,
  priceCents: 499,
  grants: [{ currency: "coins", amount: 100, bonus: 10 }],
  availability: { startsAt: null, endsAt: null, stock, founder: false },
  ...extra,
});

/** A game of its own per test: stock is shared by every order of the pack. */
async function stockGame(): Promise<TestGame> {
  const game = await createTestGame({
    catalog: {
      currencies: [{ code: "coins", name: "Coins", purchasable: true }],
      items: [],
      packs: [
        limited("rare", 10),
        limited("one", 1),
        limited("none", 0),
        limited("free-one", 1, { priceCents: 0 }),
        limited("one-each", 5, { maxPerPlayer: 1 }),
        { sku: "unlimited", name: "Unlimited", priceCents: 99, grants: [{ currency: "coins", amount: 1 }], availability: { startsAt: null, endsAt: null, stock: null, founder: false } },
      ],
    },
  });
  used.push(game);
  return game;
}

async function pendingCount(game: TestGame, packSku: string): Promise<number> {
  const db = await getDb();
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.gameId, await gameIdOf(game)), eq(orders.packSku, packSku), eq(orders.status, "pending")));
  return rows.length;
}

/** Runs the expiry job until nothing is left to expire (other files' orders may share the database). */
async function runExpiryJob(): Promise<void> {
  const db = await getDb();
  while ((await expirePendingOrders(db)) > 0) {
    // next batch
  }
}

describe("stock under concurrency", () => {
  it("50 buyers at once for 10 units: exactly 10 orders, 40 PACK_SOLD_OUT", async () => {
    const game = await stockGame();
    expect(await remainingOf(game.secretKey, "rare")).toBe(10);
    const responses = await Promise.all(Array.from({ length: 50 }, () => checkout<ErrorBody>(game.secretKey, extRef("rush"), { packSku: "rare" })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const r of responses.filter((x) => x.status === 409)) expect(r.body).toEqual(apiError("PACK_SOLD_OUT", { stock: 10 }));
    expect(await remainingOf(game.secretKey, "rare")).toBe(0);
    expect(await pendingCount(game, "rare")).toBe(10);
    const late = await checkout<ErrorBody>(game.secretKey, extRef("late"), { packSku: "rare" });
    expect(late.status).toBe(409);
    expect(late.body).toEqual(apiError("PACK_SOLD_OUT", { stock: 10 }));
  });

  it("one buyer sending 20 checkouts at once for a one-per-player pack gets one order", async () => {
    const game = await stockGame();
    const ref = extRef("eager");
    await ensurePlayer(game, ref);
    const responses = await Promise.all(Array.from({ length: 20 }, () => checkout<ErrorBody>(game.secretKey, ref, { packSku: "one-each" })));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = responses.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.body).toEqual(apiError("LIMIT_REACHED", { maxPerPlayer: 1, orders: 1 }));
    expect(await remainingOf(game.secretKey, "one-each")).toBe(4);
  });

  it("one player holds at most one unpaid checkout of a limited-stock pack; paying or canceling frees them to buy again", async () => {
    const game = await stockGame();
    const ref = extRef("hoarder");
    await ensurePlayer(game, ref);
    const first = await checkout<{ order: { id: string } }>(game.secretKey, ref, { packSku: "rare" });
    expect(first.status).toBe(201);
    const [held] = await (await getDb()).select({ expiresAt: orders.expiresAt }).from(orders).where(eq(orders.id, first.body.order.id));
    // Twenty more at once, each with its own key: none holds another unit.
    const hoarding = await Promise.all(Array.from({ length: 20 }, () => checkout<ErrorBody>(game.secretKey, ref, { packSku: "rare" })));
    for (const r of hoarding) {
      expect(r.status).toBe(409);
      expect(r.body).toEqual(apiError("LIMIT_REACHED", { maxPendingPerPlayer: 1, pendingOrderId: first.body.order.id, expiresAt: held?.expiresAt.toISOString() }));
    }
    expect(await remainingOf(game.secretKey, "rare")).toBe(9);
    // Another player is not held back.
    expect((await checkout(game.secretKey, extRef("other"), { packSku: "rare" })).status).toBe(201);
    // Once the first checkout is over, the player may buy again.
    await helper(game.secretKey, first.body.order.id, "cancel");
    expect((await checkout(game.secretKey, ref, { packSku: "rare" })).status).toBe(201);
    // Unlimited packs keep no such cap.
    expect((await checkout(game.secretKey, ref, { packSku: "unlimited" })).status).toBe(201);
    expect((await checkout(game.secretKey, ref, { packSku: "unlimited" })).status).toBe(201);
  });

  it("10 twins with one Idempotency-Key make one order; the others replay it", async () => {
    const game = await stockGame();
    const ref = extRef("twin");
    await ensurePlayer(game, ref);
    const key = idem();
    const responses = await Promise.all(Array.from({ length: 10 }, () => checkout(game.secretKey, ref, { packSku: "one" }, key)));
    const created = responses.filter((r) => r.status === 201);
    const replayed = responses.filter((r) => r.status === 200);
    expect(created).toHaveLength(1);
    expect(replayed).toHaveLength(9);
    for (const r of replayed) {
      expect(r.headers.get("idempotent-replayed")).toBe("true");
      expect(r.body).toEqual(created[0]?.body);
    }
    expect(await pendingCount(game, "one")).toBe(1);
    expect(await remainingOf(game.secretKey, "one")).toBe(0);
  });
});

describe("released and kept units", () => {
  it.each(["decline", "cancel", "expire"] as const)("%s releases the held unit", async (move) => {
    const game = await stockGame();
    const order = await newOrder(game.secretKey, "one");
    expect(await remainingOf(game.secretKey, "one")).toBe(0);
    expect((await checkout(game.secretKey, extRef(), { packSku: "one" })).status).toBe(409);
    const closed = await helper(game.secretKey, order.id, move);
    expect(closed.status).toBe(200);
    expect(await remainingOf(game.secretKey, "one")).toBe(1);
    expect((await checkout(game.secretKey, extRef(), { packSku: "one" })).status).toBe(201);
    expect(await remainingOf(game.secretKey, "one")).toBe(0);
  });

  it.each(["refund", "chargeback"] as const)("a delivered unit stays taken after a %s", async (move) => {
    const game = await stockGame();
    const order = await newOrder(game.secretKey, "one");
    expect((await helper(game.secretKey, order.id, "pay")).status).toBe(200);
    expect(await remainingOf(game.secretKey, "one")).toBe(0);
    const response = move === "refund" ? await refund(game.secretKey, order.id) : await helper(game.secretKey, order.id, "chargeback");
    expect(response.status).toBe(200);
    expect(await remainingOf(game.secretKey, "one")).toBe(0);
    expect((await checkout<ErrorBody>(game.secretKey, extRef(), { packSku: "one" })).body).toEqual(apiError("PACK_SOLD_OUT", { stock: 1 }));
  });

  it("the remaining count follows each order", async () => {
    const game = await stockGame();
    const a = await newOrder(game.secretKey, "rare");
    const b = await newOrder(game.secretKey, "rare");
    const c = await newOrder(game.secretKey, "rare");
    expect(await remainingOf(game.secretKey, "rare")).toBe(7);
    await helper(game.secretKey, a.id, "pay");
    expect(await remainingOf(game.secretKey, "rare")).toBe(7);
    await helper(game.secretKey, b.id, "decline");
    expect(await remainingOf(game.secretKey, "rare")).toBe(8);
    await helper(game.secretKey, c.id, "cancel");
    expect(await remainingOf(game.secretKey, "rare")).toBe(9);
  });

  it("a pack with stock 0 is sold out; stock null is unlimited", async () => {
    const game = await stockGame();
    expect(await remainingOf(game.secretKey, "none")).toBe(0);
    expect((await checkout<ErrorBody>(game.secretKey, extRef(), { packSku: "none" })).body).toEqual(apiError("PACK_SOLD_OUT", { stock: 0 }));
    expect(await remainingOf(game.secretKey, "unlimited")).toBeNull();
    for (let i = 0; i < 3; i += 1) expect((await checkout(game.secretKey, extRef(), { packSku: "unlimited" })).status).toBe(201);
    expect(await remainingOf(game.secretKey, "unlimited")).toBeNull();
  });
});

describe("the expiry job", () => {
  it("leaves a pending order alone before 30 minutes", async () => {
    const game = await stockGame();
    const order = await newOrder(game.secretKey, "one");
    clock.advance(29 * 60_000);
    await runExpiryJob();
    expect((await getOrder(game.secretKey, order.id)).body.status).toBe("pending");
    expect(await remainingOf(game.secretKey, "one")).toBe(0);
  });

  it("expires it after 31 minutes and releases its unit", async () => {
    const game = await stockGame();
    const order = await newOrder(game.secretKey, "one");
    const other = await newOrder(game.secretKey, "rare");
    await helper(game.secretKey, other.id, "pay");
    clock.advance(31 * 60_000);
    await runExpiryJob();
    expect((await getOrder(game.secretKey, order.id)).body.status).toBe("expired");
    // A fulfilled order is not touched.
    expect((await getOrder(game.secretKey, other.id)).body.status).toBe("fulfilled");
    expect(await remainingOf(game.secretKey, "one")).toBe(1);
    expect((await checkout(game.secretKey, extRef(), { packSku: "one" })).status).toBe(201);
  });

  it("an order past its time cannot be paid even before the job ran", async () => {
    const game = await stockGame();
    const order = await newOrder(game.secretKey, "one");
    clock.advance(30 * 60_000);
    const response = await helper<ErrorBody>(game.secretKey, order.id, "pay");
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("CONFLICT", { status: "expired" }));
    expect((await getOrder(game.secretKey, order.id)).body).toEqual(order);
  });
});

describe("stock per environment", () => {
  it("test and live each have the pack's whole stock", async () => {
    const game = await stockGame();
    expect((await checkout(game.secretKey, extRef(), { packSku: "free-one" })).status).toBe(201);
    expect(await remainingOf(game.secretKey, "free-one")).toBe(0);
    expect(await remainingOf(game.liveSecretKey, "free-one")).toBe(1);
    expect((await checkout<ErrorBody>(game.secretKey, extRef(), { packSku: "free-one" })).body).toEqual(apiError("PACK_SOLD_OUT", { stock: 1 }));
    expect((await checkout(game.liveSecretKey, extRef(), { packSku: "free-one" })).status).toBe(201);
    expect(await remainingOf(game.liveSecretKey, "free-one")).toBe(0);
    expect((await checkout<ErrorBody>(game.liveSecretKey, extRef(), { packSku: "free-one" })).body).toEqual(apiError("PACK_SOLD_OUT", { stock: 1 }));
  });
});
