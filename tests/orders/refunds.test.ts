import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { clock } from "@/server/lib/clock";
import type { OrderView } from "@/server/orders/order-view";
import type { LedgerEntryView, MovementView } from "@/server/wallet/wallet-views";
import { call, extRef, post, useDatabase, type TestGame } from "../harness";
import { apiError, gameIdOf } from "../domain-helpers";
import {
  assertLedgerInvariants,
  balanceOf,
  createSalesGame,
  getOrder,
  helper,
  inventoryOf,
  ledgerOfOrder,
  newOrder,
  orderRow,
  outboxOf,
  refund,
  type ErrorBody,
} from "../order-helpers";

useDatabase();

let game: TestGame;
let clampGame: TestGame;
let otherGame: TestGame;
beforeAll(async () => {
  [game, clampGame, otherGame] = await Promise.all([createSalesGame(), createSalesGame({ negativeBalance: "clamp" }), createSalesGame()]);
});
afterEach(async () => {
  clock.reset();
  for (const g of [game, clampGame, otherGame]) await assertLedgerInvariants(g);
});

/** A fulfilled p500 order: 500 paid and 50 bonus coins, 2 potions. */
async function fulfilled(g: TestGame, ref: string = extRef("buyer"), packSku = "p500"): Promise<OrderView> {
  const order = await newOrder(g.secretKey, packSku, ref);
  const paid = await helper(g.secretKey, order.id, "pay");
  expect(paid.status).toBe(200);
  return paid.body;
}

const spend = (g: TestGame, ref: string, amount: number) => post<MovementView>(`/players/${ref}/wallet/spend`, g.secretKey, { currency: "coins", amount });
const grant = (g: TestGame, ref: string, amount: number) => post<MovementView>(`/players/${ref}/wallet/grant`, g.secretKey, { currency: "coins", amount });
const coins = (g: TestGame, ref: string) => balanceOf(g.secretKey, ref, "coins");
const entryShape = (e: { type: string; currency: string; paidDelta: number; bonusDelta: number; reason: string | null }) => [e.type, e.currency, e.paidDelta, e.bonusDelta, e.reason];

