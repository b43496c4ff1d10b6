/**
 * `npm run bench:no-analyze`: the money path on a freshly loaded database, before and after ANALYZE
 * (issue 23, "plans that do not need statistics"; docs/performance.md "Spends without statistics").
 *
 *  1. a fresh database gamecoin_bench_noanalyze_<ts>, migrated, the bench game seeded, autovacuum off on
 *     every table, then BENCH_NA_LOADED players (20,000) with a funded balance and its ledger entry loaded
 *     by INSERT … SELECT generate_series, as a bulk import or a restore leaves them: no statistics
 *  2. the API served in this process (the pipeline of the server, no build), on BENCH_NA_PORT (3610)
 *  3. server spends over BENCH_NA_SPENDERS (1,000) of them, BENCH_NA_CONNECTIONS (32) connections for
 *     BENCH_NA_DURATION s (10) after a warm-up: without statistics (checked in pg_stats), then ANALYZE,
 *     then the same again; the ratio without / with and both p99s are printed. The database is dropped.
 *     BENCH_NA_CONTROL=1 analyzes before the first pass too: the ratio of the order of the passes alone.
 *
 * The server runs in this process (and so does the load where wrk is not installed): the absolute
 * figures are not `npm run bench`'s, the ratio is what this case measures. BENCH_PG_ADMIN_URL and BENCH_QUIET_WAIT (60 s here) as in
 * scripts/bench.ts; BENCH_NA_EXPLAIN=<ms> logs the plan of every slower statement (auto_explain, in the
 * Postgres log) to see which plan, if any, depends on statistics.
 */
import { createServer, type Server } from "node:http";
import { adminClient, createDatabase, databaseUrl, dropDatabase } from "./pg";
import { BENCH_CURRENCY, BENCH_KEYS, benchFixture } from "./fixture";
import { runLoad, spendScenario, type SpendResult } from "./load";
import { waitForQuiet } from "./phase";

const env = process.env;
const settings = {
  adminUrl: env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  port: Number(env.BENCH_NA_PORT ?? 3610),
  loaded: Number(env.BENCH_NA_LOADED ?? 20_000),
  spenders: Number(env.BENCH_NA_SPENDERS ?? 1_000),
  connections: Number(env.BENCH_NA_CONNECTIONS ?? 32),
  durationSeconds: Number(env.BENCH_NA_DURATION ?? 10),
  warmupSeconds: Number(env.BENCH_NA_WARMUP ?? 2),
  quietWaitSeconds: Number(env.BENCH_QUIET_WAIT ?? 60),
};

const log = (line: string) => console.log(`[bench:no-analyze] ${line}`);

