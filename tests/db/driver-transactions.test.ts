/**
 * postgres.js 3.4.9 could send a transaction's BEGIN without reserving the connection for it
 * (porsager/postgres#823, #1189, #1210): when the socket said "buffer full" or the pipeline filled up at
 * that BEGIN, the reservation hook was skipped, the request failed with UNSAFE_TRANSACTION, and the
 * connection went back to the pool still inside the transaction, so other requests' statements ran in it.
 * The shop's launch drop met it as 500s. patches/postgres+3.4.9.patch reserves the connection whenever
 * BEGIN was written and keeps a socket "drain" from handing a reserved connection back to the pool.
 */
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import { useDatabase } from "@/tests/harness";

useDatabase();

const pools: postgres.Sql[] = [];
/** `max_pipeline` is a documented option that the driver's types leave out. */
type PoolShape = { max: number; max_pipeline: number };

function pool(shape: PoolShape): postgres.Sql {
  const options: postgres.Options<Record<string, never>> = { onnotice: () => {}, ...shape };
  const sql = postgres(process.env.DATABASE_URL ?? "", options);
  pools.push(sql);
  return sql;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((sql) => sql.end({ timeout: 5 })));
});

describe.skipIf(!process.env.DATABASE_URL)("postgres.js transactions under a full pipeline", () => {
  it("runs a transaction when every write fills the pipeline (max_pipeline 0)", async () => {
    const sql = pool({ max: 4, max_pipeline: 0 });
    const rows = await sql.begin((tx) => tx`select txid_current() as "a", txid_current() as "b"`);
    expect(rows[0]?.a).toBe(rows[0]?.b);
    // The connection came back out of its transaction: a new statement gets a transaction of its own.
    const [one, two] = await Promise.all([sql`select txid_current() as "id"`, sql`select txid_current() as "id"`]);
    expect(one[0]?.id).not.toBe(two[0]?.id);
  });

  it("keeps every transaction on a connection of its own while BEGINs queue behind busy connections", async () => {
    // One statement fills a connection's pipeline, so a BEGIN queued behind a busy connection is the one that fills it.
    const sql = pool({ max: 2, max_pipeline: 1 });
    await Promise.all([sql`select 1`, sql`select 2`]); // both connections open and idle
    for (let round = 0; round < 10; round += 1) {
      // execute() sends now; a tagged query would wait for the next tick, after the BEGINs below.
      const busy = [1, 2].map(() => sql`select pg_sleep(0.05)`.execute());
      const transactions = [1, 2, 3, 4, 5].map((n) =>
        sql.begin(async (tx) => {
          const [first] = await tx`select txid_current()::text as "id", ${n}::int as "n"`;
          const [second] = await tx`select txid_current()::text as "id"`;
          return { n: first?.n, same: first?.id === second?.id };
        }),
      );
      const plain = [1, 2, 3, 4, 5, 6].map((n) => sql`select ${n}::int as "n"`);
      const settled = await Promise.allSettled([...busy, ...plain, ...transactions]);
      expect(settled.filter((result) => result.status === "rejected").map((result) => String((result as PromiseRejectedResult).reason))).toEqual([]);
      expect(await Promise.all(transactions)).toEqual([1, 2, 3, 4, 5].map((n) => ({ n, same: true })));
    }
  });
});
