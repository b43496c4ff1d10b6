/** spendClient, createClientPurchase and consumeClientItem through the routes, with the token's player. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { apiError, creditPaid, gameIdOf, ledgerCount, validationFailed } from "../domain-helpers";
import { call, createTestGame, get, idem, useDatabase, type TestGame } from "../harness";
import { assertLedgerChainsConsistent, assertLedgerMatchesBalances } from "../ledger-invariants";
import { clientCall, getMe, grant, grantItem, meWrite, newAnonymous, type Balance, type InventoryItem } from "../client-helpers";

useDatabase();

const catalog = {
  currencies: [
    { code: "coins", name: "Coins", purchasable: true },
    { code: "gems", name: "Gems" },
    { code: "old_coins", name: "Old coins", status: "archived" },
  ],
  items: [
    { sku: "potion", name: "Potion", type: "consumable", price: { currency: "coins", amount: 10 }, clientPurchasable: true },
    { sku: "crown", name: "Crown", type: "durable", price: { currency: "gems", amount: 5 }, maxOwned: 2, clientPurchasable: true },
    { sku: "relic", name: "Relic", type: "durable", price: null, clientPurchasable: true },
    { sku: "sword", name: "Sword", type: "durable", price: { currency: "coins", amount: 100 }, clientPurchasable: false },
    { sku: "old-potion", name: "Old potion", type: "consumable", price: { currency: "coins", amount: 1 }, clientPurchasable: true, status: "archived" },
  ],
};

type Entry = { id: string; type: string; currency: string; paidDelta: number; bonusDelta: number; reason: string | null; metadata: Record<string, string>; ref: Record<string, string> };
type Movement = { entry: Entry; balance: Balance };
type Purchase = Movement & { item: InventoryItem };

let game: TestGame;
beforeAll(async () => {
  game = await createTestGame({ catalog });
});
afterEach(() => {
  resetRateLimits();
});
afterAll(async () => {
  const gameId = await gameIdOf(game);
  await assertLedgerMatchesBalances(gameId);
  await assertLedgerChainsConsistent(gameId);
});

/** An anonymous player holding `coins` bonus coins (and optionally paid coins and gems). */
async function playerWith(coins: number, extra: { paid?: number; gems?: number } = {}): Promise<{ id: string; token: string }> {
  const { player, token } = await newAnonymous(game);
  if (coins > 0) await grant(game, player.id, "coins", coins);
  if (extra.paid) await creditPaid(game, player.id, "coins", extra.paid);
  if (extra.gems) await grant(game, player.id, "gems", extra.gems);
  return { id: player.id, token };
}

function coinsOf(balances: Balance[]): Balance | undefined {
  return balances.find((b) => b.currency === "coins");
}

