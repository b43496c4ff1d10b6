import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/db/client";
import { getDb } from "@/server/db/connection";
import type { GameScope } from "@/server/lib/scope";
import { blockPlayer, ensurePlayer, testScope } from "../domain-helpers";
import { createTestGame, extRef, useDatabase, type TestGame } from "../harness";
import { assertLedgerMatchesBalances } from "../ledger-invariants";

// money_move_batch called directly, in SQL, beside the HTTP tests: the money rules where they live.
useDatabase();

type Row = { idx: number; outcome: string; answer: string | null };
type Moved = { entry: { paidDelta: number; bonusDelta: number; balanceAfter: { paid: number; bonus: number } } };

let game: TestGame;
let scope: GameScope;
beforeAll(async () => {
  game = await createTestGame();
  scope = await testScope(game);
});

/** Moves of one player, in the function's JSON; `at` is the same for all. */
function moves(playerId: string, list: Record<string, unknown>[]): string {
  const at = new Date().toISOString();
  return JSON.stringify(
    list.map((m) => ({ game_id: scope.gameId, env: scope.env, player_id: playerId, type: "adjustment", reason: null, metadata: {}, record: null, now: at, ...m })),
  );
}

async function run(playerId: string, list: Record<string, unknown>[]): Promise<Row[]> {
  return queryRows<Row>(await getDb(), sql`SELECT idx, outcome, answer FROM money_move_batch(${moves(playerId, list)}::jsonb) ORDER BY idx`);
}

const after = (row: Row | undefined) => {
  const moved = JSON.parse(row?.answer ?? "null") as Moved;
  const { paid, bonus } = moved.entry.balanceAfter;
  return { paidDelta: moved.entry.paidDelta, bonusDelta: moved.entry.bonusDelta, paid, bonus };
};

