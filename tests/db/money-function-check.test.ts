import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/db/client";
import { getDb } from "@/server/db/connection";
import { useDatabase } from "@/tests/harness";

useDatabase();

type Finding = { level: string; message: string; lineno: number | null; statement: string | null };

/**
 * plpgsql_check (Debian's postgresql-15-plpgsql-check; .ci/run installs it) lints the money function's
 * body the way a compiler would: unknown columns, type mismatches, unreachable code, dead variables.
 * Skipped, with a message, where the extension is not installed (PGlite, a machine without it).
 */
const available = await (async () => {
  if (!process.env.DATABASE_URL) return false;
  const rows = await queryRows<{ n: number }>(await getDb(), sql`SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'plpgsql_check'`);
  return (rows[0]?.n ?? 0) > 0;
})();
// CI installs it (.ci/run): there a missing extension is a failure, not a skip.
if (!available && process.env.CI === "true" && process.env.DATABASE_URL) throw new Error("plpgsql_check is not installed: .ci/run installs postgresql-15-plpgsql-check");
if (!available) console.warn("plpgsql_check is not installed (apt-get install postgresql-15-plpgsql-check): the lint of money_move_batch is skipped");

async function findings(signature: string): Promise<Finding[]> {
  return queryRows<Finding>(
    await getDb(),
    sql`SELECT level, message, lineno, statement FROM plpgsql_check_function_tb(${signature}::regprocedure, fatal_errors := false,
          other_warnings := true, extra_warnings := true, performance_warnings := true, security_warnings := true)`,
  );
}

describe.skipIf(!available)("plpgsql_check on money_move_batch", () => {
  beforeAll(async () => {
    await (await getDb()).execute(sql`CREATE EXTENSION IF NOT EXISTS plpgsql_check`);
  });
  afterAll(async () => {
    const db = await getDb();
    await db.execute(sql`DROP FUNCTION IF EXISTS money_check_canary(jsonb)`);
    await db.execute(sql`DROP EXTENSION IF EXISTS plpgsql_check`);
  });

  it("finds nothing: no error, no warning", async () => {
    expect(await findings("money_move_batch(jsonb)")).toEqual([]);
  });

  it("would find a mistake in such a function (an unknown column)", async () => {
    const db = await getDb();
    await db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION money_check_canary(moves jsonb) RETURNS bigint LANGUAGE plpgsql AS $$
        DECLARE total bigint;
        BEGIN SELECT b.no_such_column INTO total FROM balances b LIMIT 1; RETURN total; END $$`),
    );
    const found = await findings("money_check_canary(jsonb)");
    expect(found.map((f) => f.level)).toContain("error");
    expect(found.map((f) => f.message).join("\n")).toContain("no_such_column");
  });
});
