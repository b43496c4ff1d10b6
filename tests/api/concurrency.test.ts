import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { players } from "@/db/schema";
import { createTestGame, db, extRef, get, post, useDatabase, type ApiResponse, type TestGame } from "../harness";
import { apiError, ensurePlayer, gameIdOf, ledgerCount } from "../domain-helpers";
import { assertLedgerChainsConsistent, assertLedgerMatchesBalances } from "../ledger-invariants";

useDatabase();

type Balance = { currency: string; paid: number; bonus: number; total: number };
type Movement = { entry: { id: string; balanceAfter: { total: number } }; balance: Balance };

let game: TestGame;
let gameId: string;
/** The player of the 200-spend race, checked again through listLedger at the end. */
let hotRef = "";
beforeAll(async () => {
  game = await createTestGame();
  gameId = await gameIdOf(game);
});

const grant = (ref: string, amount: number, currency = "coins") => post<Movement>(`/players/${ref}/wallet/grant`, game.secretKey, { currency, amount });
const spend = (ref: string, amount: number, currency = "coins") => post<Movement>(`/players/${ref}/wallet/spend`, game.secretKey, { currency, amount });
const coins = async (ref: string) =>
  (await get<{ balances: Balance[] }>(`/players/${ref}/wallet`, game.secretKey)).body.balances.find((b) => b.currency === "coins");
const countStatus = (responses: ApiResponse<unknown>[], status: number) => responses.filter((r) => r.status === status).length;

describe("concurrent money moves", () => {
  it("200 simultaneous spends of 1 on a balance of 100: exactly 100 succeed, 100 get INSUFFICIENT_FUNDS, balance 0", async () => {
    const ref = extRef("hot");
    hotRef = ref;
    const playerId = await ensurePlayer(game, ref);
    expect((await grant(ref, 100)).status).toBe(200);

    const responses = await Promise.all(Array.from({ length: 200 }, () => spend(ref, 1)));

    expect(countStatus(responses, 200)).toBe(100);
    expect(countStatus(responses, 409)).toBe(100);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(response.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 1, available: 0 }));
    }
    // Every success saw a distinct balance after it: 99 down to 0.
    const after = responses.filter((r) => r.status === 200).map((r) => (r.body as Movement).balance.total);
    expect([...after].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(await coins(ref)).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    expect(await ledgerCount(playerId)).toBe(101);
    await assertLedgerMatchesBalances(gameId);
  });

  it("grants and spends mixed at once never overdraw and add up", async () => {
    const ref = extRef("mixed");
    const playerId = await ensurePlayer(game, ref);
    await grant(ref, 50);
    const requests: Promise<ApiResponse<Movement>>[] = [];
    for (let i = 0; i < 150; i += 1) requests.push(i % 3 === 0 ? grant(ref, 2) : spend(ref, 1));
    const responses = await Promise.all(requests);

    const grants = responses.filter((_, i) => i % 3 === 0);
    const spends = responses.filter((_, i) => i % 3 !== 0);
    expect(countStatus(grants, 200)).toBe(50);
    const spent = countStatus(spends, 200);
    expect(spent + countStatus(spends, 409)).toBe(100);
    // 50 at the start plus 100 granted covers every spend whatever the order.
    expect(spent).toBe(100);
    expect(await coins(ref)).toEqual({ currency: "coins", paid: 0, bonus: 50, total: 50 });
    for (const response of responses) if (response.status === 200) expect(response.body.balance.total).toBeGreaterThanOrEqual(0);
    expect(await ledgerCount(playerId)).toBe(1 + 50 + 100);
    await assertLedgerMatchesBalances(gameId);
  });

  it("spends that cannot all fit: the successes add up exactly to what was there", async () => {
    const ref = extRef("mixed-amounts");
    await grant(ref, 100);
    const amounts = Array.from({ length: 60 }, (_, i) => 1 + (i % 7));
    const responses = await Promise.all(amounts.map((amount) => spend(ref, amount)));
    const spent = responses.reduce((sum, response, i) => (response.status === 200 ? sum + (amounts[i] ?? 0) : sum), 0);
    expect(spent).toBeLessThanOrEqual(100);
    const balance = await coins(ref);
    expect(balance?.total).toBe(100 - spent);
    for (const [i, response] of responses.entries()) {
      if (response.status !== 200) {
        expect(response.status).toBe(409);
        expect(response.body).toMatchObject(apiError("INSUFFICIENT_FUNDS", { required: amounts[i] }));
      }
    }
    // Nothing left that a refused spend could have taken when it ran last.
    await assertLedgerMatchesBalances(gameId);
  });

  it("two currencies of one player move independently at once", async () => {
    const ref = extRef("two");
    await Promise.all([grant(ref, 20, "coins"), grant(ref, 20, "gems")]);
    const responses = await Promise.all([
      ...Array.from({ length: 30 }, () => spend(ref, 1, "coins")),
      ...Array.from({ length: 30 }, () => spend(ref, 1, "gems")),
    ]);
    expect(countStatus(responses, 200)).toBe(40);
    const wallet = await get<{ balances: Balance[] }>(`/players/${ref}/wallet`, game.secretKey);
    expect(wallet.body.balances).toEqual([
      { currency: "coins", paid: 0, bonus: 0, total: 0 },
      { currency: "gems", paid: 0, bonus: 0, total: 0 },
    ]);
  });

  it("first writes for one new ext: player at once create it once", async () => {
    const ref = extRef("first");
    const responses = await Promise.all(Array.from({ length: 20 }, () => grant(ref, 1)));
    expect(countStatus(responses, 200)).toBe(20);
    const externalId = decodeURIComponent(ref.slice(4));
    const rows = await (await db()).select().from(players).where(eq(players.externalId, externalId));
    expect(rows).toHaveLength(1);
    expect((await coins(ref))?.total).toBe(20);
  });
});

