import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { idempotencyRecords } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import type { Db } from "@/db/client";
import type { MoneyMove } from "@/server/money-moves/money-move";
import { writeMoneyMove } from "@/server/money-moves/submit-move";
import { writeMoveBatch } from "@/server/money-moves/write-batch";
import { apiError, blockPlayer, creditPaid, ensurePlayer, gameIdOf, ledgerCount, testScope } from "../domain-helpers";
import { externalPlayer, meWrite } from "../client-helpers";
import { call, createTestGame, extRef, get, idem, post, useDatabase, type TestGame } from "../harness";
import { assertLedgerChainsConsistent, assertLedgerMatchesBalances } from "../ledger-invariants";

// Spends, grants and purchases are one money move each, written with the moves of the moment by one
// statement and one commit (docs/performance.md "Group commit"), their idempotency record with them.
// The statement's outcome answers every case: success, each refusal, a key used before. There is no
// second path: these tests pin the answers.
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
  it("answers the movement and keeps the answer as its stored record; the replay is identical", async () => {
    const ref = extRef();
    await grant(ref, { currency: "coins", amount: 50 });
    const key = idem();
    const body = { currency: "coins", amount: 7, reason: "shop: hat", metadata: { sku: "hat", round: "3" } };
    const first = await spend(ref, body, key);
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(first.body.balance).toEqual({ currency: "coins", paid: 0, bonus: 43, total: 43 });
    expect(first.body.entry).toMatchObject({ type: "spend", paidDelta: 0, bonusDelta: -7, reason: "shop: hat", metadata: { sku: "hat", round: "3" } });
    expect(await storedBody(key)).toEqual(first.body);

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
    expect(await storedBody(key)).toEqual(response.body);
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
  it("takes the same batched path: the record keeps the answer and the replay is identical", async () => {
    const { ref, token } = await externalPlayer(game);
    await grant(ref, { currency: "coins", amount: 20 });
    const key = idem();
    const first = await meWrite<Movement>(game, token, "/wallet/spend", { currency: "coins", amount: 6, reason: "hat" }, { idempotencyKey: key });
    expect(first.status).toBe(200);
    expect(first.body.balance).toEqual({ currency: "coins", paid: 0, bonus: 14, total: 14 });
    expect(await storedBody(key)).toEqual(first.body);
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

  it("a replay of a grant whose move created the player stays a full answer", async () => {
    const ref = extRef();
    const key = idem();
    const first = await grant(ref, { currency: "coins", amount: 2 }, key);
    expect(first.status).toBe(200);
    expect(await storedBody(key)).toEqual(first.body);
    const replay = await grant(ref, { currency: "coins", amount: 2 }, key);
    expect(replay.body).toEqual(first.body);
  });

  it("a record of the previous release (the entry id only, written during a rolling release) replays its answer", async () => {
    const ref = extRef();
    await grant(ref, { currency: "coins", amount: 10 });
    const key = idem();
    const body = { currency: "coins", amount: 3, metadata: { b: "2", a: "1" } };
    const first = await spend(ref, body, key);
    const db = await getDb();
    await db
      .update(idempotencyRecords)
      .set({ responseBody: sql`json_build_object('ledgerEntryId', ${first.body.entry.id}::text)` })
      .where(and(eq(idempotencyRecords.gameId, await gameIdOf(game)), eq(idempotencyRecords.key, key)));
    expect(await storedBody(key)).toEqual({ ledgerEntryId: first.body.entry.id });
    const replay = await spend(ref, body, key);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.text).toBe(first.text);
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

type Purchase = Movement & { item: { sku: string; quantity: number; updatedAt: string } };
const purchase = (ref: string, body: unknown, key = idem()) => post<Purchase>(`/players/${ref}/purchases`, game.secretKey, body, key);

describe("group commit: moves sent at once", () => {
  it("each keeps its own outcome: success, too few coins, blocked, unknown player, a reused key, same-key twins", async () => {
    const [rich, poor, blocked, unknown, reused, twin] = [extRef(), extRef(), extRef(), extRef(), extRef(), extRef()];
    const blockedId = await ensurePlayer(game, blocked);
    const twinId = await ensurePlayer(game, twin);
    for (const [ref, amount] of [[rich, 50], [poor, 3], [blocked, 10], [reused, 10], [twin, 30]] as const) {
      expect((await grant(ref, { currency: "coins", amount })).status).toBe(200);
    }
    await blockPlayer(blockedId);
    const usedKey = idem();
    expect((await grant(reused, { currency: "coins", amount: 1 }, usedKey)).status).toBe(200);
    const [richKey, poorKey, twinKey] = [idem(), idem(), idem()];
    const answers = await Promise.all([
      spend(rich, { currency: "coins", amount: 7 }, richKey),
      spend(poor, { currency: "coins", amount: 5 }, poorKey),
      spend(blocked, { currency: "coins", amount: 1 }),
      spend(unknown, { currency: "coins", amount: 1 }),
      spend(reused, { currency: "coins", amount: 1 }, usedKey),
      spend(twin, { currency: "coins", amount: 10 }, twinKey),
      spend(twin, { currency: "coins", amount: 10 }, twinKey),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 409, 403, 409, 409, 200, 200]);
    expect(answers[0]?.body.balance).toEqual({ currency: "coins", paid: 0, bonus: 43, total: 43 });
    expect(answers[1]?.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 5, available: 3 }));
    expect(answers[2]?.body).toEqual(apiError("PLAYER_BLOCKED"));
    expect(answers[3]?.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 1, available: 0 }));
    expect(answers[4]?.body).toEqual(apiError("IDEMPOTENCY_CONFLICT"));
    expect(answers[5]?.body).toEqual(answers[6]?.body);
    expect(answers[5]?.body.balance.total).toBe(20);
    expect([answers[5], answers[6]].filter((a) => a?.headers.get("idempotent-replayed") === "true")).toHaveLength(1);
    expect(await storedBody(richKey)).toEqual(answers[0]?.body);
    expect(await storedBody(poorKey)).toBeUndefined();
    expect(await ledgerCount(twinId)).toBe(2);
    expect(await ledgerCount(blockedId)).toBe(1);
    await assertLedgerMatchesBalances(await gameIdOf(game));
  });

  it("on one hot player, ledger ids and balanceAfter follow the order the balance changed in; no overdraft", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await grant(ref, { currency: "coins", amount: 30 });
    const answers = await Promise.all(Array.from({ length: 40 }, () => spend(ref, { currency: "coins", amount: 1 })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(30);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body)).toEqual(Array(10).fill(apiError("INSUFFICIENT_FUNDS", { required: 1, available: 0 })));
    const byId = answers.filter((a) => a.status === 200).map((a) => a.body).sort((a, b) => (a.entry.id < b.entry.id ? -1 : 1));
    expect(byId.map((m) => m.balance.total)).toEqual(Array.from({ length: 30 }, (_, i) => 29 - i));
    expect(await ledgerCount(playerId)).toBe(31);
    await assertLedgerChainsConsistent(await gameIdOf(game));
    await assertLedgerMatchesBalances(await gameIdOf(game));
  });
});

