import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/db/client";
import { closeDb, getDb } from "@/server/db/connection";
import { config, resetConfigForTests } from "@/server/lib/config";
import { createTestGame, extRef, get, post, useDatabase, type TestGame } from "@/tests/harness";
import { gameIdOf } from "@/tests/domain-helpers";
import { assertLedgerMatchesBalances } from "@/tests/ledger-invariants";

useDatabase();

type Balance = { currency: string; paid: number; bonus: number; total: number };

/** postgres.js names (prepares) a statement only when asked to; this session's named statements. */
async function preparedStatementsOfSession(): Promise<number> {
  const [row] = await queryRows<{ count: number }>(await getDb(), sql`select count(*)::int as "count" from pg_prepared_statements`);
  return row?.count ?? -1;
}

/**
 * DATABASE_PREPARE=0 (PgBouncer in transaction mode): a fresh pool of one connection, so the session
 * the test inspects is the one every request used.
 */
describe.skipIf(!process.env.DATABASE_URL)("DATABASE_PREPARE", () => {
  const saved = { prepare: process.env.DATABASE_PREPARE, pool: process.env.DATABASE_POOL_SIZE };
  let game: TestGame;

  async function reopen(prepare: string | undefined): Promise<void> {
    await closeDb();
    if (prepare === undefined) delete process.env.DATABASE_PREPARE;
    else process.env.DATABASE_PREPARE = prepare;
    process.env.DATABASE_POOL_SIZE = "1";
    resetConfigForTests();
  }

  beforeAll(async () => {
    game = await createTestGame();
  });

  afterAll(async () => {
    await closeDb();
    if (saved.prepare === undefined) delete process.env.DATABASE_PREPARE;
    else process.env.DATABASE_PREPARE = saved.prepare;
    if (saved.pool === undefined) delete process.env.DATABASE_POOL_SIZE;
    else process.env.DATABASE_POOL_SIZE = saved.pool;
    resetConfigForTests();
  });

  it("0: money moves work and Postgres holds no prepared statement", async () => {
    await reopen("0");
    expect(config().DATABASE_PREPARE).toBe(false);
    const ref = extRef("unprepared");
    expect((await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 100 })).status).toBe(200);
    expect((await post(`/players/${ref}/wallet/spend`, game.secretKey, { currency: "coins", amount: 30 })).status).toBe(200);
    const key = `prepare-off-${Date.now()}`;
    const first = await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 5 }, key);
    const replay = await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 5 }, key);
    expect(replay.text).toBe(first.text);
    const wallet = await get<{ balances: Balance[] }>(`/players/${ref}/wallet`, game.secretKey);
    expect(wallet.body.balances.find((b) => b.currency === "coins")).toEqual({ currency: "coins", paid: 0, bonus: 75, total: 75 });
    expect(await preparedStatementsOfSession()).toBe(0);
    await assertLedgerMatchesBalances(await gameIdOf(game));
  });

  it("1 (the default): the same moves leave prepared statements in the session", async () => {
    await reopen(undefined);
    expect(config().DATABASE_PREPARE).toBe(true);
    const ref = extRef("prepared");
    expect((await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 100 })).status).toBe(200);
    expect(await preparedStatementsOfSession()).toBeGreaterThan(0);
  });
});
