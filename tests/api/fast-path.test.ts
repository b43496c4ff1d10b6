import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { idempotencyRecords } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { apiError, blockPlayer, creditPaid, ensurePlayer, gameIdOf, ledgerCount } from "../domain-helpers";
import { externalPlayer, meWrite } from "../client-helpers";
import { call, createTestGame, extRef, get, idem, post, useDatabase, type TestGame } from "../harness";
import { assertLedgerMatchesBalances } from "../ledger-invariants";

// Spends and grants answer the common case in one SQL statement (docs/performance.md); every other
// case falls back to the ordinary path. These tests pin what the two paths must agree on.
useDatabase();

type Balance = { currency: string; paid: number; bonus: number; total: number };
type Movement = {
  entry: { id: string; type: string; paidDelta: number; bonusDelta: number; reason: string | null; metadata: Record<string, string>; createdAt: string };
  balance: Balance;
};

let game: TestGame;
let paidFirst: TestGame;
beforeAll(async () => {
  [game, paidFirst] = await Promise.all([createTestGame(), createTestGame({ settings: { spendOrder: "paid_first" } })]);
});
afterEach(() => clock.reset());

const DAY_MS = 24 * 60 * 60 * 1000;
const spend = (ref: string, body: unknown, key = idem(), apiKey = game.secretKey) => post<Movement>(`/players/${ref}/wallet/spend`, apiKey, body, key);
const grant = (ref: string, body: unknown, key = idem(), apiKey = game.secretKey) => post<Movement>(`/players/${ref}/wallet/grant`, apiKey, body, key);

async function storedBody(key: string): Promise<unknown> {
  const db = await getDb();
  const rows = await db
    .select({ body: idempotencyRecords.responseBody })
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.gameId, await gameIdOf(game)), eq(idempotencyRecords.key, key)));
  return rows[0]?.body;
}

describe("a spend on a funded player", () => {
  it("answers the movement and keeps only the ledger entry's id as its stored answer; the replay is identical", async () => {
    const ref = extRef();
    await grant(ref, { currency: "coins", amount: 50 });
    const key = idem();
    const body = { currency: "coins", amount: 7, reason: "shop: hat", metadata: { sku: "hat", round: "3" } };
    const first = await spend(ref, body, key);
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(first.body.balance).toEqual({ currency: "coins", paid: 0, bonus: 43, total: 43 });
    expect(first.body.entry).toMatchObject({ type: "spend", paidDelta: 0, bonusDelta: -7, reason: "shop: hat", metadata: { sku: "hat", round: "3" } });
    expect(await storedBody(key)).toEqual({ ledgerEntryId: first.body.entry.id });

    const replay = await spend(ref, { metadata: { round: "3", sku: "hat" }, reason: "shop: hat", amount: 7, currency: "coins" }, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect((await get<{ balances: Balance[] }>(`/players/${ref}/wallet`, game.secretKey)).body.balances[0]?.total).toBe(43);
  });

  it("follows the paid_first order", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(paidFirst, ref);
    await creditPaid(paidFirst, playerId, "coins", 5);
    await grant(ref, { currency: "coins", amount: 5 }, idem(), paidFirst.secretKey);
    const response = await spend(ref, { currency: "coins", amount: 6 }, idem(), paidFirst.secretKey);
    expect(response.status).toBe(200);
    expect(response.body.entry).toMatchObject({ paidDelta: -5, bonusDelta: -1 });
    expect(response.body.balance).toEqual({ currency: "coins", paid: 0, bonus: 4, total: 4 });
  });

  it("a refused spend stores nothing: the same key succeeds once the coins are there", async () => {
    const ref = extRef();
    await grant(ref, { currency: "coins", amount: 3 });
    const key = idem();
    const refused = await spend(ref, { currency: "coins", amount: 5 }, key);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 5, available: 3 }));
    expect(await storedBody(key)).toBeUndefined();
    await grant(ref, { currency: "coins", amount: 2 });
    const retried = await spend(ref, { currency: "coins", amount: 5 }, key);
    expect(retried.status).toBe(200);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(retried.body.balance.total).toBe(0);
  });

  it("a blocked player is refused with PLAYER_BLOCKED and nothing moves", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await grant(ref, { currency: "coins", amount: 10 });
    await blockPlayer(playerId);
    const response = await spend(ref, { currency: "coins", amount: 1 });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(apiError("PLAYER_BLOCKED"));
    expect(await ledgerCount(playerId)).toBe(1);
  });

  it("a player named by service id takes the same path", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await grant(ref, { currency: "coins", amount: 10 });
    const key = idem();
    const response = await spend(playerId, { currency: "coins", amount: 4 }, key);
    expect(response.status).toBe(200);
    expect(response.body.balance.total).toBe(6);
    expect(await storedBody(key)).toEqual({ ledgerEntryId: response.body.entry.id });
  });

  it("an archived currency or a query string is refused as before", async () => {
    const ref = extRef();
    await grant(ref, { currency: "coins", amount: 10 });
    const archived = await spend(ref, { currency: "old_coins", amount: 1 });
    expect(archived.status).toBe(404);
    expect(archived.body).toEqual(apiError("NOT_FOUND"));
    const withQuery = await call("POST", `/players/${ref}/wallet/spend?dryRun=1`, { key: game.secretKey, idempotencyKey: idem(), body: { currency: "coins", amount: 1 } });
    expect(withQuery.status).toBe(400);
    expect(withQuery.body).toEqual({ error: expect.objectContaining({ code: "VALIDATION_FAILED", details: { fieldErrors: { dryRun: ["Unknown field"] } } }) });
    expect((await get<{ balances: Balance[] }>(`/players/${ref}/wallet`, game.secretKey)).body.balances[0]?.total).toBe(10);
  });
});

