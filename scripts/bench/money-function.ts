/**
 * `npm run bench:money-function`: what each statement of `money_move_batch` costs Postgres, with no
 * HTTP, pool or batcher around it (docs/performance.md "Inside the money function").
 *
 *  1. a fresh database gamecoin_bench_fn_<ts>, migrated, the bench game seeded, BENCH_FN_PLAYERS (1,000)
 *     funded players and as many poor ones (5 coins) loaded in SQL, then ANALYZE
 *  2. per scenario (spends, refused spends, purchases), batches of BENCH_FN_BATCH (8) moves, made by
 *     the server's own `moveBatchText` (the text the server sends), over one session:
 *     BENCH_FN_BATCHES (400) unmeasured, ANALYZE, the same number timed, then the same number with
 *     plpgsql_check's profiler on, whose per-statement times (exclusive of nested statements) are printed
 *  3. the database is dropped (BENCH_KEEP_DB=1 keeps it)
 *
 * One session, one batch at a time: the figures are Postgres's own cost per statement, without the
 * waits of concurrent batches. The profiler adds its own time to each statement, so compare shares and
 * statements with each other, and the timed pass for the batch's real cost. Needs plpgsql_check
 * (Debian's postgresql-15-plpgsql-check, which .ci/run installs); BENCH_PG_ADMIN_URL as in scripts/bench.ts.
 */
import { readFileSync } from "node:fs";
import type { MoneyMove } from "@/server/money-moves/money-move";
import { adminClient, createDatabase, databaseUrl, dropDatabase, type Sql } from "./pg";
import { BENCH_CURRENCY, BENCH_ITEM_SKU, benchFixture } from "./fixture";

const env = process.env;
const settings = {
  adminUrl: env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  players: Number(env.BENCH_FN_PLAYERS ?? 1_000),
  batchSize: Number(env.BENCH_FN_BATCH ?? 8),
  batches: Number(env.BENCH_FN_BATCHES ?? 400),
  keep: env.BENCH_KEEP_DB === "1",
};

const log = (line: string) => console.log(`[bench:money-function] ${line}`);

type Scenario = { name: string; move: (scope: MoneyMove["scope"], n: number) => MoneyMove };

const FINGERPRINT = "0".repeat(64);

/** A spend of the API as spendCurrency makes it: an `ext:` player, created if unknown, with its idempotency record. */
function spendMove(scope: MoneyMove["scope"], externalId: string, amount: number): MoneyMove {
  return {
    scope,
    player: { ref: { kind: "external", externalId }, ifUnknown: "create" },
    change: { kind: "debit", currency: BENCH_CURRENCY, amount, bonusFirst: true, checkCurrency: true },
    entry: { type: "spend", reason: null, metadata: {} },
    record: { principal: "server", key: crypto.randomUUID(), fingerprint: FINGERPRINT, operation: "spendCurrency", status: 200 },
    at: new Date(),
  };
}

const pick = (n: number) => Math.floor(Math.random() * n);

const SCENARIOS: Scenario[] = [
  { name: "spends over the funded players", move: (scope, n) => spendMove(scope, `fn-${pick(n)}`, 1) },
  { name: "refused spends (6 coins of 5)", move: (scope, n) => spendMove(scope, `fn-poor-${pick(n)}`, 6) },
  {
    name: "purchases of the bench item",
    move: (scope, n) => ({
      scope,
      player: { ref: { kind: "external", externalId: `fn-${pick(n)}` }, ifUnknown: "create" },
      change: { kind: "purchase", sku: BENCH_ITEM_SKU, quantity: 1, clientOnly: false, bonusFirst: true },
      entry: { type: "spend", reason: null, metadata: {} },
      record: { principal: "server", key: crypto.randomUUID(), fingerprint: FINGERPRINT, operation: "purchaseItem", status: 200 },
      at: new Date(),
    }),
  },
];

type ProfileRow = { lineno: number; stmtname: string; exec_stmts: string; total_time: number };

async function loadPlayers(sql: Sql, gameId: string): Promise<void> {
  const last = settings.players - 1;
  await sql`INSERT INTO players (id, game_id, env, external_id, kind, created_at, updated_at)
    SELECT 'fn-' || i, ${gameId}, 'test', 'fn-' || i, 'external', now(), now() FROM generate_series(0, ${last}) AS i
    UNION ALL SELECT 'fn-poor-' || i, ${gameId}, 'test', 'fn-poor-' || i, 'external', now(), now() FROM generate_series(0, ${last}) AS i`;
  await sql`INSERT INTO balances (player_id, currency, game_id, env, paid, bonus, updated_at)
    SELECT 'fn-' || i, ${BENCH_CURRENCY}, ${gameId}, 'test', 0, 1000000000000, now() FROM generate_series(0, ${last}) AS i
    UNION ALL SELECT 'fn-poor-' || i, ${BENCH_CURRENCY}, ${gameId}, 'test', 0, 5, now() FROM generate_series(0, ${last}) AS i`;
  await sql`ANALYZE`;
}

/** The one session, the bench game's scope, and the server's own maker of a batch's text. */
type Pass = { session: Sql; scope: MoneyMove["scope"]; batchText: (moves: MoneyMove[]) => string };

