import { describe, expect, it } from "vitest";
import { createTestGame, extRef, get, post, useDatabase } from "../harness";

useDatabase();

describe("smoke", () => {
  it("grants and spends", async () => {
    const game = await createTestGame();
    const player = extRef();
    const grant = await post(`/players/${player}/wallet/grant`, game.secretKey, { currency: "coins", amount: 100 });
    expect(grant.status).toBe(200);
    const spend = await post(`/players/${player}/wallet/spend`, game.secretKey, { currency: "coins", amount: 30 });
    expect(spend.status).toBe(200);
    expect(spend.body).toMatchObject({ balance: { currency: "coins", paid: 0, bonus: 70, total: 70 } });
    const wallet = await get(`/players/${player}/wallet`, game.secretKey);
    expect(wallet.body).toMatchObject({ balances: [{ currency: "coins", total: 70 }, { currency: "gems", total: 0 }] });
  });
});
