import { beforeAll, describe, expect, it } from "vitest";
import { call, createTestGame, extRef, get, idem, post, useDatabase, type TestGame } from "../harness";
import { apiError, blockPlayer, creditBonus, creditPaid, ensurePlayer, gameIdOf, ledgerCount } from "../domain-helpers";
import { assertLedgerChainsConsistent, assertLedgerMatchesBalances } from "../ledger-invariants";

useDatabase();

type Balance = { currency: string; paid: number; bonus: number; total: number };
type Entry = {
  id: string;
  type: string;
  currency: string;
  paidDelta: number;
  bonusDelta: number;
  balanceAfter: { paid: number; bonus: number; total: number };
  reason: string | null;
  metadata: Record<string, string>;
  ref: Record<string, string>;
  createdAt: string;
};
type Movement = { entry: Entry; balance: Balance };

const catalog = {
  currencies: [
    { code: "coins", name: "Coins", purchasable: true },
    { code: "gems", name: "Gems" },
    { code: "old_coins", name: "Old coins", status: "archived" },
    { code: "future_coins", name: "Future coins", status: "draft" },
  ],
  items: [{ sku: "potion", name: "Potion", type: "consumable", price: { currency: "coins", amount: 10 } }],
};

let game: TestGame;
let paidFirst: TestGame;
beforeAll(async () => {
  [game, paidFirst] = await Promise.all([createTestGame({ catalog }), createTestGame({ catalog, settings: { spendOrder: "paid_first" } })]);
});

const grant = (g: TestGame, ref: string, body: unknown, key?: string) => post<Movement>(`/players/${ref}/wallet/grant`, g.secretKey, body, key);
const spend = (g: TestGame, ref: string, body: unknown, key?: string) => post<Movement>(`/players/${ref}/wallet/spend`, g.secretKey, body, key);
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("getWallet", () => {
  it("lists one balance per active currency, zeros included, archived and draft absent", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    const wallet = await get(`/players/${ref}/wallet`, game.secretKey);
    expect(wallet.status).toBe(200);
    expect(wallet.headers.get("cache-control")).toBe("no-store");
    expect(wallet.body).toEqual({
      playerId,
      balances: [
        { currency: "coins", paid: 0, bonus: 0, total: 0 },
        { currency: "gems", paid: 0, bonus: 0, total: 0 },
      ],
    });
  });

  it("shows paid and bonus separately and hides a balance held in an archived currency", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await creditPaid(game, playerId, "coins", 40);
    await creditBonus(game, playerId, "old_coins", 9);
    expect((await grant(game, ref, { currency: "coins", amount: 2 })).status).toBe(200);
    const byRef = await get(`/players/${ref}/wallet`, game.secretKey);
    const byId = await get(`/players/${playerId}/wallet`, game.secretKey);
    const expected = {
      playerId,
      balances: [
        { currency: "coins", paid: 40, bonus: 2, total: 42 },
        { currency: "gems", paid: 0, bonus: 0, total: 0 },
      ],
    };
    expect(byRef.body).toEqual(expected);
    expect(byId.body).toEqual(expected);
  });
});