describe("a client spend with a player token", () => {
  it("takes the same one-statement path: the record keeps the entry id and the replay is identical", async () => {
    const { ref, token } = await externalPlayer(game);
    await grant(ref, { currency: "coins", amount: 20 });
    const key = idem();
    const first = await meWrite<Movement>(game, token, "/wallet/spend", { currency: "coins", amount: 6, reason: "hat" }, { idempotencyKey: key });
    expect(first.status).toBe(200);
    expect(first.body.balance).toEqual({ currency: "coins", paid: 0, bonus: 14, total: 14 });
    expect(await storedBody(key)).toEqual({ ledgerEntryId: first.body.entry.id });
    const replay = await meWrite<Movement>(game, token, "/wallet/spend", { currency: "coins", amount: 6, reason: "hat" }, { idempotencyKey: key });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    const tooMuch = await meWrite(game, token, "/wallet/spend", { currency: "coins", amount: 15 }, { idempotencyKey: idem() });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 15, available: 14 }));
  });
});

describe("a key used before", () => {
  it("a spend under a grant's key is IDEMPOTENCY_CONFLICT and moves nothing", async () => {
    const ref = extRef();
    const key = idem();
    await grant(ref, { currency: "coins", amount: 10 });
    await grant(ref, { currency: "coins", amount: 10 }, key);
    const conflict = await spend(ref, { currency: "coins", amount: 1 }, key);
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual(apiError("IDEMPOTENCY_CONFLICT"));
    expect((await get<{ balances: Balance[] }>(`/players/${ref}/wallet`, game.secretKey)).body.balances[0]?.total).toBe(20);
  });

  it("an expired key is replaced: the spend happens again and the key then replays the new one", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await grant(ref, { currency: "coins", amount: 10 });
    const key = idem();
    const first = await spend(ref, { currency: "coins", amount: 1 }, key);
    clock.advance(31 * DAY_MS);
    const again = await spend(ref, { currency: "coins", amount: 1 }, key);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(again.body.entry.id).not.toBe(first.body.entry.id);
    expect(again.body.balance.total).toBe(8);
    const replay = await spend(ref, { currency: "coins", amount: 1 }, key);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(again.body);
    expect(await ledgerCount(playerId)).toBe(3);
  });

  it("a replay of a spend made on the ordinary path (first spend creating the player) stays a full answer", async () => {
    const ref = extRef();
    const key = idem();
    const first = await grant(ref, { currency: "coins", amount: 2 }, key);
    expect(first.status).toBe(200);
    expect(await storedBody(key)).toEqual(first.body);
    const replay = await grant(ref, { currency: "coins", amount: 2 }, key);
    expect(replay.body).toEqual(first.body);
  });

  it("ten spends with one key at once: one effect, ten identical answers", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await grant(ref, { currency: "coins", amount: 30 });
    const key = idem();
    const responses = await Promise.all(Array.from({ length: 10 }, () => spend(ref, { currency: "coins", amount: 10 }, key)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(responses.filter((r) => r.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    for (const response of responses) expect(response.body).toEqual(responses[0]?.body);
    expect(await ledgerCount(playerId)).toBe(2);
    await assertLedgerMatchesBalances(await gameIdOf(game));
  });
});
