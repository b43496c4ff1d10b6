import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { apiError, creditBonus, ensurePlayer } from "../domain-helpers";
import { createTestGame, extRef, idem, post, useDatabase, type TestGame } from "../harness";

// A refusal the batched money move explains in full is answered from its outcome: the ordinary path
// (the TypeScript debit and credit of server/wallet/ledger-moves.ts) never runs a second time.
const calls = vi.hoisted(() => ({ debit: 0, credit: 0 }));
vi.mock("@/server/wallet/ledger-moves", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/server/wallet/ledger-moves")>();
  return {
    ...original,
    debit: (...args: Parameters<typeof original.debit>) => {
      calls.debit += 1;
      return original.debit(...args);
    },
    credit: (...args: Parameters<typeof original.credit>) => {
      calls.credit += 1;
      return original.credit(...args);
    },
  };
});

useDatabase();

let game: TestGame;
beforeAll(async () => {
  game = await createTestGame();
});
beforeEach(() => {
  calls.debit = 0;
  calls.credit = 0;
});

describe("a refused money move costs one statement", () => {
  it("a spend with too few coins answers 409 INSUFFICIENT_FUNDS from the batch's outcome", async () => {
    const ref = extRef();
    await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 3 }, idem());
    const refused = await post(`/players/${ref}/wallet/spend`, game.secretKey, { currency: "coins", amount: 5 }, idem());
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 5, available: 3 }));
    expect(refused.body).toMatchObject({ error: { message: 'The balance of "coins" is too low.' } });
    expect(calls.debit).toBe(0);
  });

  it("a spend of a currency the player never had answers available 0, without the ordinary path", async () => {
    const ref = extRef();
    await ensurePlayer(game, ref);
    const refused = await post(`/players/${ref}/wallet/spend`, game.secretKey, { currency: "gems", amount: 1 }, idem());
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 1, available: 0 }));
    expect(calls.debit).toBe(0);
  });

  it("a purchase past maxOwned answers 409 LIMIT_REACHED from the batch's outcome", async () => {
    const ref = extRef();
    await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 300 }, idem());
    expect((await post(`/players/${ref}/purchases`, game.secretKey, { sku: "sword", quantity: 1 }, idem())).status).toBe(200);
    const refused = await post(`/players/${ref}/purchases`, game.secretKey, { sku: "sword", quantity: 1 }, idem());
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(apiError("LIMIT_REACHED", { maxOwned: 1, owned: 1 }));
    expect(refused.body).toMatchObject({ error: { message: "At most 1 of this item can be owned." } });
    expect(calls.debit).toBe(0);
  });

  it("a grant past 10^15 answers 409 LIMIT_REACHED from the batch's outcome", async () => {
    const ref = extRef();
    await creditBonus(game, await ensurePlayer(game, ref), "coins", 999_999_999_999_999);
    calls.credit = 0;
    const refused = await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 2 }, idem());
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(apiError("LIMIT_REACHED", { limit: 1_000_000_000_000_000, current: 999_999_999_999_999 }));
    expect(refused.body).toMatchObject({ error: { message: 'The balance of "coins" would exceed 1000000000000000.' } });
    expect(calls.credit).toBe(0);
  });

  it("a refused spend under a key that has an answer replays that answer", async () => {
    const ref = extRef();
    await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 5 }, idem());
    const key = idem();
    const first = await post(`/players/${ref}/wallet/spend`, game.secretKey, { currency: "coins", amount: 5 }, key);
    expect(first.status).toBe(200);
    const again = await post(`/players/${ref}/wallet/spend`, game.secretKey, { currency: "coins", amount: 5 }, key);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
  });
});