async function runBatches({ session, scope, batchText }: Pass, scenario: Scenario): Promise<number[]> {
  const times: number[] = [];
  for (let b = 0; b < settings.batches; b += 1) {
    const text = batchText(Array.from({ length: settings.batchSize }, () => scenario.move(scope, settings.players)));
    const started = performance.now();
    await session.unsafe("SELECT * FROM money_move_batch($1::text::jsonb)", [text]);
    times.push(performance.now() - started);
  }
  return times;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

const FUNCTION_FILE = "db/functions/money_move_batch.sql";

/** The file's lines, and where the function's body starts: the profiler counts lines from the body's first. */
function functionSource(): { lines: string[]; bodyOffset: number } {
  const lines = readFileSync(FUNCTION_FILE, "utf8").split("\n");
  const header = lines.findIndex((line) => line.startsWith("CREATE OR REPLACE FUNCTION money_move_batch("));
  const body = lines.findIndex((line, i) => i >= header && line.includes("AS $$"));
  return { lines, bodyOffset: body };
}

function printProfile(rows: ProfileRow[]): void {
  const { lines, bodyOffset } = functionSource();
  const total = rows.reduce((sum, row) => sum + row.total_time, 0);
  const moves = settings.batches * settings.batchSize;
  const table = rows
    .filter((row) => row.total_time / total >= 0.01)
    .sort((a, b) => b.total_time - a.total_time)
    .map((row) => ({
      line: row.lineno + bodyOffset,
      statement: `${row.stmtname}: ${(lines[row.lineno + bodyOffset - 1] ?? "").trim().slice(0, 60)}`,
      "runs per batch": Math.round((Number(row.exec_stmts) / settings.batches) * 100) / 100,
      "µs per move": Math.round(((row.total_time * 1000) / moves) * 10) / 10,
      share: `${((row.total_time / total) * 100).toFixed(1)} %`,
    }));
  console.table(table);
  log(`profiled: ${((total * 1000) / moves).toFixed(1)} µs of the function's statements per move (times exclusive of nested statements; lines of ${FUNCTION_FILE})`);
}

async function profileScenario(pass: Pass, scenario: Scenario): Promise<void> {
  const { session } = pass;
  await runBatches(pass, scenario);
  // As autovacuum would by now: statistics of the tables the warm-up wrote (this week's records among
  // them), so the passes measure the plans of a database in use, not of one just loaded.
  await session.unsafe("ANALYZE");
  const times = (await runBatches(pass, scenario)).sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  log(`${scenario.name}: a batch of ${settings.batchSize} p50 ${percentile(times, 0.5).toFixed(2)} ms, p99 ${percentile(times, 0.99).toFixed(2)} ms, ` +
    `mean ${((mean * 1000) / settings.batchSize).toFixed(0)} µs a move (one session, the round trip and commit included)`);
  await session.unsafe("SET plpgsql_check.profiler = on");
  await session.unsafe("SELECT plpgsql_profiler_reset_all()");
  await runBatches(pass, scenario);
  const rows = await session.unsafe<ProfileRow[]>(
    "SELECT lineno, stmtname, exec_stmts, total_time FROM plpgsql_profiler_function_statements_tb('money_move_batch(jsonb)') WHERE exec_stmts > 0",
  );
  await session.unsafe("SET plpgsql_check.profiler = off");
  printProfile([...rows]);
}

async function main(): Promise<number> {
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const name = `gamecoin_bench_fn_${stamp}`;
  const admin = adminClient(settings.adminUrl);
  await createDatabase(admin, name);
  const url = databaseUrl(settings.adminUrl, name);
  // The app reads its settings once, on first use: set before anything of it is imported.
  Object.assign(env, { DATABASE_URL: url, LOG_LEVEL: env.LOG_LEVEL ?? "warn", NODE_ENV: env.NODE_ENV ?? "test", SCHEDULER: "off" });
  const { runMigrations, getDb, closeDb } = await import("@/server/db/connection");
  const { loadFixture } = await import("@/server/fixtures/load-fixture");
  const { moveBatchText } = await import("@/server/money-moves/write-batch");
  // One session: the profiler's settings and counters are the session's own.
  const session = adminClient(url);
  try {
    await runMigrations();
    await loadFixture(await getDb(), benchFixture());
    await closeDb();
    const [game] = await session<{ id: string }[]>`SELECT id FROM games WHERE slug = 'bench'`;
    if (!game) throw new Error("the bench game was not seeded");
    await loadPlayers(session, game.id);
    try {
      await session.unsafe("CREATE EXTENSION IF NOT EXISTS plpgsql_check");
      await session.unsafe("LOAD 'plpgsql_check'");
    } catch (error) {
      log(`plpgsql_check is not installed (apt-get install postgresql-15-plpgsql-check): ${error instanceof Error ? error.message : String(error)}`);
      return 2;
    }
    log(`${settings.players.toLocaleString("en-US")} funded and as many poor players; ${settings.batches} batches of ${settings.batchSize} per pass`);
    const scope = { gameId: game.id, env: "test" as const };
    for (const scenario of SCENARIOS) await profileScenario({ session, scope, batchText: moveBatchText }, scenario);
    return 0;
  } finally {
    await session.end();
    if (!settings.keep) await dropDatabase(admin, name);
    else log(`database kept: ${name}`);
    await admin.end();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
