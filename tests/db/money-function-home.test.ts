import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "@/db/client";
import { functionStatements } from "@/db/migrate";
import { getDb, runMigrations } from "@/server/db/connection";
import { useDatabase } from "@/tests/harness";

useDatabase();

/** The body between the first `AS $$` and the closing `$$` of a CREATE FUNCTION statement. */
function bodyOf(statement: string): string {
  const start = statement.indexOf("$$") + 2;
  return statement.slice(start, statement.lastIndexOf("$$"));
}

async function sourceOf(name: string): Promise<string | undefined> {
  const rows = await queryRows<{ prosrc: string }>(await getDb(), sql`SELECT prosrc FROM pg_proc WHERE proname = ${name}`);
  return rows[0]?.prosrc;
}

describe("db/functions: the money function's one source", () => {
  it("the database runs the file's text of money_move_batch and money_move_answer", async () => {
    const statements = await functionStatements();
    const batch = statements.find((s) => s.includes("FUNCTION money_move_batch("));
    const answer = statements.find((s) => s.includes("FUNCTION money_move_answer("));
    expect(batch).toBeDefined();
    expect(answer).toBeDefined();
    expect(await sourceOf("money_move_batch")).toBe(bodyOf(batch as string));
    expect(await sourceOf("money_move_answer")).toBe(bodyOf(answer as string));
  });

  it("every migration run re-applies the file, so a database with another version of the function gets the file's", async () => {
    const db = await getDb();
    await db.execute(sql.raw(`CREATE OR REPLACE FUNCTION money_move_answer(entry_id text, entry_type text, currency text, paid_delta bigint,
      bonus_delta bigint, paid_after bigint, bonus_after bigint, reason text, metadata_json text, item_sku text, created_at text,
      item_quantity bigint) RETURNS text LANGUAGE sql STABLE AS $$ SELECT 'stale' $$`));
    expect(await sourceOf("money_move_answer")).toBe(" SELECT 'stale' ");
    await runMigrations();
    const answer = (await functionStatements()).find((s) => s.includes("FUNCTION money_move_answer(")) as string;
    expect(await sourceOf("money_move_answer")).toBe(bodyOf(answer));
  });
});
