import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows, type Db } from "@/db/client";
import { getDb } from "@/server/db/connection";
import { useDatabase } from "@/tests/harness";

useDatabase();

const MIGRATION = new URL("../../db/migrations/0025_ledger_order_placed_only.sql", import.meta.url);

async function ledgerOrderIndex(db: Db): Promise<{ oid: number; definition: string }> {
  const [row] = await queryRows<{ oid: number; definition: string }>(
    db,
    sql`SELECT 'ledger_order'::regclass::oid::int8 AS oid, pg_get_indexdef('ledger_order'::regclass) AS definition`,
  );
  return { oid: Number(row?.oid), definition: row?.definition ?? "" };
}

describe("ledger_order: only entries of an order are indexed (migration 0025)", () => {
  it("is partial: a spend or a grant, which has no order, adds no index entry", async () => {
    const { definition } = await ledgerOrderIndex(await getDb());
    expect(definition).toBe("CREATE INDEX ledger_order ON public.ledger_entries USING btree (order_id) WHERE (order_id IS NOT NULL)");
  });

  it("still serves an order's entries under a generic plan (order_id = $1 proves order_id IS NOT NULL)", async () => {
    const db = await getDb();
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql.raw(`PREPARE ledger_of_order(text, text, text) AS
        SELECT id FROM ledger_entries WHERE order_id = $1 AND game_id = $2 AND env = $3`));
      const rows = await queryRows<{ "QUERY PLAN": string }>(tx, sql.raw(`EXPLAIN EXECUTE ledger_of_order('ord_x', 'game', 'test')`));
      await tx.execute(sql.raw(`DEALLOCATE ledger_of_order`));
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    // An index scan or a bitmap one, as the planner likes: either reads ledger_order, never the heap whole.
    expect(plan).toMatch(/(Index Scan using|Bitmap Index Scan on) ledger_order\b/);
    expect(plan).toContain("Index Cond: (order_id = $1)");
    expect(plan).not.toContain("Seq Scan");
  });

  it("makes a full index partial, and leaves one already made partial by hand (a large ledger reindexed CONCURRENTLY first)", async () => {
    const db = await getDb();
    const migration = await readFile(MIGRATION, "utf8");
    try {
      await db.execute(sql.raw(`DROP INDEX ledger_order`));
      await db.execute(sql.raw(`CREATE INDEX ledger_order ON ledger_entries (order_id)`));
      expect((await ledgerOrderIndex(db)).definition).not.toContain("WHERE");
      await db.execute(sql.raw(migration));
      const rebuilt = await ledgerOrderIndex(db);
      expect(rebuilt.definition).toContain("WHERE (order_id IS NOT NULL)");

      await db.execute(sql.raw(migration));
      expect(await ledgerOrderIndex(db)).toEqual(rebuilt);
    } finally {
      await db.execute(sql.raw(migration));
    }
  });
});
