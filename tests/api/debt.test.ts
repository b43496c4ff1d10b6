import { beforeAll, describe, expect, it } from "vitest";
import { createTestGame, extRef, get, post, useDatabase, type TestGame } from "../harness";
import { apiError, clawBackPaid, creditPaid, ensurePlayer, gameIdOf } from "../domain-helpers";
import { assertLedgerChainsConsistent, assertLedgerMatchesBalances } from "../ledger-invariants";

useDatabase();

type Balance = { currency: string; paid: number; bonus: number; total: number };
type Movement = { entry: { type: string; paidDelta: number; bonusDelta: number; balanceAfter: Omit<Balance, "currency"> }; balance: Balance };

let game: TestGame;
let paidFirst: TestGame;
beforeAll(async () => {
  [game, paidFirst] = await Promise.all([createTestGame(), createTestGame({ settings: { spendOrder: "paid_first" } })]);
});

const grant = (g: TestGame, ref: string, amount: number) => post<Movement>(`/players/${ref}/wallet/grant`, g.secretKey, { currency: "coins", amount });
const spend = (g: TestGame, ref: string, amount: number) => post<Movement>(`/players/${ref}/wallet/spend`, g.secretKey, { currency: "coins", amount });
const coins = async (g: TestGame, ref: string) =>
  (await get<{ balances: Balance[] }>(`/players/${ref}/wallet`, g.secretKey)).body.balances.find((b) => b.currency === "coins");

/** A player whose coins stand at paid = `paid` (< 0 after a clawback) and bonus = `bonus`. */
async function playerInDebt(g: TestGame, debt: number, bonus = 0): Promise<{ ref: string; playerId: string }> {
  const ref = extRef("debtor");
  const playerId = await ensurePlayer(g, ref);
  if (bonus > 0) expect((await grant(g, ref, bonus)).status).toBe(200);
  await clawBackPaid(g, playerId, "coins", debt);
  return { ref, playerId };
}

describe("a debt on paid", () => {
  it("shows as a negative paid in the wallet, total included", async () => {
    const { ref } = await playerInDebt(game, 50, 20);
    expect(await coins(game, ref)).toEqual({ currency: "coins", paid: -50, bonus: 20, total: -30 });
  });

  it("a grant smaller than the debt goes wholly to paid", async () => {
    const { ref } = await playerInDebt(game, 50);
    const response = await grant(game, ref, 30);
    expect(response.status).toBe(200);
    expect(response.body.entry).toMatchObject({ type: "grant", paidDelta: 30, bonusDelta: 0, balanceAfter: { paid: -20, bonus: 0, total: -20 } });
    expect(response.body.balance).toEqual({ currency: "coins", paid: -20, bonus: 0, total: -20 });
  });

  it("the next grant repays what is left and the rest goes to bonus", async () => {
    const { ref } = await playerInDebt(game, 50);
    await grant(game, ref, 30);
    const response = await grant(game, ref, 80);
    expect(response.status).toBe(200);
    expect(response.body.entry).toMatchObject({ paidDelta: 20, bonusDelta: 60, balanceAfter: { paid: 0, bonus: 60, total: 60 } });
    expect(response.body.balance).toEqual({ currency: "coins", paid: 0, bonus: 60, total: 60 });
  });

  it("a grant equal to the debt clears it exactly", async () => {
    const { ref } = await playerInDebt(game, 50, 5);
    const response = await grant(game, ref, 50);
    expect(response.body.entry).toMatchObject({ paidDelta: 50, bonusDelta: 0, balanceAfter: { paid: 0, bonus: 5, total: 5 } });
    expect((await spend(game, ref, 5)).status).toBe(200);
  });

  it("a paid credit repays the debt by itself", async () => {
    const { ref, playerId } = await playerInDebt(game, 50, 10);
    const movement = await creditPaid(game, playerId, "coins", 70);
    expect(movement.entry).toMatchObject({ type: "purchase_credit", paidDelta: 70, bonusDelta: 0, balanceAfter: { paid: 20, bonus: 10, total: 30 } });
    expect(await coins(game, ref)).toEqual({ currency: "coins", paid: 20, bonus: 10, total: 30 });
  });

  it("while in debt nothing can be spent, even with bonus coins: available is 0", async () => {
    const { ref } = await playerInDebt(game, 50, 100);
    const response = await spend(game, ref, 1);
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 1, available: 0 }));
    expect(await coins(game, ref)).toEqual({ currency: "coins", paid: -50, bonus: 100, total: 50 });
  });

  it("the paid_first order does not change that", async () => {
    const { ref } = await playerInDebt(paidFirst, 10, 100);
    const response = await spend(paidFirst, ref, 1);
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 1, available: 0 }));
  });

  it("a purchase while in debt is refused with INSUFFICIENT_FUNDS and gives no item", async () => {
    const { ref } = await playerInDebt(game, 5, 500);
    const response = await post(`/players/${ref}/purchases`, game.secretKey, { sku: "potion" });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 10, available: 0 }));
    expect((await get(`/players/${ref}/inventory`, game.secretKey)).body).toEqual({ items: [] });
  });

  it("once repaid, spending works again, bonus first", async () => {
    const { ref } = await playerInDebt(game, 50, 100);
    await grant(game, ref, 60);
    expect(await coins(game, ref)).toEqual({ currency: "coins", paid: 0, bonus: 110, total: 110 });
    const response = await spend(game, ref, 110);
    expect(response.status).toBe(200);
    expect(response.body.entry).toMatchObject({ paidDelta: 0, bonusDelta: -110, balanceAfter: { paid: 0, bonus: 0, total: 0 } });
  });

  it("ledger sums still equal balances", async () => {
    for (const g of [game, paidFirst]) {
      const gameId = await gameIdOf(g);
      await assertLedgerMatchesBalances(gameId);
      await assertLedgerChainsConsistent(gameId);
    }
  });
});