describe("refundOrder", () => {
  it("takes back coins and items, sets refundedAt, records order.refunded once", async () => {
    const ref = extRef("buyer");
    const order = await fulfilled(game, ref);
    clock.freeze(new Date("2027-01-02T03:04:05.000Z"));
    const response = await refund(game.secretKey, order.id, { reason: "customer asked" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...order, status: "refunded", refundedAt: "2027-01-02T03:04:05.000Z" });
    expect((await getOrder(game.secretKey, order.id)).body).toEqual(response.body);
    expect(await coins(game, ref)).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    expect(await inventoryOf(game.secretKey, ref)).toEqual({});
    expect((await ledgerOfOrder(order.id)).map(entryShape)).toEqual([
      ["purchase_credit", "coins", 500, 50, null],
      ["refund_clawback", "coins", -500, -50, "customer asked"],
    ]);
    expect((await orderRow(order.id)).refundReason).toBe("customer asked");
    const events = await outboxOf(order.id);
    expect(events.map((e) => e.id).sort()).toEqual([`evt_${order.id}_cre`, `evt_${order.id}_ful`, `evt_${order.id}_ref`]);
    expect(events.find((e) => e.id === `evt_${order.id}_ref`)).toMatchObject({
      type: "order.refunded",
      gameId: await gameIdOf(game),
      env: "test",
      orderId: order.id,
      payload: { id: `evt_${order.id}_ref`, type: "order.refunded", createdAt: "2027-01-02T03:04:05.000Z", env: "test", data: response.body },
    });
  });

  it("shows the clawback in the player's ledger with ref.orderId", async () => {
    const ref = extRef("buyer");
    const order = await fulfilled(game, ref);
    await refund(game.secretKey, order.id);
    const ledger = await call<{ entries: LedgerEntryView[] }>("GET", `/players/${ref}/ledger`, { key: game.secretKey });
    expect(ledger.body.entries[0]).toMatchObject({
      type: "refund_clawback",
      currency: "coins",
      paidDelta: -500,
      bonusDelta: -50,
      balanceAfter: { paid: 0, bonus: 0, total: 0 },
      reason: null,
      metadata: {},
      ref: { orderId: order.id },
    });
  });

  it("an empty body means no reason", async () => {
    const order = await fulfilled(game);
    const response = await call("POST", `/orders/${order.id}/refund`, { key: game.secretKey, rawBody: "" });
    expect(response.status).toBe(200);
    expect((await orderRow(order.id)).refundReason).toBeNull();
  });

  it.each([
    [{ reason: "ok", extra: 1 }, { extra: ["Unknown field"] }],
    [{ reason: "" }, { reason: ["Must not be empty"] }],
    [{ reason: "   " }, { reason: ["Must not be empty"] }],
    [{ reason: "x".repeat(501) }, { reason: ["Must be at most 500 characters"] }],
    [{ reason: 5 }, { reason: [expect.any(String)] }],
  ])("refuses the body %j with 400 and refunds nothing", async (body, fieldErrors) => {
    const ref = extRef("buyer");
    const order = await fulfilled(game, ref);
    const response = await refund<ErrorBody>(game.secretKey, order.id, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(apiError("VALIDATION_FAILED", { fieldErrors }));
    expect((await getOrder(game.secretKey, order.id)).body).toEqual(order);
    expect(await coins(game, ref)).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
  });

  it("a reason of 500 characters is kept", async () => {
    const order = await fulfilled(game);
    expect((await refund(game.secretKey, order.id, { reason: "r".repeat(500) })).status).toBe(200);
    expect((await orderRow(order.id)).refundReason).toBe("r".repeat(500));
  });

  it("a pack of two currencies is taken back in both", async () => {
    const ref = extRef("buyer");
    const order = await fulfilled(game, ref, "duo");
    expect((await refund(game.secretKey, order.id)).status).toBe(200);
    expect((await ledgerOfOrder(order.id)).filter((e) => e.type === "refund_clawback").map(entryShape)).toEqual([
      ["refund_clawback", "coins", -100, -25, null],
      ["refund_clawback", "gold", -7, 0, null],
    ]);
    expect(await coins(game, ref)).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    expect(await balanceOf(game.secretKey, ref, "gold")).toEqual({ currency: "gold", paid: 0, bonus: 0, total: 0 });
  });
});

describe("refunds that cannot happen", () => {
  it.each(["pending", "failed", "canceled", "expired"] as const)("a %s order answers 409 CONFLICT", async (state) => {
    const order = await newOrder(game.secretKey, "p500");
    if (state !== "pending") {
      const move = { failed: "decline", canceled: "cancel", expired: "expire" } as const;
      expect((await helper(game.secretKey, order.id, move[state])).status).toBe(200);
    }
    const response = await refund<ErrorBody>(game.secretKey, order.id);
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("CONFLICT", { status: state }));
    expect(await outboxOf(order.id)).toEqual([]);
    expect(await ledgerOfOrder(order.id)).toEqual([]);
  });

  it("a second refund answers 409 and takes nothing more", async () => {
    const ref = extRef("buyer");
    const order = await fulfilled(game, ref);
    const first = await refund(game.secretKey, order.id, { reason: "first" });
    expect(first.status).toBe(200);
    const outbox = await outboxOf(order.id);
    const ledger = await ledgerOfOrder(order.id);
    const second = await refund<ErrorBody>(game.secretKey, order.id, { reason: "second" });
    expect(second.status).toBe(409);
    expect(second.body).toEqual(apiError("CONFLICT", { status: "refunded" }));
    expect(await outboxOf(order.id)).toEqual(outbox);
    expect(outbox.filter((e) => e.type === "order.refunded")).toHaveLength(1);
    expect(await ledgerOfOrder(order.id)).toEqual(ledger);
    expect((await orderRow(order.id)).refundReason).toBe("first");
    expect((await getOrder(game.secretKey, order.id)).body).toEqual(first.body);
  });

  it("two refunds at once: one 200, one 409, one clawback", async () => {
    const ref = extRef("buyer");
    const order = await fulfilled(game, ref);
    const responses = await Promise.all([refund(game.secretKey, order.id), refund(game.secretKey, order.id)]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await ledgerOfOrder(order.id)).filter((e) => e.type === "refund_clawback")).toHaveLength(1);
    expect((await outboxOf(order.id)).filter((e) => e.type === "order.refunded")).toHaveLength(1);
    expect(await coins(game, ref)).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
  });

  it("an unknown, malformed, other game's or other environment's order answers 404", async () => {
    const foreign = await fulfilled(otherGame);
    const live = await newOrder(game.liveSecretKey, "free");
    for (const [key, id] of [
      [game.secretKey, "0123456789abcdef01234567"],
      [game.secretKey, "nope"],
      [game.secretKey, foreign.id],
      [game.secretKey, live.id],
      [game.liveSecretKey, foreign.id],
    ] as const) {
      const response = await refund<ErrorBody>(key, id);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(apiError("NOT_FOUND"));
    }
    expect((await getOrder(otherGame.secretKey, foreign.id)).body.status).toBe("fulfilled");
  });
});