describe("group commit: one statement for a batch", () => {
  async function move(ref: string, change: MoneyMove["change"], key = idem()): Promise<MoneyMove> {
    const scope = await testScope(game);
    return {
      scope,
      player: { ref: { kind: "external", externalId: ref.slice("ext:".length) }, ifUnknown: "not_found" },
      change,
      entry: { type: change.kind === "credit" ? "grant" : "spend", reason: null, metadata: {} },
      record: { principal: "server", key, fingerprint: `f-${key}`, operation: "test", status: 200 },
      at: clock.now(),
    };
  }
  const debit = (amount: number) => ({ kind: "debit" as const, currency: "coins", amount, bonusFirst: true });

  it("answers move by move, in the order sent: a refusal or a used key skips only its own move", async () => {
    const [hot, poor, blocked] = [extRef(), extRef(), extRef()];
    const blockedId = await ensurePlayer(game, blocked);
    for (const ref of [hot, poor, blocked]) await grant(ref, { currency: "coins", amount: ref === poor ? 2 : 20 });
    await blockPlayer(blockedId);
    const twinKey = idem();
    const moves = [
      await move(hot, debit(1)),
      await move(poor, debit(5)),
      await move(blocked, debit(1)),
      await move(extRef(), debit(1)),
      await move(hot, debit(2), twinKey),
      await move(hot, debit(3), twinKey),
      await move(hot, { kind: "credit", currency: "coins", amount: 4 }),
      await move(hot, debit(100)),
      await move(hot, { kind: "purchase", sku: "potion", quantity: 1, clientOnly: false, bonusFirst: true }),
    ];
    const outcomes = await writeMoveBatch(await getDb(), moves);
    expect(outcomes.map((o) => o.outcome)).toEqual(["moved", "refused", "refused", "refused", "moved", "key_used", "moved", "refused", "moved"]);
    expect(outcomes.map((o) => (o.outcome === "refused" ? [o.reason, o.facts] : null))).toEqual([
      null,
      ["insufficient_funds", { currency: "coins", available: 2, required: 5 }],
      ["player_blocked", {}],
      ["player_unknown", {}],
      null,
      null,
      null,
      ["insufficient_funds", { currency: "coins", available: 21, required: 100 }],
      null,
    ]);
    const totals = outcomes.map((o) => (o.outcome === "moved" ? (JSON.parse(o.answer) as Movement).balance.total : null));
    expect(totals).toEqual([19, null, null, null, 17, null, 21, null, 11]);
    const ids = outcomes.flatMap((o) => (o.outcome === "moved" ? [(JSON.parse(o.answer) as Movement).entry.id] : []));
    expect([...ids].sort()).toEqual(ids);
    const bought = outcomes[8];
    expect(bought?.outcome === "moved" && (JSON.parse(bought.answer) as Purchase).item).toMatchObject({ sku: "potion", quantity: 1 });
    expect(await storedBody(twinKey)).toEqual(outcomes[4]?.outcome === "moved" ? JSON.parse(outcomes[4].answer) : null);
    await assertLedgerChainsConsistent(await gameIdOf(game));
    await assertLedgerMatchesBalances(await gameIdOf(game));
  });

  it("names why a move was refused, with the facts of its error; a refused move whose key has a record reports the key", async () => {
    const [rich, empty, capped, used] = [extRef(), extRef(), extRef(), extRef()];
    await grant(rich, { currency: "coins", amount: 500 });
    await ensurePlayer(game, empty);
    await creditPaid(game, await ensurePlayer(game, capped), "coins", 1_000_000_000_000_000);
    await grant(used, { currency: "coins", amount: 1 });
    const usedKey = idem();
    await spend(used, { currency: "coins", amount: 1 }, usedKey);
    const purchase = (sku: string, quantity: number) => ({ kind: "purchase" as const, sku, quantity, clientOnly: false, bonusFirst: true });
    const moves = [
      await move(rich, purchase("sword", 2)),
      await move(rich, purchase("no-such-item", 1)),
      await move(rich, purchase("shield", 1)),
      await move(empty, debit(3)),
      await move(capped, { kind: "credit", currency: "coins", amount: 1 }),
      await move(used, debit(5), usedKey),
    ];
    const outcomes = await writeMoveBatch(await getDb(), moves);
    expect(outcomes).toEqual([
      { outcome: "refused", reason: "over_max_owned", facts: { owned: 0, quantity: 2, maxOwned: 1 } },
      { outcome: "refused", reason: "item_unknown", facts: {} },
      { outcome: "refused", reason: "item_unpriced", facts: {} },
      { outcome: "refused", reason: "no_balance", facts: { currency: "coins", available: 0, required: 3 } },
      { outcome: "refused", reason: "over_limit", facts: { currency: "coins", current: 1_000_000_000_000_000, limit: 1_000_000_000_000_000 } },
      { outcome: "key_used" },
    ]);
    await assertLedgerMatchesBalances(await gameIdOf(game));
  });

  it("a batch that fails inside its statement leaves nothing of any of its moves", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await grant(ref, { currency: "coins", amount: 20 });
    const written = await move(ref, debit(1));
    // The third move's record cannot be stored (its status is not a number): the first two had been written.
    const broken = await move(ref, debit(1));
    broken.record = { ...(broken.record as NonNullable<MoneyMove["record"]>), status: "x" as unknown as number };
    await expect(writeMoveBatch(await getDb(), [written, await move(ref, debit(1)), broken])).rejects.toThrow();
    expect(await ledgerCount(playerId)).toBe(1);
    expect(await storedBody(written.record?.key ?? "")).toBeUndefined();
    expect((await get<{ balances: Balance[] }>(`/players/${ref}/wallet`, game.secretKey)).body.balances[0]?.total).toBe(20);
  });

  it("a batch that fails as a whole is written again one move at a time: each move then has its own outcome", async () => {
    const db = await getDb();
    let failures = 1;
    // The first statement fails as a deadlock would; the moves written again alone succeed.
    const flaky = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== "execute") return Reflect.get(target, property, receiver) as unknown;
        return (...args: Parameters<Db["execute"]>) => (failures-- > 0 ? Promise.reject(new Error("deadlock detected")) : target.execute(...args));
      },
    });
    const [first, second] = [extRef(), extRef()];
    await grant(first, { currency: "coins", amount: 5 });
    await grant(second, { currency: "coins", amount: 5 });
    const outcomes = await Promise.all([writeMoneyMove(flaky, await move(first, debit(1))), writeMoneyMove(flaky, await move(second, debit(9)))]);
    expect(failures).toBe(-2);
    expect(outcomes.map((o) => o.outcome)).toEqual(["moved", "refused"]);
    expect(outcomes[1]).toEqual({ outcome: "refused", reason: "insufficient_funds", facts: { currency: "coins", available: 5, required: 9 } });
  });
});

