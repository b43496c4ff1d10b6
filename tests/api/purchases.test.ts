import { beforeAll, describe, expect, it } from "vitest";
import { createTestGame, extRef, get, idem, post, useDatabase, type TestGame } from "../harness";
import { apiError, creditPaid, ensurePlayer, gameIdOf, ledgerCount, validationFailed } from "../domain-helpers";
import { assertLedgerChainsConsistent, assertLedgerMatchesBalances } from "../ledger-invariants";

useDatabase();

type Balance = { currency: string; paid: number; bonus: number; total: number };
type Item = { sku: string; quantity: number; updatedAt: string };
type Purchase = {
  entry: {
    id: string;
    type: string;
    currency: string;
    paidDelta: number;
    bonusDelta: number;
    balanceAfter: Omit<Balance, "currency">;
    reason: string | null;
    metadata: Record<string, string>;
    ref: Record<string, string>;
    createdAt: string;
  };
  balance: Balance;
  item: Item;
};

const catalog = {
  currencies: [
    { code: "coins", name: "Coins" },
    { code: "gems", name: "Gems" },
  ],
  items: [
    { sku: "potion", name: "Potion", type: "consumable", price: { currency: "coins", amount: 10 } },
    { sku: "crown", name: "Crown", type: "durable", price: { currency: "gems", amount: 3 }, maxOwned: 1 },
    { sku: "castle", name: "Castle", type: "durable", price: { currency: "coins", amount: 2000 } },
    { sku: "shield", name: "Shield", type: "durable", maxOwned: 3 },
    { sku: "elixir", name: "Elixir", type: "consumable", price: { currency: "coins", amount: 5 }, maxOwned: 2 },
    { sku: "draft-hat", name: "Hat", type: "durable", price: { currency: "coins", amount: 1 }, status: "draft" },
  ],
};

let game: TestGame;
let paidFirst: TestGame;
beforeAll(async () => {
  [game, paidFirst] = await Promise.all([createTestGame({ catalog }), createTestGame({ catalog, settings: { spendOrder: "paid_first" } })]);
});

const buy = (g: TestGame, ref: string, body: unknown, key?: string) => post<Purchase>(`/players/${ref}/purchases`, g.secretKey, body, key);
const grant = (g: TestGame, ref: string, currency: string, amount: number) =>
  post(`/players/${ref}/wallet/grant`, g.secretKey, { currency, amount });
const wallet = async (g: TestGame, ref: string) => (await get<{ balances: Balance[] }>(`/players/${ref}/wallet`, g.secretKey)).body.balances;
const owned = async (g: TestGame, ref: string) =>
  (await get<{ items: Item[] }>(`/players/${ref}/inventory`, g.secretKey)).body.items.map(({ sku, quantity }) => ({ sku, quantity }));