async function main(): Promise<number> {
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const name = `gamecoin_bench_noanalyze_${stamp}`;
  const admin = adminClient(settings.adminUrl);
  await createDatabase(admin, name);
  const url = databaseUrl(settings.adminUrl, name);
  // BENCH_NA_EXPLAIN=<ms>: every statement slower than that has its plan in the Postgres log (auto_explain).
  if (env.BENCH_NA_EXPLAIN) {
    await admin.unsafe(`ALTER DATABASE ${name} SET session_preload_libraries = 'auto_explain'`);
    await admin.unsafe(`ALTER DATABASE ${name} SET auto_explain.log_min_duration = '${Number(env.BENCH_NA_EXPLAIN)}ms'`);
    await admin.unsafe(`ALTER DATABASE ${name} SET auto_explain.log_nested_statements = on`);
  }
  // The app reads its settings once, on first use: set before anything of it is imported.
  Object.assign(env, { DATABASE_URL: url, LOG_LEVEL: env.LOG_LEVEL ?? "warn", NODE_ENV: env.NODE_ENV ?? "test", SERVER_RATE_LIMIT_PER_MINUTE: "100000000", CLIENT_RATE_LIMIT_PER_MINUTE: "100000000", SCHEDULER: "off" });
  const { runMigrations, getDb, closeDb } = await import("@/server/db/connection");
  const { loadFixture } = await import("@/server/fixtures/load-fixture");
  const { serveApi } = await import("@/server/api/node-adapter");
  const bench = adminClient(url);
  let server: Server | null = null;
  try {
    await runMigrations();
    await loadFixture(await getDb(), benchFixture());
    // Plain tables and partitions: a partitioned parent holds no rows and takes no autovacuum setting.
    const tables = await bench<{ relname: string }[]>`SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'`;
    for (const { relname } of tables) await bench.unsafe(`ALTER TABLE "${relname}" SET (autovacuum_enabled = false)`);
    const [game] = await bench<{ id: string }[]>`SELECT id FROM games WHERE slug = 'bench'`;
    if (!game) throw new Error("the bench game was not seeded");
    const started = Date.now();
    await bench`INSERT INTO players (id, game_id, env, external_id, kind, created_at, updated_at)
      SELECT 'na-' || i, ${game.id}, 'test', 'bench-' || i, 'external', now(), now() FROM generate_series(0, ${settings.loaded - 1}) AS i`;
    await bench`INSERT INTO balances (player_id, currency, game_id, env, paid, bonus, updated_at)
      SELECT 'na-' || i, ${BENCH_CURRENCY}, ${game.id}, 'test', 0, 1000000000000, now() FROM generate_series(0, ${settings.loaded - 1}) AS i`;
    await bench`INSERT INTO ledger_entries (id, game_id, env, player_id, type, currency, paid_delta, bonus_delta, paid_after, bonus_after, reason, metadata, created_at)
      SELECT lpad(to_hex(i), 24, '0'), ${game.id}, 'test', 'na-' || i, 'grant', ${BENCH_CURRENCY}, 0, 1000000000000, 0, 1000000000000, 'bench load', '{}'::jsonb, now()
      FROM generate_series(0, ${settings.loaded - 1}) AS i`;
    log(`${settings.loaded.toLocaleString("en-US")} players loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const listening = createServer((req, res) => void serveApi(req, res));
    listening.keepAliveTimeout = 0;
    await new Promise<void>((resolve) => listening.listen(settings.port, "127.0.0.1", resolve));
    server = listening;
    const target = { baseUrl: `http://127.0.0.1:${settings.port}`, secretKey: BENCH_KEYS.secret, currency: BENCH_CURRENCY };
    const players = Array.from({ length: settings.spenders }, (_, i) => `ext:bench-${i * Math.floor(settings.loaded / settings.spenders)}`);

    const measure = async (label: string): Promise<SpendResult> => {
      // Other people's jobs move a pass by more than the effect measured: wait for the machine to be idle.
      const quiet = await waitForQuiet(label, settings.quietWaitSeconds, 0.3);
      log(`${label}: waited ${quiet.waitedSeconds} s for the machine, ${quiet.busyCoresBefore} cores busy by others when it began`);
      await runLoad(target.baseUrl, spendScenario(target, { name: `${label} warm-up`, players }), { connections: settings.connections, durationSeconds: settings.warmupSeconds });
      const result = await runLoad(target.baseUrl, spendScenario(target, { name: label, players }), {
        connections: settings.connections,
        durationSeconds: settings.durationSeconds,
      });
      const failed = result.total - result.okAnswers;
      log(`${label}: ${result.completedPerSecond} spends/s, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms${failed ? `, ${failed} not 200: ${JSON.stringify(result.sampleFailures)}` : ""}`);
      return result;
    };

    const [stats] = await bench<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stats WHERE schemaname = 'public' AND tablename IN ('players', 'balances')`;
    log(`statistics on players and balances before: ${stats?.n ?? "?"} columns`);
    // The control (BENCH_NA_CONTROL=1): ANALYZE before both passes, so the ratio shows what the order of
    // the passes alone does (a warmer server and cache in the second).
    if (env.BENCH_NA_CONTROL === "1") await bench`ANALYZE`;
    const without = await measure(env.BENCH_NA_CONTROL === "1" ? "control, first pass (ANALYZE done)" : "without ANALYZE");
    await bench`ANALYZE`;
    const withStats = await measure("with ANALYZE");
    const ratio = without.completedPerSecond / Math.max(withStats.completedPerSecond, 1);
    log(`ratio without / with ANALYZE: ${ratio.toFixed(2)} (target ≥ 0.90); p99 ${without.latencyMs.p99} vs ${withStats.latencyMs.p99} ms`);
    console.log(JSON.stringify({ without: { rps: without.completedPerSecond, lat: without.latencyMs }, with: { rps: withStats.completedPerSecond, lat: withStats.latencyMs }, ratio }));
    // Issue 23: the money path runs as fast without statistics as with them, within 10 %.
    return ratio >= 0.9 ? 0 : 1;
  } finally {
    if (server) await new Promise((resolve) => server?.close(resolve));
    await closeDb();
    await bench.end({ timeout: 5 });
    await dropDatabase(admin, name);
    await admin.end({ timeout: 5 });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
