import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDriver, queryRows, type Handle } from "@/db/client";
import { migrateHandle } from "@/db/migrate";
import { players } from "@/db/schema";
import { playerKeyWhere } from "@/server/players/find-player";
import type { GameScope } from "@/server/lib/scope";
import { runOnMaintenance, workerDatabaseName } from "../worker-databases";

/**
 * The money path's player look-ups on a database that was never analyzed (as the bench's, with
 * autovacuum off, before its ANALYZE): a fresh database migrated here, thousands of players in one
 * game, no statistics. Before migration 0013 Postgres took players_game_env_created (or
 * players_game_env_id) and read every player of the game per spend.
 */
const PLAYERS = 20_000;
const baseUrl = process.env.DATABASE_URL;
const scratchName = baseUrl ? `${workerDatabaseName(baseUrl, Number(process.env.VITEST_POOL_ID ?? 0))}_lookup_${process.pid}` : null;

let handle: Handle;
let scratchUrl: string | null = null;
const scope = { gameId: "lookup-game", env: "test" } as GameScope;

const adminRun = (statement: string) => runOnMaintenance(baseUrl as string, statement);

beforeAll(async () => {
  if (baseUrl && scratchName) {
    await adminRun(`DROP DATABASE IF EXISTS "${scratchName}" WITH (FORCE)`);
    await adminRun(`CREATE DATABASE "${scratchName}"`);
    const url = new URL(baseUrl);
    url.pathname = `/${scratchName}`;
    scratchUrl = url.toString();
  }
  handle = await openDriver({ DATABASE_URL: scratchUrl ?? undefined, DATABASE_POOL_SIZE: 1, DATABASE_PREPARE: false, DATABASE_IDLE_SECONDS: 60, PGLITE_DATA_DIR: "memory://" });
  await migrateHandle(handle);
  const { db } = handle;
  // No autovacuum either: the plan must not depend on statistics arriving while the test runs.
  await db.execute(sql`ALTER TABLE players SET (autovacuum_enabled = false)`);
  await db.execute(sql`INSERT INTO studios (id, name, created_at) VALUES ('lookup-studio', 'Lookup', now())`);
  await db.execute(sql`INSERT INTO games (id, studio_id, slug, name, created_at) VALUES
    ('lookup-game', 'lookup-studio', 'lookup', 'Lookup', now()), ('other-game', 'lookup-studio', 'other', 'Other', now())`);
  await db.execute(sql`INSERT INTO players (id, game_id, env, external_id, kind, created_at, updated_at)
    SELECT 'p' || i, 'lookup-game', 'test', 'user-' || i, 'external', now(), now() FROM generate_series(1, ${PLAYERS}) AS i`);
  // The same ids of the game's own in another game and environment, as studios reuse them.
  await db.execute(sql`INSERT INTO players (id, game_id, env, external_id, kind, created_at, updated_at)
    SELECT 'q' || i || e, g, e, 'user-' || i, 'external', now(), now()
    FROM generate_series(1, 50) AS i, (VALUES ('other-game', 'test'), ('lookup-game', 'live')) AS v(g, e)`);
}, 120_000);

afterAll(async () => {
  await handle?.close();
  if (baseUrl && scratchName) await adminRun(`DROP DATABASE IF EXISTS "${scratchName}" WITH (FORCE)`);
});