describe("spendClient", () => {
  it("spends bonus first, then paid, and writes a spend entry with the reason", async () => {
    const { id, token } = await playerWith(30, { paid: 50 });
    const response = await meWrite<Movement>(game, token, "/wallet/spend", { currency: "coins", amount: 40, reason: "revive" });
    expect(response.status).toBe(200);
    expect(response.body.balance).toEqual({ currency: "coins", paid: 40, bonus: 0, total: 40 });
    expect(response.body.entry).toMatchObject({ type: "spend", currency: "coins", paidDelta: -10, bonusDelta: -30, reason: "revive", metadata: {}, ref: {} });
    const ledger = await get<{ entries: Entry[] }>(`/players/${id}/ledger`, game.secretKey);
    expect(ledger.body.entries[0]).toEqual(response.body.entry);
  });

  it("refuses metadata as an unknown field (the client cannot write it)", async () => {
    const { id, token } = await playerWith(10);
    const before = await ledgerCount(id);
    const response = await meWrite(game, token, "/wallet/spend", { currency: "coins", amount: 1, metadata: { source: "client" } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ metadata: [expect.any(String)] }));
    expect(await ledgerCount(id)).toBe(before);
  });

  it.each([
    ["amount 0", { currency: "coins", amount: 0 }, ["amount"]],
    ["amount 1e12 + 1", { currency: "coins", amount: 1_000_000_000_001 }, ["amount"]],
    ["a fraction", { currency: "coins", amount: 1.5 }, ["amount"]],
    ["reason of 501 characters", { currency: "coins", amount: 1, reason: "r".repeat(501) }, ["reason"]],
    ["paid as a field", { currency: "coins", amount: 1, paid: 1 }, ["paid"]],
    ["playerId as a field", { currency: "coins", amount: 1, playerId: "0123456789abcdef01234567" }, ["playerId"]],
    ["nothing", {}, ["currency", "amount"]],
  ])("%s is 400 VALIDATION_FAILED", async (_label, body, fields) => {
    const { token } = await playerWith(10);
    const response = await meWrite(game, token, "/wallet/spend", body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed(Object.fromEntries(fields.map((f) => [f, [expect.any(String)]]))));
  });

  it("409 INSUFFICIENT_FUNDS with required and available; nothing stored, so the same key can be retried", async () => {
    const { id, token } = await playerWith(5);
    const key = idem();
    const short = await meWrite(game, token, "/wallet/spend", { currency: "coins", amount: 6 }, { idempotencyKey: key });
    expect(short.status).toBe(409);
    expect(short.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 6, available: 5 }));
    await grant(game, id, "coins", 1);
    const retried = await meWrite<Movement>(game, token, "/wallet/spend", { currency: "coins", amount: 6 }, { idempotencyKey: key });
    expect(retried.status).toBe(200);
    expect(retried.body.balance.total).toBe(0);
  });

  it("404 NOT_FOUND for an unknown or archived currency", async () => {
    const { token } = await playerWith(5);
    for (const currency of ["rubies", "old_coins"]) {
      const response = await meWrite(game, token, "/wallet/spend", { currency, amount: 1 });
      expect(response.status).toBe(404);
      expect(response.body).toEqual(apiError("NOT_FOUND"));
    }
  });

  it("Idempotency-Key: required, replayed with Idempotent-Replayed, 409 IDEMPOTENCY_CONFLICT on a different body", async () => {
    const { token } = await playerWith(10);
    const missing = await clientCall(game, "POST", "/me/wallet/spend", { token, body: { currency: "coins", amount: 1 } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(apiError("IDEMPOTENCY_KEY_REQUIRED"));
    const badKey = await clientCall(game, "POST", "/me/wallet/spend", { token, idempotencyKey: "k".repeat(101), body: { currency: "coins", amount: 1 } });
    expect(badKey.status).toBe(400);
    expect(badKey.body).toEqual(apiError("VALIDATION_FAILED", expect.anything()));

    const key = idem();
    const first = await meWrite<Movement>(game, token, "/wallet/spend", { currency: "coins", amount: 4 }, { idempotencyKey: key });
    const replay = await meWrite<Movement>(game, token, "/wallet/spend", { currency: "coins", amount: 4 }, { idempotencyKey: key });
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    const conflict = await meWrite(game, token, "/wallet/spend", { currency: "coins", amount: 5 }, { idempotencyKey: key });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual(apiError("IDEMPOTENCY_CONFLICT"));
    expect(coinsOf((await getMe(game, token)).wallet.balances)?.total).toBe(6);
  });

  it("the same key sent five times at once spends once; the others are replays", async () => {
    const { id, token } = await playerWith(10);
    const key = idem();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => meWrite<Movement>(game, token, "/wallet/spend", { currency: "coins", amount: 4 }, { idempotencyKey: key })),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(responses.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(4);
    for (const response of responses) expect(response.body).toEqual(responses[0]?.body);
    expect(coinsOf((await getMe(game, token)).wallet.balances)?.total).toBe(6);
    expect(await ledgerCount(id)).toBe(2);
  });

  it("keys are per player: two players may use the same key", async () => {
    const a = await playerWith(10);
    const b = await playerWith(10);
    const key = idem();
    const first = await meWrite<Movement>(game, a.token, "/wallet/spend", { currency: "coins", amount: 2 }, { idempotencyKey: key });
    const second = await meWrite<Movement>(game, b.token, "/wallet/spend", { currency: "coins", amount: 3 }, { idempotencyKey: key });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    expect(second.body.balance.total).toBe(7);
  });

  it("a player whose token was renewed replays with the same key (SPEC convention 9)", async () => {
    const created = await newAnonymous(game);
    await grant(game, created.player.id, "coins", 10);
    const key = idem();
    const first = await meWrite<Movement>(game, created.token, "/wallet/spend", { currency: "coins", amount: 3 }, { idempotencyKey: key });
    const renewed = await clientCall<{ token: string }>(game, "POST", "/players/token", { body: { playerId: created.player.id, playerSecret: created.playerSecret } });
    const replay = await meWrite<Movement>(game, renewed.body.token, "/wallet/spend", { currency: "coins", amount: 3 }, { idempotencyKey: key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
  });
});

describe("createClientPurchase", () => {
  it("200: debits price × quantity and adds the item, in one move", async () => {
    const { id, token } = await playerWith(35);
    const response = await meWrite<Purchase>(game, token, "/purchases", { sku: "potion", quantity: 3 });
    expect(response.status).toBe(200);
    expect(response.body.balance).toEqual({ currency: "coins", paid: 0, bonus: 5, total: 5 });
    expect(response.body.entry).toMatchObject({ type: "spend", currency: "coins", bonusDelta: -30, paidDelta: 0, ref: { itemSku: "potion" } });
    expect(response.body.item).toMatchObject({ sku: "potion", quantity: 3 });
    const me = await getMe(game, token);
    expect(me.inventory).toEqual([response.body.item]);
    expect(await ledgerCount(id)).toBe(2);
  });

  it("quantity defaults to 1", async () => {
    const { token } = await playerWith(10);
    const response = await meWrite<Purchase>(game, token, "/purchases", { sku: "potion" });
    expect(response.status).toBe(200);
    expect(response.body.item.quantity).toBe(1);
  });

  it("403 FORBIDDEN for an item that is not clientPurchasable, even with the money", async () => {
    const { token } = await playerWith(500);
    const response = await meWrite(game, token, "/purchases", { sku: "sword" });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(apiError("FORBIDDEN"));
    const me = await getMe(game, token);
    expect(me.inventory).toEqual([]);
    expect(coinsOf(me.wallet.balances)?.total).toBe(500);
  });

  it("404 NOT_FOUND for an unknown or archived item", async () => {
    const { token } = await playerWith(500);
    for (const sku of ["nothing", "old-potion"]) {
      const response = await meWrite(game, token, "/purchases", { sku });
      expect(response.status).toBe(404);
      expect(response.body).toEqual(apiError("NOT_FOUND"));
    }
  });

  it("409 INSUFFICIENT_FUNDS when the wallet is below price × quantity", async () => {
    const { token } = await playerWith(29);
    const response = await meWrite(game, token, "/purchases", { sku: "potion", quantity: 3 });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 30, available: 29 }));
    const huge = await meWrite(game, token, "/purchases", { sku: "potion", quantity: 1_000_000_000_000 });
    expect(huge.status).toBe(409);
    expect(huge.body).toEqual(apiError("INSUFFICIENT_FUNDS", expect.objectContaining({ available: 29 })));
    expect((await getMe(game, token)).inventory).toEqual([]);
  });

  it("409 LIMIT_REACHED over maxOwned, and nothing is debited", async () => {
    const { token } = await playerWith(0, { gems: 100 });
    expect((await meWrite(game, token, "/purchases", { sku: "crown" })).status).toBe(200);
    const over = await meWrite(game, token, "/purchases", { sku: "crown", quantity: 2 });
    expect(over.status).toBe(409);
    expect(over.body).toEqual(apiError("LIMIT_REACHED", { maxOwned: 2, owned: 1 }));
    const me = await getMe(game, token);
    expect(me.wallet.balances.find((b) => b.currency === "gems")?.total).toBe(95);
    expect(me.inventory).toEqual([expect.objectContaining({ sku: "crown", quantity: 1 })]);
  });

  it("409 CONFLICT for an item without a currency price", async () => {
    const { token } = await playerWith(500);
    const response = await meWrite(game, token, "/purchases", { sku: "relic" });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("CONFLICT"));
  });

  it("409 IDEMPOTENCY_CONFLICT for the same key with another item; a replay buys nothing more", async () => {
    const { token } = await playerWith(100, { gems: 10 });
    const key = idem();
    const first = await meWrite<Purchase>(game, token, "/purchases", { sku: "potion", quantity: 2 }, { idempotencyKey: key });
    const replay = await meWrite<Purchase>(game, token, "/purchases", { sku: "potion", quantity: 2 }, { idempotencyKey: key });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    const conflict = await meWrite(game, token, "/purchases", { sku: "crown" }, { idempotencyKey: key });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual(apiError("IDEMPOTENCY_CONFLICT"));
    const me = await getMe(game, token);
    expect(coinsOf(me.wallet.balances)?.total).toBe(80);
    expect(me.inventory).toEqual([expect.objectContaining({ sku: "potion", quantity: 2 })]);
  });

  it.each([
    ["quantity 0", { sku: "potion", quantity: 0 }, ["quantity"]],
    ["an empty sku", { sku: "" }, ["sku"]],
    ["a 49-character sku", { sku: "s".repeat(49) }, ["sku"]],
    ["a price field", { sku: "potion", price: 1 }, ["price"]],
  ])("%s is 400 VALIDATION_FAILED", async (_label, body, fields) => {
    const { token } = await playerWith(100);
    const response = await meWrite(game, token, "/purchases", body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed(Object.fromEntries(fields.map((f) => [f, [expect.any(String)]]))));
  });

  it("twenty concurrent purchases with money for ten: exactly ten succeed", async () => {
    const { token } = await playerWith(100);
    const responses = await Promise.all(Array.from({ length: 20 }, () => meWrite(game, token, "/purchases", { sku: "potion" })));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(10).fill(409)]);
    const me = await getMe(game, token);
    expect(coinsOf(me.wallet.balances)?.total).toBe(0);
    expect(me.inventory).toEqual([expect.objectContaining({ sku: "potion", quantity: 10 })]);
  });
});

