import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { apiError, blockPlayer, creditBonus, ensurePlayer } from "../domain-helpers";
import { createTestGame, extRef, get, idem, post, useDatabase, type TestGame } from "../harness";

// A refused money move is answered from the outcome of the one statement that tried it: no look-up of
// the key or the player before it, no second path after it. The statements are counted where every
// query of the process leaves: the postgres.js client's `unsafe` (the test files of a worker share the
// app's modules, so module mocks would not reach the running server).
const calls = { batches: 0, records: 0, players: 0 };
let counting = false;

function countStatement(text: string): void {
  if (!counting) return;
  if (/money_move_batch\(/.test(text)) calls.batches += 1;
  if (/from "?idempotency_records"?/i.test(text)) calls.records += 1;
  if (/from "?players"?/i.test(text)) calls.players += 1;
}

/** Statements of the request under test: one money statement, nothing else. */
const ONE_STATEMENT = { batches: 1, records: 0, players: 0 };

useDatabase();

let game: TestGame;
beforeAll(async () => {
  game = await createTestGame();
});
function resetCalls(): void {
  calls.batches = 0;
  calls.records = 0;
  calls.players = 0;
  counting = true;
}
beforeAll(async () => {
  const client = (await getDb() as unknown as { $client: { unsafe: (text: string, ...rest: unknown[]) => unknown } }).$client;
  const unsafe = client.unsafe.bind(client);
  client.unsafe = (text: string, ...rest: unknown[]) => {
    countStatement(text);
    return unsafe(text, ...rest);
  };
  restore = () => {
    client.unsafe = unsafe;
  };
});
let restore = () => {};
afterAll(() => restore());
beforeEach(() => {
  counting = false;
});

describe("a refused money move costs one statement", () => {
  it("a spend with too few coins answers 409 INSUFFICIENT_FUNDS from the batch's outcome", async () => {
    const ref = extRef();
    await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 3 }, idem());
    resetCalls();
    const refused = await post(`/players/${ref}/wallet/spend`, game.secretKey, { currency: "coins", amount: 5 }, idem());
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 5, available: 3 }));
    expect(refused.body).toMatchObject({ error: { message: 'The balance of "coins" is too low.' } });
    expect(calls).toEqual(ONE_STATEMENT);
  });

  it("a spend of a currency the player never had answers available 0, without the ordinary path", async () => {
    const ref = extRef();
    await ensurePlayer(game, ref);
    resetCalls();
    const refused = await post(`/players/${ref}/wallet/spend`, game.secretKey, { currency: "gems", amount: 1 }, idem());
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 1, available: 0 }));
    expect(calls).toEqual(ONE_STATEMENT);
  });

  it("a purchase past maxOwned answers 409 LIMIT_REACHED from the batch's outcome", async () => {
    const ref = extRef();
    await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 300 }, idem());
    expect((await post(`/players/${ref}/purchases`, game.secretKey, { sku: "sword", quantity: 1 }, idem())).status).toBe(200);
    resetCalls();
    const refused = await post(`/players/${ref}/purchases`, game.secretKey, { sku: "sword", quantity: 1 }, idem());
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(apiError("LIMIT_REACHED", { maxOwned: 1, owned: 1 }));
    expect(refused.body).toMatchObject({ error: { message: "At most 1 of this item can be owned." } });
    expect(calls).toEqual(ONE_STATEMENT);
  });

  it("a grant past 10^15 answers 409 LIMIT_REACHED from the batch's outcome", async () => {
    const ref = extRef();
    await creditBonus(game, await ensurePlayer(game, ref), "coins", 999_999_999_999_999);
    resetCalls();
    const refused = await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 2 }, idem());
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(apiError("LIMIT_REACHED", { limit: 1_000_000_000_000_000, current: 999_999_999_999_999 }));
    expect(refused.body).toMatchObject({ error: { message: 'The balance of "coins" would exceed 1000000000000000.' } });
    expect(calls).toEqual(ONE_STATEMENT);
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

  it("every other refusal too: an unknown or blocked player, an unknown or archived currency, an item not for sale here, a currency never held", async () => {
    const [blocked, known] = [extRef(), extRef()];
    await ensurePlayer(game, known);
    await blockPlayer(await ensurePlayer(game, blocked));
    const cases: [string, unknown, number, unknown][] = [
      [`/players/${blocked}/wallet/spend`, { currency: "coins", amount: 1 }, 403, apiError("PLAYER_BLOCKED")],
      [`/players/${"f".repeat(24)}/wallet/grant`, { currency: "coins", amount: 1 }, 404, apiError("NOT_FOUND")],
      [`/players/${known}/wallet/spend`, { currency: "old_coins", amount: 1 }, 404, apiError("NOT_FOUND")],
      [`/players/${known}/wallet/grant`, { currency: "nope", amount: 1 }, 404, apiError("NOT_FOUND")],
      [`/players/${known}/purchases`, { sku: "nope", quantity: 1 }, 404, apiError("NOT_FOUND")],
      [`/players/${known}/purchases`, { sku: "shield", quantity: 1 }, 409, apiError("CONFLICT")],
      [`/players/${known}/purchases`, { sku: "sword", quantity: 1_000_000_000_000 }, 409, apiError("INSUFFICIENT_FUNDS", { required: 100_000_000_000_000, available: 0 })],
    ];
    for (const [path, body, status, answer] of cases) {
      resetCalls();
      const refused = await post(path, game.secretKey, body, idem());
      expect([path, refused.status, refused.body]).toEqual([path, status, answer]);
      expect(calls).toEqual(ONE_STATEMENT);
    }
  });

  it("a first write for an unknown ext: player creates it in the same statement, which then refuses the spend", async () => {
    const ref = extRef();
    resetCalls();
    const refused = await post(`/players/${ref}/wallet/spend`, game.secretKey, { currency: "coins", amount: 1 }, idem());
    expect(refused.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 1, available: 0 }));
    expect(calls).toEqual(ONE_STATEMENT);
    expect((await get<{ id: string }>(`/players/${ref}`, game.secretKey)).status).toBe(200);
  });
});
