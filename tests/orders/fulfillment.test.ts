import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { clock } from "@/server/lib/clock";
import { MAX_BALANCE } from "@/server/wallet/schemas";
import type { LedgerEntryView } from "@/server/wallet/wallet-views";
import { extRef, get, post, useDatabase, type TestGame } from "../harness";
import { apiError, creditBonus, ensurePlayer, gameIdOf } from "../domain-helpers";
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
let gameId: string;
beforeAll(async () => {
  game = await createSalesGame();
  gameId = await gameIdOf(game);
});
afterEach(async () => {
  clock.reset();
  await assertLedgerInvariants(game);
});

const PAID_AT = "2026-12-24T18:00:00.000Z";

async function ledgerOf(ref: string): Promise<LedgerEntryView[]> {
  const response = await get<{ entries: LedgerEntryView[] }>(`/players/${ref}/ledger`, game.secretKey);
  expect(response.status).toBe(200);
  return response.body.entries;
}

describe("a paid order is delivered", () => {
  it("credits paid and bonus coins as purchase_credit, adds items, sets the dates", async () => {
    clock.freeze(new Date("2026-12-24T17:55:00.000Z"));
    const ref = extRef("buyer");
    const order = await newOrder(game.secretKey, "p500", ref, { country: "FR" });
    clock.freeze(new Date(PAID_AT));
    const paid = await helper(game.secretKey, order.id, "pay");
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ ...order, status: "fulfilled", paidAt: PAID_AT, fulfilledAt: PAID_AT });
    expect((await getOrder(game.secretKey, order.id)).body).toEqual(paid.body);

    expect(await balanceOf(game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
    expect(await inventoryOf(game.secretKey, ref)).toEqual({ potion: 2 });
    const entries = await ledgerOf(ref);
    expect(entries).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        type: "purchase_credit",
        currency: "coins",
        paidDelta: 500,
        bonusDelta: 50,
        balanceAfter: { paid: 500, bonus: 50, total: 550 },
        reason: null,
        metadata: {},
        ref: { orderId: order.id },
        createdAt: PAID_AT,
      },
    ]);
    expect((await orderRow(order.id)).deliveredItems).toEqual([{ sku: "potion", quantity: 2 }]);
  });

  it("records order.fulfilled then wallet.credited in the outbox, with their envelopes", async () => {
    clock.freeze(new Date(PAID_AT));
    const ref = extRef("buyer");
    const order = await newOrder(game.secretKey, "p500", ref);
    const paid = await helper(game.secretKey, order.id, "pay");
    const events = await outboxOf(order.id);
    // Exactly these two; recorded in the same transaction, order.fulfilled first (never after).
    expect(events.map((e) => e.id).sort()).toEqual([`evt_${order.id}_cre`, `evt_${order.id}_ful`]);
    const ful = events.find((e) => e.type === "order.fulfilled");
    const cre = events.find((e) => e.type === "wallet.credited");
    expect(ful).toMatchObject({ id: `evt_${order.id}_ful`, gameId, env: "test", orderId: order.id });
    expect(cre).toMatchObject({ id: `evt_${order.id}_cre`, gameId, env: "test", orderId: order.id });
    expect(ful?.createdAt.getTime()).toBeLessThanOrEqual(cre?.createdAt.getTime() ?? 0);
    expect(ful?.payload).toEqual({ id: `evt_${order.id}_ful`, type: "order.fulfilled", createdAt: PAID_AT, env: "test", data: paid.body });
    // data is the Order as getOrder returns it.
    expect(ful?.payload).toMatchObject({ data: (await getOrder(game.secretKey, order.id)).body });
    expect(cre?.payload).toEqual({
      id: `evt_${order.id}_cre`,
      type: "wallet.credited",
      createdAt: PAID_AT,
      env: "test",
      data: { playerId: order.playerId, orderId: order.id, credits: [{ currency: "coins", paid: 500, bonus: 50 }] },
    });
  });

  it("a pack of two currencies credits each (by currency code) and lists both in wallet.credited", async () => {
    const ref = extRef("buyer");
    const order = await newOrder(game.secretKey, "duo", ref);
    expect((await helper(game.secretKey, order.id, "pay")).status).toBe(200);
    expect(await balanceOf(game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 100, bonus: 25, total: 125 });
    expect(await balanceOf(game.secretKey, ref, "gold")).toEqual({ currency: "gold", paid: 7, bonus: 0, total: 7 });
    expect(await balanceOf(game.secretKey, ref, "gems")).toEqual({ currency: "gems", paid: 0, bonus: 0, total: 0 });
    const entries = await ledgerOfOrder(order.id);
    expect(entries.map((e) => [e.type, e.currency, e.paidDelta, e.bonusDelta])).toEqual([
      ["purchase_credit", "coins", 100, 25],
      ["purchase_credit", "gold", 7, 0],
    ]);
    const cre = (await outboxOf(order.id)).find((e) => e.type === "wallet.credited");
    expect(cre?.payload).toMatchObject({
      data: {
        playerId: order.playerId,
        orderId: order.id,
        credits: [
          { currency: "coins", paid: 100, bonus: 25 },
          { currency: "gold", paid: 7, bonus: 0 },
        ],
      },
    });
    expect((await orderRow(order.id)).deliveredItems).toEqual([]);
  });

  it("a pack without coins writes no wallet.credited and no ledger entry", async () => {
    const ref = extRef("buyer");
    const order = await newOrder(game.secretKey, "gear", ref);
    const paid = await helper(game.secretKey, order.id, "pay");
    expect(paid.status).toBe(200);
    const events = await outboxOf(order.id);
    expect(events.map((e) => [e.id, e.type])).toEqual([[`evt_${order.id}_ful`, "order.fulfilled"]]);
    expect(await ledgerOfOrder(order.id)).toEqual([]);
    expect(await inventoryOf(game.secretKey, ref)).toEqual({ shield: 2, sword: 1 });
  });

  it("an item over maxOwned is delivered only up to the limit, and the order records what was delivered", async () => {
    const ref = extRef("collector");
    for (const [sku, quantity] of [["sword", 1], ["shield", 2]] as const) {
      expect((await post(`/players/${ref}/inventory/grant`, game.secretKey, { sku, quantity })).status).toBe(200);
    }
    const order = await newOrder(game.secretKey, "gear", ref);
    expect((await helper(game.secretKey, order.id, "pay")).status).toBe(200);
    expect(await inventoryOf(game.secretKey, ref)).toEqual({ sword: 1, shield: 3 });
    expect((await orderRow(order.id)).deliveredItems).toEqual([{ sku: "shield", quantity: 1 }]);
    // A refund takes back only what this order delivered.
    expect((await refund(game.secretKey, order.id)).status).toBe(200);
    expect(await inventoryOf(game.secretKey, ref)).toEqual({ sword: 1, shield: 2 });
  });

  it("a second pay answers 409 and writes no event, entry or item", async () => {
    const ref = extRef("buyer");
    const order = await newOrder(game.secretKey, "p500", ref);
    expect((await helper(game.secretKey, order.id, "pay")).status).toBe(200);
    const outbox = await outboxOf(order.id);
    const ledger = await ledgerOfOrder(order.id);
    const again = await helper<ErrorBody>(game.secretKey, order.id, "pay", { country: "DE" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(apiError("CONFLICT", { status: "fulfilled" }));
    expect(await outboxOf(order.id)).toEqual(outbox);
    expect(await ledgerOfOrder(order.id)).toEqual(ledger);
    expect(await balanceOf(game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
    expect(await inventoryOf(game.secretKey, ref)).toEqual({ potion: 2 });
    expect((await getOrder(game.secretKey, order.id)).body.country).toBe("BE");
  });
});

describe("concurrent moves on one order", () => {
  it("five pays at once deliver once", async () => {
    const ref = extRef("buyer");
    const order = await newOrder(game.secretKey, "p500", ref);
    const responses = await Promise.all(Array.from({ length: 5 }, () => helper<ErrorBody>(game.secretKey, order.id, "pay")));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const r of responses.filter((x) => x.status === 409)) expect(r.body).toEqual(apiError("CONFLICT", { status: "fulfilled" }));
    expect(await ledgerOfOrder(order.id)).toHaveLength(1);
    expect(await outboxOf(order.id)).toHaveLength(2);
    expect(await balanceOf(game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
    expect(await inventoryOf(game.secretKey, ref)).toEqual({ potion: 2 });
  });

  it("a pay racing a cancel: exactly one wins and the rest agrees with it", async () => {
    const ref = extRef("buyer");
    const order = await newOrder(game.secretKey, "p500", ref);
    const [pay, cancel] = await Promise.all([helper(game.secretKey, order.id, "pay"), helper(game.secretKey, order.id, "cancel")]);
    expect([pay.status, cancel.status].sort()).toEqual([200, 409]);
    const final = (await getOrder(game.secretKey, order.id)).body;
    if (pay.status === 200) {
      expect(final.status).toBe("fulfilled");
      expect(await ledgerOfOrder(order.id)).toHaveLength(1);
      expect(await balanceOf(game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
    } else {
      expect(final.status).toBe("canceled");
      expect(await ledgerOfOrder(order.id)).toEqual([]);
      expect(await outboxOf(order.id)).toEqual([]);
      expect(await inventoryOf(game.secretKey, ref)).toEqual({});
    }
  });
});

describe("a delivery that fails", () => {
  it("leaves the order pending with no events, entries or items when the credit hits the balance cap", async () => {
    const ref = extRef("whale");
    const playerId = await ensurePlayer(game, ref);
    await creditBonus(game, playerId, "coins", MAX_BALANCE - 100);
    const order = await newOrder(game.secretKey, "p500", ref);
    const response = await helper<ErrorBody>(game.secretKey, order.id, "pay");
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("LIMIT_REACHED", { limit: MAX_BALANCE, current: MAX_BALANCE - 100 }));
    expect((await getOrder(game.secretKey, order.id)).body).toEqual(order);
    const row = await orderRow(order.id);
    expect(row.deliveredItems).toBeNull();
    expect(await outboxOf(order.id)).toEqual([]);
    expect(await ledgerOfOrder(order.id)).toEqual([]);
    expect(await inventoryOf(game.secretKey, ref)).toEqual({});
    expect(await balanceOf(game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 0, bonus: MAX_BALANCE - 100, total: MAX_BALANCE - 100 });

    // Once there is room, the same order can still be paid.
    expect((await post(`/players/${ref}/wallet/spend`, game.secretKey, { currency: "coins", amount: 1000 })).status).toBe(200);
    const paid = await helper(game.secretKey, order.id, "pay");
    expect(paid.status).toBe(200);
    expect(await balanceOf(game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 500, bonus: MAX_BALANCE - 1100 + 50, total: MAX_BALANCE - 550 });
    expect((await outboxOf(order.id)).map((e) => e.id).sort()).toEqual([`evt_${order.id}_cre`, `evt_${order.id}_ful`]);
  });

  it("the second currency failing rolls back the first one's credit too", async () => {
    const ref = extRef("whale");
    const playerId = await ensurePlayer(game, ref);
    await creditBonus(game, playerId, "gold", MAX_BALANCE - 6);
    const order = await newOrder(game.secretKey, "duo", ref);
    const response = await helper<ErrorBody>(game.secretKey, order.id, "pay");
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("LIMIT_REACHED", { limit: MAX_BALANCE, current: MAX_BALANCE - 6 }));
    expect(await ledgerOfOrder(order.id)).toEqual([]);
    expect(await balanceOf(game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    expect(await outboxOf(order.id)).toEqual([]);
    expect((await getOrder(game.secretKey, order.id)).body.status).toBe("pending");
  });
});