describe("grantCurrency", () => {
  it("credits bonus and returns the ledger entry and the balance", async () => {
    const ref = extRef();
    const response = await grant(game, ref, { currency: "coins", amount: 25, reason: "daily reward", metadata: { quest: "q-1", level: "3" } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      entry: {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        type: "grant",
        currency: "coins",
        paidDelta: 0,
        bonusDelta: 25,
        balanceAfter: { paid: 0, bonus: 25, total: 25 },
        reason: "daily reward",
        metadata: { quest: "q-1", level: "3" },
        ref: {},
        createdAt: expect.stringMatching(ISO),
      },
      balance: { currency: "coins", paid: 0, bonus: 25, total: 25 },
    });
    const again = await grant(game, ref, { currency: "coins", amount: 5 });
    expect(again.body.entry).toMatchObject({ bonusDelta: 5, balanceAfter: { paid: 0, bonus: 30, total: 30 }, reason: null, metadata: {} });
    expect(again.body.entry.id > response.body.entry.id).toBe(true);
  });

  it("adds to bonus beside existing paid coins", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await creditPaid(game, playerId, "coins", 100);
    const response = await grant(game, ref, { currency: "coins", amount: 7 });
    expect(response.body.entry).toMatchObject({ paidDelta: 0, bonusDelta: 7, balanceAfter: { paid: 100, bonus: 7, total: 107 } });
    expect(response.body.balance).toEqual({ currency: "coins", paid: 100, bonus: 7, total: 107 });
  });

  it.each([
    ["unknown", "diamonds"],
    ["archived", "old_coins"],
    ["draft", "future_coins"],
  ])("an %s currency is 404 NOT_FOUND and nothing is written", async (_label, currency) => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    const response = await grant(game, ref, { currency, amount: 1 });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(apiError("NOT_FOUND"));
    const refusedSpend = await spend(game, ref, { currency, amount: 1 });
    expect(refusedSpend.status).toBe(404);
    expect(refusedSpend.body).toEqual(apiError("NOT_FOUND"));
    expect(await ledgerCount(playerId)).toBe(0);
  });

  it("a currency of another game is 404", async () => {
    const other = await createTestGame({ catalog: { currencies: [{ code: "stars", name: "Stars" }], items: [] } });
    expect((await grant(other, extRef(), { currency: "stars", amount: 1 })).status).toBe(200);
    const response = await grant(game, extRef(), { currency: "stars", amount: 1 });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(apiError("NOT_FOUND"));
  });

  it("the balance may reach 10^15 exactly; one coin more is 409 LIMIT_REACHED and nothing changes", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await creditPaid(game, playerId, "coins", 400_000_000_000_000);
    await creditBonus(game, playerId, "coins", 599_999_999_999_990);
    const toCap = await grant(game, ref, { currency: "coins", amount: 10 });
    expect(toCap.status).toBe(200);
    expect(toCap.body.balance).toEqual({ currency: "coins", paid: 400_000_000_000_000, bonus: 600_000_000_000_000, total: 1_000_000_000_000_000 });
    const over = await grant(game, ref, { currency: "coins", amount: 1 });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject(apiError("LIMIT_REACHED"));
    const wallet = await get<{ balances: Balance[] }>(`/players/${ref}/wallet`, game.secretKey);
    expect(wallet.body.balances[0]).toEqual({ currency: "coins", paid: 400_000_000_000_000, bonus: 600_000_000_000_000, total: 1_000_000_000_000_000 });
    expect(await ledgerCount(playerId)).toBe(3);
    // The other currency is not capped by this one.
    expect((await grant(game, ref, { currency: "gems", amount: 1_000_000_000_000 })).status).toBe(200);
  });

  it("a LIMIT_REACHED grant is not stored: the same key succeeds once there is room", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await creditBonus(game, playerId, "coins", 1_000_000_000_000_000);
    const key = idem();
    expect((await grant(game, ref, { currency: "coins", amount: 5 }, key)).status).toBe(409);
    expect((await spend(game, ref, { currency: "coins", amount: 5 })).status).toBe(200);
    const retried = await grant(game, ref, { currency: "coins", amount: 5 }, key);
    expect(retried.status).toBe(200);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(retried.body.balance.total).toBe(1_000_000_000_000_000);
  });
});