describe("consumeClientItem", () => {
  it("200: uses up consumables; reaching 0 still returns the item, which then leaves the inventory", async () => {
    const { id, token } = await playerWith(0);
    await grantItem(game, id, "potion", 3);
    const one = await meWrite<{ item: InventoryItem }>(game, token, "/inventory/consume", { sku: "potion" });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ item: { sku: "potion", quantity: 2, updatedAt: expect.any(String) } });
    const rest = await meWrite<{ item: InventoryItem }>(game, token, "/inventory/consume", { sku: "potion", quantity: 2 });
    expect(rest.body.item.quantity).toBe(0);
    expect((await getMe(game, token)).inventory).toEqual([]);
  });

  it("409 INSUFFICIENT_FUNDS when owning fewer (0 when not owned); nothing consumed", async () => {
    const { id, token } = await playerWith(0);
    const none = await meWrite(game, token, "/inventory/consume", { sku: "potion" });
    expect(none.status).toBe(409);
    expect(none.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 1, available: 0 }));
    await grantItem(game, id, "potion", 2);
    const few = await meWrite(game, token, "/inventory/consume", { sku: "potion", quantity: 3 });
    expect(few.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 3, available: 2 }));
    expect((await getMe(game, token)).inventory).toEqual([expect.objectContaining({ sku: "potion", quantity: 2 })]);
  });

  it("409 CONFLICT for a durable item; 404 for an unknown one", async () => {
    const { id, token } = await playerWith(0);
    await grantItem(game, id, "crown", 1);
    const durable = await meWrite(game, token, "/inventory/consume", { sku: "crown" });
    expect(durable.status).toBe(409);
    expect(durable.body).toEqual(apiError("CONFLICT"));
    const unknown = await meWrite(game, token, "/inventory/consume", { sku: "nothing" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(apiError("NOT_FOUND"));
  });

  it("replays with the same key and refuses a different body under it", async () => {
    const { id, token } = await playerWith(0);
    await grantItem(game, id, "potion", 5);
    const key = idem();
    const first = await meWrite(game, token, "/inventory/consume", { sku: "potion", quantity: 2 }, { idempotencyKey: key });
    const replay = await meWrite(game, token, "/inventory/consume", { sku: "potion", quantity: 2 }, { idempotencyKey: key });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    const conflict = await meWrite(game, token, "/inventory/consume", { sku: "potion", quantity: 1 }, { idempotencyKey: key });
    expect(conflict.body).toEqual(apiError("IDEMPOTENCY_CONFLICT"));
    const inventory = await call<{ items: InventoryItem[] }>("GET", `/players/${id}/inventory`, { key: game.secretKey });
    expect(inventory.body.items).toEqual([expect.objectContaining({ sku: "potion", quantity: 3 })]);
  });
});
