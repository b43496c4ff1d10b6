/**
 * patches/postgres+3.4.9.patch also makes the pool hand a query to the connection used last (LIFO).
 * postgres.js 3.4.9 took the longest-idle one (FIFO), so once a burst had opened the whole pool (20
 * connections: a dashboard page, token issuance at 16 at once) every money batch afterwards went to
 * the next of 20 Postgres backends in turn: 0.23 → 0.35 ms of Postgres CPU a spend and p99 20–27 →
 * 66 ms on the bench's VM (docs/performance.md, "The pool's order"). PgBouncer reuses its server
 * connections LIFO by default for the same reason.
 */
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import { useDatabase } from "@/tests/harness";

useDatabase();

let sql: postgres.Sql | undefined;
afterEach(async () => {
  await sql?.end({ timeout: 5 });
  sql = undefined;
});

async function backendPid(pool: postgres.Sql | postgres.TransactionSql | postgres.ReservedSql, sleepSeconds = 0): Promise<number> {
  const [row] = await pool<{ pid: number }[]>`select pg_backend_pid() as pid, pg_sleep(${sleepSeconds})`;
  return Number(row?.pid);
}

describe.skipIf(!process.env.DATABASE_URL)("postgres.js pool order", () => {
  it("after a burst opened six connections, one query at a time keeps to the connection used last", async () => {
    sql = postgres(process.env.DATABASE_URL ?? "", { max: 6, onnotice: () => {} });
    const pool = sql;
    const burst = await Promise.all(Array.from({ length: 6 }, () => backendPid(pool, 0.05)));
    expect(new Set(burst).size).toBe(6);

    const sequential: number[] = [];
    for (let i = 0; i < 12; i += 1) sequential.push(await backendPid(pool));
    expect(new Set(sequential).size).toBe(1);
  });

  it("after a burst, sql.begin and sql.reserve keep to the connection used last as well", async () => {
    sql = postgres(process.env.DATABASE_URL ?? "", { max: 6, onnotice: () => {} });
    const pool = sql;
    await Promise.all(Array.from({ length: 6 }, () => backendPid(pool, 0.05)));

    const inTransactions: number[] = [];
    const reservedPids: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      inTransactions.push(await pool.begin(async (tx) => backendPid(tx)));
      const reserved = await pool.reserve();
      reservedPids.push(await backendPid(reserved));
      reserved.release();
    }
    expect(new Set([...inTransactions, ...reservedPids]).size).toBe(1);
  });
});