describe("concurrent item moves", () => {
  it("grants racing for maxOwned never pass it", async () => {
    const ref = extRef("limit");
    await ensurePlayer(game, ref);
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(`/players/${ref}/inventory/grant`, game.secretKey, { sku: "shield" })));
    expect(countStatus(responses, 200)).toBe(3);
    expect(countStatus(responses, 409)).toBe(17);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(response.body).toMatchObject(apiError("LIMIT_REACHED", { maxOwned: 3 }));
    }
    const inventory = await get<{ items: { sku: string; quantity: number }[] }>(`/players/${ref}/inventory`, game.secretKey);
    expect(inventory.body.items.map(({ sku, quantity }) => ({ sku, quantity }))).toEqual([{ sku: "shield", quantity: 3 }]);
  });

  it("consumes racing for the last units never go below zero", async () => {
    const ref = extRef("consume");
    await post(`/players/${ref}/inventory/grant`, game.secretKey, { sku: "potion", quantity: 10 });
    const responses = await Promise.all(Array.from({ length: 25 }, () => post(`/players/${ref}/inventory/consume`, game.secretKey, { sku: "potion" })));
    expect(countStatus(responses, 200)).toBe(10);
    expect(countStatus(responses, 409)).toBe(15);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(response.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 1, available: 0 }));
    }
    expect((await get(`/players/${ref}/inventory`, game.secretKey)).body).toEqual({ items: [] });
  });

  it("purchases racing for coins: each success pays and delivers, each failure does neither", async () => {
    const ref = extRef("shop");
    const playerId = await ensurePlayer(game, ref);
    await grant(ref, 100);
    const responses = await Promise.all(Array.from({ length: 30 }, () => post(`/players/${ref}/purchases`, game.secretKey, { sku: "potion" })));
    expect(countStatus(responses, 200)).toBe(10);
    expect(countStatus(responses, 409)).toBe(20);
    const inventory = await get<{ items: { sku: string; quantity: number }[] }>(`/players/${ref}/inventory`, game.secretKey);
    expect(inventory.body.items.map(({ sku, quantity }) => ({ sku, quantity }))).toEqual([{ sku: "potion", quantity: 10 }]);
    expect((await coins(ref))?.total).toBe(0);
    expect(await ledgerCount(playerId)).toBe(11);
  });

  it("purchases racing for maxOwned take coins only for what they deliver", async () => {
    const ref = extRef("one-sword");
    await grant(ref, 1000);
    const responses = await Promise.all(Array.from({ length: 10 }, () => post(`/players/${ref}/purchases`, game.secretKey, { sku: "sword" })));
    expect(countStatus(responses, 200)).toBe(1);
    expect(countStatus(responses, 409)).toBe(9);
    expect((await coins(ref))?.total).toBe(900);
  });
});

describe("invariants after the races", () => {
  it("every balance row of the game equals the sum of its ledger entries", async () => {
    await assertLedgerMatchesBalances(gameId);
  });

  it("each entry's balanceAfter follows from the previous entry in id (creation) order", async () => {
    await assertLedgerChainsConsistent(gameId);
  });

  it("listLedger after the 200-spend race: newest first, balanceAfter climbs 0, 1, … 100 and the newest equals the wallet", async () => {
    type Page = { entries: { type: string; balanceAfter: { total: number } }[]; nextCursor: string | null };
    const first = await get<Page>(`/players/${hotRef}/ledger?limit=100`, game.secretKey);
    const second = await get<Page>(`/players/${hotRef}/ledger?limit=100&cursor=${first.body.nextCursor}`, game.secretKey);
    const entries = [...first.body.entries, ...second.body.entries];
    expect(second.body.nextCursor).toBeNull();
    expect(entries.map((e) => e.type)).toEqual([...Array(100).fill("spend"), "grant"]);
    expect(entries.map((e) => e.balanceAfter.total)).toEqual(Array.from({ length: 101 }, (_, i) => i));
  });
});