describe("money_move_batch in SQL", () => {
  it("a credit creates the balance row; its paid part goes to paid, bonus coins first repay a debt", async () => {
    const player = await ensurePlayer(game, extRef());
    const rows = await run(player, [{ kind: "credit", currency: "coins", amount: 10, paid: 4 }]);
    expect(rows.map((r) => r.outcome)).toEqual(["moved"]);
    expect(after(rows[0])).toEqual({ paidDelta: 4, bonusDelta: 6, paid: 4, bonus: 6 });
    // A clawback under `allow` leaves a debt on paid; the next bonus coins repay it first.
    const back = await run(player, [{ kind: "clawback", currency: "coins", amount: 20, paid: 14, bonus: 6, policy: "allow" }]);
    expect(after(back[0])).toEqual({ paidDelta: -14, bonusDelta: -6, paid: -10, bonus: 0 });
    const repay = await run(player, [{ kind: "credit", currency: "coins", amount: 15 }]);
    expect(after(repay[0])).toEqual({ paidDelta: 10, bonusDelta: 5, paid: 0, bonus: 5 });
    await assertLedgerMatchesBalances(scope.gameId);
  });

  it("a clawback under `clamp` stops paid at zero; `zero` brings a balance to zero once, then is unchanged", async () => {
    const player = await ensurePlayer(game, extRef());
    await run(player, [{ kind: "credit", currency: "coins", amount: 5, paid: 3 }]);
    const back = await run(player, [{ kind: "clawback", currency: "coins", amount: 9, paid: 7, bonus: 2, policy: "clamp" }]);
    expect(after(back[0])).toEqual({ paidDelta: -3, bonusDelta: -2, paid: 0, bonus: 0 });
    await run(player, [{ kind: "credit", currency: "coins", amount: 4 }]);
    const zero = await run(player, [{ kind: "zero", currency: "coins", amount: 0 }, { kind: "zero", currency: "coins", amount: 0 }]);
    expect(zero.map((r) => r.outcome)).toEqual(["moved", "unchanged"]);
    expect(after(zero[0])).toEqual({ paidDelta: 0, bonusDelta: -4, paid: 0, bonus: 0 });
    expect((await run(player, [{ kind: "zero", currency: "gems", amount: 0 }]))[0]?.outcome).toBe("unchanged");
    await assertLedgerMatchesBalances(scope.gameId);
  });

  it("debits take bonus first or paid first, and refuse with what is spendable (nothing while a debt is open)", async () => {
    const player = await ensurePlayer(game, extRef());
    await run(player, [{ kind: "credit", currency: "coins", amount: 10, paid: 6 }]);
    const rows = await run(player, [
      { kind: "debit", currency: "coins", amount: 5, bonus_first: true },
      { kind: "debit", currency: "coins", amount: 2, bonus_first: false },
      { kind: "debit", currency: "coins", amount: 4, bonus_first: true },
    ]);
    expect(rows.map((r) => r.outcome)).toEqual(["moved", "moved", "insufficient_funds"]);
    expect(after(rows[0])).toEqual({ paidDelta: -1, bonusDelta: -4, paid: 5, bonus: 0 });
    expect(after(rows[1])).toEqual({ paidDelta: -2, bonusDelta: 0, paid: 3, bonus: 0 });
    expect(JSON.parse(rows[2]?.answer ?? "null")).toEqual({ currency: "coins", available: 3, required: 4 });
    await run(player, [{ kind: "clawback", currency: "coins", amount: 5, paid: 5, bonus: 0, policy: "allow" }]);
    const inDebt = await run(player, [{ kind: "debit", currency: "coins", amount: 1, bonus_first: true }]);
    expect(inDebt.map((r) => [r.outcome, JSON.parse(r.answer ?? "null")])).toEqual([["insufficient_funds", { currency: "coins", available: 0, required: 1 }]]);
  });

  it("a blocked player is refused, unless the caller allows any player (a refund's clawback)", async () => {
    const player = await ensurePlayer(game, extRef());
    await run(player, [{ kind: "credit", currency: "coins", amount: 3 }]);
    await blockPlayer(player);
    expect((await run(player, [{ kind: "debit", currency: "coins", amount: 1, bonus_first: true }]))[0]?.outcome).toBe("player_blocked");
    const back = await run(player, [{ kind: "clawback", currency: "coins", amount: 1, paid: 0, bonus: 1, policy: "clamp", any_player: true }]);
    expect(after(back[0])).toEqual({ paidDelta: 0, bonusDelta: -1, paid: 0, bonus: 2 });
  });

  it("the entry keeps the order and the item it came from", async () => {
    const player = await ensurePlayer(game, extRef());
    await run(player, [{ kind: "credit", currency: "coins", amount: 3, type: "purchase_credit", order_id: "order-1", item_sku: "potion" }]);
    const rows = await queryRows<{ order_id: string | null; item_sku: string | null; type: string }>(
      await getDb(),
      sql`SELECT order_id, item_sku, type FROM ledger_entries WHERE player_id = ${player}`,
    );
    expect(rows).toEqual([{ order_id: "order-1", item_sku: "potion", type: "purchase_credit" }]);
  });

  it("names every refusal in the order its checks run, and changes nothing for any of them", async () => {
    const player = await ensurePlayer(game, extRef());
    await run(player, [{ kind: "credit", currency: "coins", amount: 50 }]);
    const purchase = (sku: string, quantity: number, extra: Record<string, unknown> = {}) => ({ kind: "purchase", sku, quantity, client_only: false, bonus_first: true, ...extra });
    const rows = await run(player, [
      { kind: "debit", currency: "old_coins", amount: 1, bonus_first: true, check_currency: true },
      { kind: "credit", currency: "no_such", amount: 1, check_currency: true },
      purchase("no-such-item", 1),
      purchase("sword", 1, { client_only: true }),
      purchase("shield", 1),
      purchase("potion", 1_000_000_000_000_000),
      purchase("potion", 200_000_000_000_000),
      purchase("potion", 6),
      { kind: "debit", currency: "gems", amount: 2, bonus_first: true, check_currency: true },
    ]);
    expect(rows.map((r) => [r.outcome, r.answer === null ? null : JSON.parse(r.answer)])).toEqual([
      ["currency_unknown", null],
      ["currency_unknown", null],
      ["item_unknown", null],
      ["item_forbidden", null],
      ["item_unpriced", null],
      // Past 2^53 the required amount is a decimal string: no JSON number holds it exactly.
      ["insufficient_funds", { currency: "coins", available: 50, required: "10000000000000000" }],
      ["insufficient_funds", { currency: "coins", available: 50, required: 2_000_000_000_000_000 }],
      ["insufficient_funds", { currency: "coins", available: 50, required: 60 }],
      ["no_balance", { currency: "gems", available: 0, required: 2 }],
    ]);
    const unknown = await run("no-such-player", [{ kind: "debit", currency: "coins", amount: 1, bonus_first: true }]);
    expect(unknown.map((r) => r.outcome)).toEqual(["player_unknown"]);
    await assertLedgerMatchesBalances(scope.gameId);
  });

  it("creates an unknown ext: player when the move says so, once per batch, and not under a used key", async () => {
    const at = new Date().toISOString();
    const externalId = `sql-${Date.now()}`;
    const base = { game_id: scope.gameId, env: scope.env, external_id: externalId, create_external: true, type: "grant", reason: null, metadata: {}, now: at };
    const twice = JSON.stringify([
      { ...base, new_player_id: randomBytes(12).toString("hex"), kind: "credit", currency: "coins", amount: 2, record: null },
      { ...base, new_player_id: randomBytes(12).toString("hex"), kind: "debit", currency: "coins", amount: 5, bonus_first: true, record: null },
    ]);
    const rows = await queryRows<Row>(await getDb(), sql`SELECT idx, outcome, answer FROM money_move_batch(${twice}::jsonb) ORDER BY idx`);
    expect(rows.map((r) => r.outcome)).toEqual(["moved", "insufficient_funds"]);
    const made = await queryRows<{ id: string }>(await getDb(), sql`SELECT id FROM players WHERE external_id = ${externalId}`);
    expect(made).toHaveLength(1);

    const used = { principal: "server", key: `k-${externalId}`, fingerprint: "f", operation: "grantCurrency", status: 200 };
    await queryRows(await getDb(), sql`SELECT * FROM money_move_batch(${JSON.stringify([{ ...base, new_player_id: randomBytes(12).toString("hex"), kind: "credit", currency: "coins", amount: 1, record: used }])}::jsonb)`);
    const other = { ...base, external_id: `${externalId}-other`, new_player_id: randomBytes(12).toString("hex"), kind: "credit", currency: "coins", amount: 1, record: used };
    const again = await queryRows<Row>(await getDb(), sql`SELECT idx, outcome, answer FROM money_move_batch(${JSON.stringify([other])}::jsonb)`);
    expect(again.map((r) => r.outcome)).toEqual(["key_used"]);
    expect(await queryRows(await getDb(), sql`SELECT id FROM players WHERE external_id = ${`${externalId}-other`}`)).toEqual([]);
  });

  describe("idempotency keys", () => {
    const record = (key: string) => ({ principal: "server", key, fingerprint: "f", operation: "spendCurrency", status: 200 });
    const recordsOf = async (key: string) =>
      (await queryRows<{ n: number }>(await getDb(), sql`SELECT count(*)::int AS n FROM idempotency_records WHERE game_id = ${scope.gameId} AND key = ${key}`))[0]?.n;

    it("twins in one batch: the first moves, the second is answered from the first's record", async () => {
      const player = await ensurePlayer(game, extRef());
      await run(player, [{ kind: "credit", currency: "coins", amount: 10 }]);
      const key = `twin-${randomBytes(6).toString("hex")}`;
      const rows = await run(player, [
        { kind: "debit", currency: "coins", amount: 3, bonus_first: true, record: record(key) },
        { kind: "debit", currency: "coins", amount: 4, bonus_first: true, record: record(key) },
      ]);
      expect(rows.map((r) => r.outcome)).toEqual(["moved", "key_used"]);
      expect(rows[1]?.answer).toBeNull();
      expect(after(rows[0])).toEqual({ paidDelta: 0, bonusDelta: -3, paid: 0, bonus: 7 });
      expect(await recordsOf(key)).toBe(1);
      await assertLedgerMatchesBalances(scope.gameId);
    });

    it("a twin batch on another connection waits for the first one's key and is answered from its record", async () => {
      const player = await ensurePlayer(game, extRef());
      await run(player, [{ kind: "credit", currency: "coins", amount: 10 }]);
      const key = `wait-${randomBytes(6).toString("hex")}`;
      let second: Promise<Row[]> | undefined;
      await (await getDb()).transaction(async (tx) => {
        const first = await queryRows<Row>(tx, sql`SELECT idx, outcome, answer FROM money_move_batch(${moves(player, [{ kind: "debit", currency: "coins", amount: 2, bonus_first: true, record: record(key) }])}::jsonb)`);
        expect(first.map((r) => r.outcome)).toEqual(["moved"]);
        // From another connection of the pool, while this transaction holds the key's lock.
        second = run(player, [{ kind: "debit", currency: "coins", amount: 5, bonus_first: true, record: record(key) }]);
        const waiting = await Promise.race([second.then(() => "answered"), new Promise((resolve) => setTimeout(() => resolve("waiting"), 300))]);
        expect(waiting).toBe("waiting");
      });
      expect(((await second) ?? []).map((r) => r.outcome)).toEqual(["key_used"]);
      expect(await recordsOf(key)).toBe(1);
      const balance = await queryRows<{ bonus: number }>(await getDb(), sql`SELECT bonus::int AS bonus FROM balances WHERE player_id = ${player}`);
      expect(balance).toEqual([{ bonus: 8 }]);
    });

    it("after a batch, the same transaction's other records are checked by the trigger again", async () => {
      const player = await ensurePlayer(game, extRef());
      await run(player, [{ kind: "credit", currency: "coins", amount: 10 }]);
      const key = `after-${randomBytes(6).toString("hex")}`;
      await (await getDb()).transaction(async (tx) => {
        await queryRows(tx, sql`SELECT * FROM money_move_batch(${moves(player, [{ kind: "debit", currency: "coins", amount: 1, bonus_first: true, record: record(key) }])}::jsonb)`);
        const inserted = await queryRows<{ key: string }>(
          tx,
          sql`INSERT INTO idempotency_records (game_id, env, principal, key, fingerprint, operation, response_status, response_body, created_at)
              VALUES (${scope.gameId}, ${scope.env}, 'server', ${key}, 'f', 'spendCurrency', 200, '{}', now() + interval '1 second') RETURNING key`,
        );
        expect(inserted).toEqual([]);
      });
      expect(await recordsOf(key)).toBe(1);
    });
  });

  it("a refused debit takes no lock: it is answered while another transaction holds the balance row", async () => {
    const player = await ensurePlayer(game, extRef());
    await run(player, [{ kind: "credit", currency: "coins", amount: 3 }]);
    await (await getDb()).transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM balances WHERE player_id = ${player} FOR UPDATE`);
      // From another connection of the pool: a debit that would lock the row would wait for this transaction.
      const rows = await run(player, [{ kind: "debit", currency: "coins", amount: 5, bonus_first: true }]);
      expect(rows.map((r) => [r.outcome, JSON.parse(r.answer ?? "null")])).toEqual([["insufficient_funds", { currency: "coins", available: 3, required: 5 }]]);
    });
  });
});