describe("refund of coins already spent", () => {
  it("allow (default): a debt on paid, repaid first by the next grant", async () => {
    const ref = extRef("spender");
    const order = await fulfilled(game, ref);
    // bonus first: 50 bonus, then 470 paid.
    expect((await spend(game, ref, 520)).status).toBe(200);
    expect(await coins(game, ref)).toEqual({ currency: "coins", paid: 30, bonus: 0, total: 30 });
    expect((await refund(game.secretKey, order.id)).status).toBe(200);
    expect(await coins(game, ref)).toEqual({ currency: "coins", paid: -520, bonus: 0, total: -520 });
    expect((await ledgerOfOrder(order.id)).filter((e) => e.type === "refund_clawback").map(entryShape)).toEqual([["refund_clawback", "coins", -550, 0, null]]);

    const blocked = await spend(game, ref, 1);
    expect(blocked.status).toBe(409);
    expect(blocked.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 1, available: 0 }));

    const partial = await grant(game, ref, 200);
    expect(partial.body.entry).toMatchObject({ type: "grant", paidDelta: 200, bonusDelta: 0, balanceAfter: { paid: -320, bonus: 0, total: -320 } });
    const rest = await grant(game, ref, 400);
    expect(rest.body.entry).toMatchObject({ type: "grant", paidDelta: 320, bonusDelta: 80, balanceAfter: { paid: 0, bonus: 80, total: 80 } });
    expect(await coins(game, ref)).toEqual({ currency: "coins", paid: 0, bonus: 80, total: 80 });
  });

  it("allow: the next purchase repays the debt with its paid coins, then its bonus", async () => {
    const ref = extRef("spender");
    const first = await fulfilled(game, ref);
    await spend(game, ref, 540);
    await refund(game.secretKey, first.id);
    expect(await coins(game, ref)).toEqual({ currency: "coins", paid: -540, bonus: 0, total: -540 });
    const second = await fulfilled(game, ref);
    expect((await ledgerOfOrder(second.id)).map(entryShape)).toEqual([["purchase_credit", "coins", 540, 10, null]]);
    expect(await coins(game, ref)).toEqual({ currency: "coins", paid: 0, bonus: 10, total: 10 });
  });

  it("allow: the bonus bucket gives back what it still holds, paid the rest", async () => {
    const ref = extRef("spender");
    const order = await fulfilled(game, ref);
    await spend(game, ref, 20); // bonus 50 → 30
    await refund(game.secretKey, order.id);
    expect((await ledgerOfOrder(order.id)).filter((e) => e.type === "refund_clawback").map(entryShape)).toEqual([["refund_clawback", "coins", -520, -30, null]]);
    expect(await coins(game, ref)).toEqual({ currency: "coins", paid: -20, bonus: 0, total: -20 });
  });

  it("clamp: stops at zero and forgives the rest", async () => {
    const ref = extRef("spender");
    const order = await fulfilled(clampGame, ref);
    expect((await spend(clampGame, ref, 520)).status).toBe(200);
    expect((await refund(clampGame.secretKey, order.id)).status).toBe(200);
    expect(await coins(clampGame, ref)).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    expect((await ledgerOfOrder(order.id)).filter((e) => e.type === "refund_clawback").map(entryShape)).toEqual([["refund_clawback", "coins", -30, 0, null]]);
    const next = await grant(clampGame, ref, 10);
    expect(next.body.entry).toMatchObject({ paidDelta: 0, bonusDelta: 10, balanceAfter: { paid: 0, bonus: 10, total: 10 } });
  });

  it("clamp: nothing left means a zero entry and no debt", async () => {
    const ref = extRef("spender");
    const order = await fulfilled(clampGame, ref);
    await spend(clampGame, ref, 550);
    expect((await refund(clampGame.secretKey, order.id)).status).toBe(200);
    expect(await coins(clampGame, ref)).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    expect((await ledgerOfOrder(order.id)).filter((e) => e.type === "refund_clawback").map(entryShape)).toEqual([["refund_clawback", "coins", 0, 0, null]]);
  });

  it("clamp: coins not spent are all taken back", async () => {
    const ref = extRef("spender");
    const order = await fulfilled(clampGame, ref);
    expect((await grant(clampGame, ref, 1000)).status).toBe(200);
    expect((await refund(clampGame.secretKey, order.id)).status).toBe(200);
    expect(await coins(clampGame, ref)).toEqual({ currency: "coins", paid: 0, bonus: 1000, total: 1000 });
  });
});