describe("a purchase with coins", () => {
  it("answers the Purchase, keeps the answer, and the replay is identical", async () => {
    const [funded, created] = [extRef(), extRef()];
    await grant(funded, { currency: "coins", amount: 25 });
    const key = idem();
    const first = await purchase(funded, { sku: "potion", quantity: 2 }, key);
    expect(first.status).toBe(200);
    expect(first.body.entry).toMatchObject({ type: "spend", paidDelta: 0, bonusDelta: -20, reason: null, metadata: {}, ref: { itemSku: "potion" } });
    expect(first.body.balance).toEqual({ currency: "coins", paid: 0, bonus: 5, total: 5 });
    expect(first.body.item).toEqual({ sku: "potion", quantity: 2, updatedAt: first.body.entry.createdAt });
    expect(await storedBody(key)).toEqual(first.body);
    const replay = await purchase(funded, { quantity: 2, sku: "potion" }, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.text).toBe(first.text);

    // A new ext: player is created by the move's statement, then has too few coins; the same shape after a grant.
    const made = await purchase(created, { sku: "potion", quantity: 1 });
    expect(made.status).toBe(409);
    expect(made.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 10, available: 0 }));
    await grant(created, { currency: "coins", amount: 10 });
    const again = await purchase(created, { sku: "potion", quantity: 1 });
    expect(Object.keys(again.body)).toEqual(Object.keys(first.body));
    expect(Object.keys(again.body.entry)).toEqual(Object.keys(first.body.entry));
  });

  it("refusals: past maxOwned, too few coins, no price, unknown item", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await grant(ref, { currency: "coins", amount: 250 });
    expect((await purchase(ref, { sku: "sword", quantity: 1 })).status).toBe(200);
    const second = await purchase(ref, { sku: "sword", quantity: 1 });
    expect(second.status).toBe(409);
    expect(second.body).toEqual(apiError("LIMIT_REACHED", { maxOwned: 1, owned: 1 }));
    const poor = await purchase(ref, { sku: "potion", quantity: 20 });
    expect(poor.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 200, available: 150 }));
    expect((await purchase(ref, { sku: "shield", quantity: 1 })).body).toEqual(apiError("CONFLICT"));
    expect((await purchase(ref, { sku: "nope", quantity: 1 })).body).toEqual(apiError("NOT_FOUND"));
    expect(await ledgerCount(playerId)).toBe(2);
    await assertLedgerMatchesBalances(await gameIdOf(game));
  });

  it("a client purchase takes it too; an item not for clients is FORBIDDEN", async () => {
    const { ref, token } = await externalPlayer(game);
    await grant(ref, { currency: "coins", amount: 300 });
    const key = idem();
    const bought = await meWrite<Purchase>(game, token, "/purchases", { sku: "potion", quantity: 1 }, { idempotencyKey: key });
    expect(bought.status).toBe(200);
    expect(bought.body.item.quantity).toBe(1);
    expect(await storedBody(key)).toEqual(bought.body);
    const forbidden = await meWrite(game, token, "/purchases", { sku: "sword", quantity: 1 }, { idempotencyKey: idem() });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual(apiError("FORBIDDEN"));
  });
});
