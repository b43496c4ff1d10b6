/**
 * patches/postgres+3.4.9.patch also makes the pool hand a query to the connection used last (LIFO).
 * postgres.js 3.4.9 took the longest-idle one (FIFO), so once a burst had opened the whole pool (20
 * connections: a dashboard page, token issuance at 16 at once) every money batch afterwards went to
 * the next of 20 Postgres backends in turn: 0.23 → 0.35 ms of Postgres CPU a spend and p99 20–27 →
 * 66 ms on the bench's VM (docs/performance.md, "The pool's order"). PgBouncer reuses its server
 * connections LIFO by default for the same reason. With LIFO the rest of a burst-grown pool sits
 * unused, so db/client.ts closes a connection idle for DATABASE_IDLE_SECONDS (default 60).
 */
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import { sql as drizzleSql } from "drizzle-orm";
import { openDriver } from "@/db/client";
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

describe.skipIf(!process.env.DATABASE_URL)("the app's pool closes idle connections", () => {
  it("a burst opens four connections, and DATABASE_IDLE_SECONDS later none is left open", async () => {
    const url = new URL(process.env.DATABASE_URL ?? "");
    url.searchParams.set("application_name", "gamecoin-idle-test");
    const handle = await openDriver({ DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: 4, DATABASE_PREPARE: false, DATABASE_IDLE_SECONDS: 1, PGLITE_DATA_DIR: "memory://" });
    const observer = postgres(process.env.DATABASE_URL ?? "", { max: 1, onnotice: () => {} });
    const openCount = async () => {
      const [row] = await observer<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where application_name = 'gamecoin-idle-test'`;
      return row?.n;
    };
    try {
      await Promise.all(Array.from({ length: 4 }, () => handle.db.execute(drizzleSql`select pg_sleep(0.05)`)));
      expect(await openCount()).toBe(4);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(await openCount()).toBe(0);
    } finally {
      await handle.close();
      await observer.end({ timeout: 5 });
    }
  });
});