describe("items on refund", () => {
  it("are taken back as far as the player still owns them", async () => {
    const ref = extRef("eater");
    const order = await fulfilled(game, ref);
    expect((await post(`/players/${ref}/inventory/consume`, game.secretKey, { sku: "potion", quantity: 1 })).status).toBe(200);
    expect((await refund(game.secretKey, order.id)).status).toBe(200);
    expect(await inventoryOf(game.secretKey, ref)).toEqual({});
  });

  it("none left: the refund still succeeds", async () => {
    const ref = extRef("eater");
    const order = await fulfilled(game, ref);
    expect((await post(`/players/${ref}/inventory/consume`, game.secretKey, { sku: "potion", quantity: 2 })).status).toBe(200);
    expect((await refund(game.secretKey, order.id)).status).toBe(200);
    expect(await inventoryOf(game.secretKey, ref)).toEqual({});
  });

  it("items from elsewhere stay", async () => {
    const ref = extRef("eater");
    expect((await post(`/players/${ref}/inventory/grant`, game.secretKey, { sku: "potion", quantity: 3 })).status).toBe(200);
    const order = await fulfilled(game, ref);
    expect(await inventoryOf(game.secretKey, ref)).toEqual({ potion: 5 });
    expect((await refund(game.secretKey, order.id)).status).toBe(200);
    expect(await inventoryOf(game.secretKey, ref)).toEqual({ potion: 3 });
  });
});

describe("chargeback", () => {
  it("from fulfilled: chargeback_clawback entries, items back, order.chargeback recorded", async () => {
    const ref = extRef("disputer");
    const order = await fulfilled(game, ref);
    clock.freeze(new Date("2027-02-03T04:05:06.000Z"));
    const response = await helper(game.secretKey, order.id, "chargeback");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...order, status: "chargeback" });
    expect(await coins(game, ref)).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    expect(await inventoryOf(game.secretKey, ref)).toEqual({});
    expect((await ledgerOfOrder(order.id)).map(entryShape)).toEqual([
      ["purchase_credit", "coins", 500, 50, null],
      ["chargeback_clawback", "coins", -500, -50, "chargeback"],
    ]);
    const events = await outboxOf(order.id);
    expect(events.map((e) => e.id).sort()).toEqual([`evt_${order.id}_chb`, `evt_${order.id}_cre`, `evt_${order.id}_ful`]);
    expect(events.find((e) => e.id === `evt_${order.id}_chb`)).toMatchObject({
      type: "order.chargeback",
      env: "test",
      orderId: order.id,
      payload: { id: `evt_${order.id}_chb`, type: "order.chargeback", createdAt: "2027-02-03T04:05:06.000Z", env: "test", data: response.body },
    });
    expect((await orderRow(order.id)).chargebackAt?.toISOString()).toBe("2027-02-03T04:05:06.000Z");
  });

  it("after spending: a debt on paid like a refund", async () => {
    const ref = extRef("disputer");
    const order = await fulfilled(game, ref);
    await spend(game, ref, 100);
    expect((await helper(game.secretKey, order.id, "chargeback")).status).toBe(200);
    expect(await coins(game, ref)).toEqual({ currency: "coins", paid: -100, bonus: 0, total: -100 });
  });

  it("from pending or refunded answers 409 and writes nothing", async () => {
    const pending = await newOrder(game.secretKey, "p500");
    const refunded = await fulfilled(game);
    await refund(game.secretKey, refunded.id);
    for (const [order, status] of [[pending, "pending"], [refunded, "refunded"]] as const) {
      const outbox = await outboxOf(order.id);
      const response = await helper<ErrorBody>(game.secretKey, order.id, "chargeback");
      expect(response.status).toBe(409);
      expect(response.body).toEqual(apiError("CONFLICT", { status }));
      expect(await outboxOf(order.id)).toEqual(outbox);
    }
  });

  it("a chargeback racing a refund: one wins, coins are taken back once", async () => {
    const ref = extRef("disputer");
    const order = await fulfilled(game, ref);
    const [chb, ref1] = await Promise.all([helper(game.secretKey, order.id, "chargeback"), refund(game.secretKey, order.id)]);
    expect([chb.status, ref1.status].sort()).toEqual([200, 409]);
    const clawbacks = (await ledgerOfOrder(order.id)).filter((e) => e.type !== "purchase_credit");
    expect(clawbacks).toHaveLength(1);
    expect(await coins(game, ref)).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    expect((await getOrder(game.secretKey, order.id)).body.status).toBe(chb.status === 200 ? "chargeback" : "refunded");
  });

  it("clamp: a chargeback of spent coins stops at zero too", async () => {
    const ref = extRef("disputer");
    const order = await fulfilled(clampGame, ref);
    await spend(clampGame, ref, 300);
    expect((await helper(clampGame.secretKey, order.id, "chargeback")).status).toBe(200);
    expect(await coins(clampGame, ref)).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    expect((await ledgerOfOrder(order.id)).filter((e) => e.type === "chargeback_clawback").map(entryShape)).toEqual([
      ["chargeback_clawback", "coins", -250, 0, "chargeback"],
    ]);
  });

  it("a charged-back order cannot be refunded", async () => {
    const order = await fulfilled(game);
    await helper(game.secretKey, order.id, "chargeback");
    const response = await refund<ErrorBody>(game.secretKey, order.id);
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("CONFLICT", { status: "chargeback" }));
  });
});