async function planOf(ref: Parameters<typeof playerKeyWhere>[1]): Promise<string> {
  const query = handle.db.select({ id: players.id }).from(players).where(playerKeyWhere(scope, ref)).limit(1);
  const rows = await queryRows<{ "QUERY PLAN": string }>(handle.db, sql`EXPLAIN ${query}`);
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

describe("player look-up without planner statistics", () => {
  it("the table has rows but was never analyzed", async () => {
    const [stats] = await queryRows<{ reltuples: number; columns: number }>(
      handle.db,
      sql`SELECT c.reltuples::float8 AS reltuples, (SELECT count(*)::int FROM pg_statistic s WHERE s.starelid = c.oid) AS columns
          FROM pg_class c WHERE c.oid = 'players'::regclass`,
    );
    expect(stats).toEqual({ reltuples: -1, columns: 0 });
  });

  it("by the game's own id: players_external_unique, the game checked on that one row", async () => {
    const plan = await planOf({ kind: "external", externalId: "user-4242" });
    expect(plan).toMatch(/^(Limit.*\n\s*->\s+)?Index Scan using players_external_unique on players/);
    expect(plan).toContain("Index Cond: ((external_id = 'user-4242'::text) AND (env = 'test'::text))");
    expect(plan).not.toContain("players_game_env");
  });

  it("by the service's id: players_pkey", async () => {
    const plan = await planOf({ kind: "id", id: "p4242" });
    expect(plan).toMatch(/^(Limit.*\n\s*->\s+)?Index Scan using players_pkey on players/);
    expect(plan).not.toContain("players_game_env");
  });

  it("finds exactly the player of the scope (the other game's and environment's namesakes are not it)", async () => {
    const rows = await handle.db.select({ id: players.id }).from(players).where(playerKeyWhere(scope, { kind: "external", externalId: "user-7" }));
    expect(rows).toEqual([{ id: "p7" }]);
    const live = await handle.db.select({ id: players.id }).from(players).where(playerKeyWhere({ ...scope, env: "live" }, { kind: "external", externalId: "user-7" }));
    expect(live).toEqual([{ id: "q7live" }]);
    expect(await handle.db.select({ id: players.id }).from(players).where(playerKeyWhere({ ...scope, gameId: "other-game" }, { kind: "id", id: "p7" }))).toEqual([]);
  });

  // auto_explain hands the plan of the statement inside money_move_batch back as a notice.
  it.skipIf(!baseUrl)("money_move_batch's look-ups: the two unique indexes, never a (game_id, env, …) one", async () => {
    const notices: string[] = [];
    const client = postgres(scratchUrl as string, { max: 1, onnotice: (notice) => notices.push(String(notice.message)) });
    try {
      await client.unsafe("LOAD 'auto_explain'");
      await client.unsafe("SET auto_explain.log_min_duration = 0");
      await client.unsafe("SET auto_explain.log_nested_statements = on");
      await client.unsafe("SET auto_explain.log_level = notice");
      const moves = [
        { game_id: "lookup-game", env: "test", external_id: "user-99", kind: "debit", currency: "coins", amount: 1 },
        { game_id: "lookup-game", env: "test", player_id: "p98", kind: "debit", currency: "coins", amount: 1 },
      ];
      // Both players were found but neither has a balance row: both moves are refused, nothing is written.
      const outcomes = await client.unsafe("SELECT idx, outcome FROM money_move_batch($1::text::jsonb) ORDER BY idx", [JSON.stringify(moves)]);
      expect(outcomes.map((row) => ({ ...row }))).toEqual([
        { idx: 0, outcome: "no_balance" },
        { idx: 1, outcome: "no_balance" },
      ]);
    } finally {
      await client.end({ timeout: 5 });
    }
    const plan = notices.find((notice) => notice.includes("jsonb_array_elements") && notice.includes("on players"));
    expect(plan, notices.join("\n---\n")).toBeDefined();
    expect(plan).toMatch(/Index Scan using players_pkey on players p\s+\(.*\)\n\s+Index Cond: \(id = \(e\.v ->> 'player_id'::text\)\)\n/);
    expect(plan).toMatch(/Index Scan using players_external_unique on players p_1\s+\(.*\)\n\s+Index Cond: \(\(external_id = \(e\.v ->> 'external_id'::text\)\) AND \(env = \(e\.v ->> 'env'::text\)\)\)\n/);
    expect(plan).not.toContain("players_game_env");
  });
});