describe("spendCurrency", () => {
  it("takes bonus first, then paid, with negative deltas", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await creditPaid(game, playerId, "coins", 50);
    await grant(game, ref, { currency: "coins", amount: 30 });

    const first = await spend(game, ref, { currency: "coins", amount: 20, reason: "shop", metadata: { offer: "o-9" } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      entry: {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        type: "spend",
        currency: "coins",
        paidDelta: 0,
        bonusDelta: -20,
        balanceAfter: { paid: 50, bonus: 10, total: 60 },
        reason: "shop",
        metadata: { offer: "o-9" },
        ref: {},
        createdAt: expect.stringMatching(ISO),
      },
      balance: { currency: "coins", paid: 50, bonus: 10, total: 60 },
    });

    const second = await spend(game, ref, { currency: "coins", amount: 25 });
    expect(second.body.entry).toMatchObject({ paidDelta: -15, bonusDelta: -10, balanceAfter: { paid: 35, bonus: 0, total: 35 } });

    const third = await spend(game, ref, { currency: "coins", amount: 35 });
    expect(third.body.entry).toMatchObject({ paidDelta: -35, bonusDelta: 0, balanceAfter: { paid: 0, bonus: 0, total: 0 } });
    expect(third.body.balance).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
  });

  it("with spendOrder paid_first, takes paid first, then bonus", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(paidFirst, ref);
    await creditPaid(paidFirst, playerId, "coins", 50);
    await grant(paidFirst, ref, { currency: "coins", amount: 30 });

    const first = await spend(paidFirst, ref, { currency: "coins", amount: 20 });
    expect(first.status).toBe(200);
    expect(first.body.entry).toMatchObject({ paidDelta: -20, bonusDelta: 0, balanceAfter: { paid: 30, bonus: 30, total: 60 } });
    const second = await spend(paidFirst, ref, { currency: "coins", amount: 40 });
    expect(second.body.entry).toMatchObject({ paidDelta: -30, bonusDelta: -10, balanceAfter: { paid: 0, bonus: 20, total: 20 } });
    expect(second.body.balance).toEqual({ currency: "coins", paid: 0, bonus: 20, total: 20 });
  });

  it("spending the whole balance is allowed; one more is 409 INSUFFICIENT_FUNDS with required and available", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await creditPaid(game, playerId, "coins", 4);
    await grant(game, ref, { currency: "coins", amount: 6 });
    const over = await spend(game, ref, { currency: "coins", amount: 11 });
    expect(over.status).toBe(409);
    expect(over.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 11, available: 10 }));
    expect(await ledgerCount(playerId)).toBe(2);
    const exact = await spend(game, ref, { currency: "coins", amount: 10 });
    expect(exact.status).toBe(200);
    expect(exact.body.balance).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
  });

  it("a currency never held gives INSUFFICIENT_FUNDS with available 0", async () => {
    const response = await spend(game, extRef(), { currency: "gems", amount: 3 });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 3, available: 0 }));
  });

  it("a refused spend is not stored: the same key succeeds after a grant", async () => {
    const ref = extRef();
    const key = idem();
    const refused = await spend(game, ref, { currency: "coins", amount: 10 }, key);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 10, available: 0 }));
    expect((await grant(game, ref, { currency: "coins", amount: 15 })).status).toBe(200);
    const retried = await spend(game, ref, { currency: "coins", amount: 10 }, key);
    expect(retried.status).toBe(200);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(retried.body.balance).toEqual({ currency: "coins", paid: 0, bonus: 5, total: 5 });
    const replay = await spend(game, ref, { currency: "coins", amount: 10 }, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(retried.body);
    const wallet = await get<{ balances: Balance[] }>(`/players/${ref}/wallet`, game.secretKey);
    expect(wallet.body.balances[0]?.total).toBe(5);
  });

  it("balances are per currency", async () => {
    const ref = extRef();
    await grant(game, ref, { currency: "gems", amount: 5 });
    const response = await spend(game, ref, { currency: "coins", amount: 1 });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 1, available: 0 }));
  });
});

describe("blocked players", () => {
  it("grant, spend, grantItem, consumeItem and createPurchase answer 403 PLAYER_BLOCKED and change nothing", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await grant(game, ref, { currency: "coins", amount: 100 });
    await post(`/players/${ref}/inventory/grant`, game.secretKey, { sku: "potion", quantity: 2 });
    await blockPlayer(playerId);
    const responses = await Promise.all([
      grant(game, ref, { currency: "coins", amount: 1 }),
      spend(game, ref, { currency: "coins", amount: 1 }),
      post(`/players/${ref}/inventory/grant`, game.secretKey, { sku: "potion" }),
      post(`/players/${ref}/inventory/consume`, game.secretKey, { sku: "potion" }),
      post(`/players/${ref}/purchases`, game.secretKey, { sku: "potion" }),
    ]);
    for (const response of responses) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual(apiError("PLAYER_BLOCKED"));
    }
    // Reads still work and show nothing changed.
    const wallet = await get<{ balances: Balance[] }>(`/players/${ref}/wallet`, game.secretKey);
    expect(wallet.body.balances[0]).toEqual({ currency: "coins", paid: 0, bonus: 100, total: 100 });
    const inventory = await get<{ items: { sku: string; quantity: number }[] }>(`/players/${ref}/inventory`, game.secretKey);
    expect(inventory.body.items.map(({ sku, quantity }) => ({ sku, quantity }))).toEqual([{ sku: "potion", quantity: 2 }]);
    expect(await ledgerCount(playerId)).toBe(1);
  });

  it("a blocked player's refused write is not stored: the same key is refused again", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await blockPlayer(playerId);
    const key = idem();
    expect((await grant(game, ref, { currency: "coins", amount: 1 }, key)).status).toBe(403);
    const again = await grant(game, ref, { currency: "coins", amount: 1 }, key);
    expect(again.status).toBe(403);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
  });
});

describe("ledger invariant", () => {
  it("after everything above, every balance row equals the sum of its ledger entries", async () => {
    await call("GET", "/catalog", { key: game.secretKey });
    for (const g of [game, paidFirst]) {
      const gameId = await gameIdOf(g);
      await assertLedgerMatchesBalances(gameId);
      await assertLedgerChainsConsistent(gameId);
    }
  });
});