describe("createPurchase", () => {
  it("debits price × quantity and adds the item, with a spend entry that names the item", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await creditPaid(game, playerId, "coins", 100);
    await grant(game, ref, "coins", 25);
    const response = await buy(game, ref, { sku: "potion", quantity: 3 });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      entry: {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        type: "spend",
        currency: "coins",
        paidDelta: -5,
        bonusDelta: -25,
        balanceAfter: { paid: 95, bonus: 0, total: 95 },
        reason: null,
        metadata: {},
        ref: { itemSku: "potion" },
        createdAt: expect.any(String),
      },
      balance: { currency: "coins", paid: 95, bonus: 0, total: 95 },
      item: { sku: "potion", quantity: 3, updatedAt: expect.any(String) },
    });
    const again = await buy(game, ref, { sku: "potion" });
    expect(again.body.item.quantity).toBe(4);
    expect(again.body.balance.total).toBe(85);
    expect(await owned(game, ref)).toEqual([{ sku: "potion", quantity: 4 }]);
  });

  it("pays in the item's own currency", async () => {
    const ref = extRef();
    await grant(game, ref, "gems", 3);
    await grant(game, ref, "coins", 50);
    const response = await buy(game, ref, { sku: "crown" });
    expect(response.status).toBe(200);
    expect(response.body.entry).toMatchObject({ currency: "gems", bonusDelta: -3, ref: { itemSku: "crown" } });
    expect(await wallet(game, ref)).toEqual([
      { currency: "coins", paid: 0, bonus: 50, total: 50 },
      { currency: "gems", paid: 0, bonus: 0, total: 0 },
    ]);
  });

  it("follows the paid_first spend order", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(paidFirst, ref);
    await creditPaid(paidFirst, playerId, "coins", 15);
    await grant(paidFirst, ref, "coins", 100);
    const response = await buy(paidFirst, ref, { sku: "potion", quantity: 2 });
    expect(response.body.entry).toMatchObject({ paidDelta: -15, bonusDelta: -5, balanceAfter: { paid: 0, bonus: 95, total: 95 } });
  });

  it("without enough coins: 409 INSUFFICIENT_FUNDS, no item and no entry", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await grant(game, ref, "coins", 25);
    const response = await buy(game, ref, { sku: "potion", quantity: 3 });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 30, available: 25 }));
    expect(await owned(game, ref)).toEqual([]);
    expect(await ledgerCount(playerId)).toBe(1);
    expect((await wallet(game, ref))[0]).toEqual({ currency: "coins", paid: 0, bonus: 25, total: 25 });
  });

  it("a cost beyond any balance is INSUFFICIENT_FUNDS with the exact cost", async () => {
    const ref = extRef();
    await grant(game, ref, "coins", 50);
    const response = await buy(game, ref, { sku: "castle", quantity: 1_000_000_000_000 });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 2_000_000_000_000_000, available: 50 }));
  });

  it("an unknown ext: player is created and has nothing to pay with", async () => {
    const ref = extRef();
    const response = await buy(game, ref, { sku: "potion" });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 10, available: 0 }));
    expect((await get(`/players/${ref}`, game.secretKey)).status).toBe(200);
  });

  it("over maxOwned: 409 LIMIT_REACHED and no coins are taken", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await grant(game, ref, "gems", 10);
    expect((await buy(game, ref, { sku: "crown" })).status).toBe(200);
    const entriesBefore = await ledgerCount(playerId);
    const second = await buy(game, ref, { sku: "crown" });
    expect(second.status).toBe(409);
    expect(second.body).toEqual(apiError("LIMIT_REACHED", { maxOwned: 1, owned: 1 }));
    expect((await wallet(game, ref))[1]).toEqual({ currency: "gems", paid: 0, bonus: 7, total: 7 });
    expect(await ledgerCount(playerId)).toBe(entriesBefore);
    expect(await owned(game, ref)).toEqual([{ sku: "crown", quantity: 1 }]);

    const tooMany = await buy(game, extRef(), { sku: "crown", quantity: 2 });
    expect(tooMany.status).toBe(409);
  });

  it("a LIMIT_REACHED purchase is not stored: the same key works once the limit allows it", async () => {
    const ref = extRef();
    await grant(game, ref, "coins", 100);
    await post(`/players/${ref}/inventory/grant`, game.secretKey, { sku: "elixir", quantity: 2 });
    const key = idem();
    const refused = await buy(game, ref, { sku: "elixir" }, key);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(apiError("LIMIT_REACHED", { maxOwned: 2, owned: 2 }));
    expect((await post(`/players/${ref}/inventory/consume`, game.secretKey, { sku: "elixir" })).status).toBe(200);
    const retried = await buy(game, ref, { sku: "elixir" }, key);
    expect(retried.status).toBe(200);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(retried.body.item.quantity).toBe(2);
    expect(retried.body.balance.total).toBe(95);
  });

  it("an item without a currency price is 409 CONFLICT", async () => {
    const ref = extRef();
    await grant(game, ref, "coins", 1000);
    const response = await buy(game, ref, { sku: "shield" });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("CONFLICT"));
    expect(await owned(game, ref)).toEqual([]);
  });

  it.each([
    ["unknown", "nothing"],
    ["draft", "draft-hat"],
  ])("an %s item is 404 NOT_FOUND", async (_label, sku) => {
    const ref = extRef();
    await grant(game, ref, "coins", 1000);
    const response = await buy(game, ref, { sku });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(apiError("NOT_FOUND"));
  });

  it("validates the item quantity body", async () => {
    const zero = await buy(game, extRef(), { sku: "potion", quantity: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body).toEqual(validationFailed({ quantity: [expect.any(String)] }));
    const extra = await buy(game, extRef(), { sku: "potion", currency: "coins" });
    expect(extra.status).toBe(400);
    expect(extra.body).toEqual(validationFailed({ currency: [expect.any(String)] }));
  });

  it("a replay returns the same purchase and neither debits nor adds again", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await grant(game, ref, "coins", 100);
    const key = idem();
    const first = await buy(game, ref, { sku: "potion", quantity: 2 }, key);
    const replay = await buy(game, ref, { sku: "potion", quantity: 2 }, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect(await owned(game, ref)).toEqual([{ sku: "potion", quantity: 2 }]);
    expect((await wallet(game, ref))[0]?.total).toBe(80);
    expect(await ledgerCount(playerId)).toBe(2);
  });

  it("ledger sums equal balances", async () => {
    for (const g of [game, paidFirst]) {
      const gameId = await gameIdOf(g);
      await assertLedgerMatchesBalances(gameId);
      await assertLedgerChainsConsistent(gameId);
    }
  });
});
