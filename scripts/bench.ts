/**
 * `npm run bench [-- --no-build]`: spend throughput of the production server against the local Postgres,
 * next to pgbench on the same Postgres (docs/performance.md explains the method and the figures).
 *
 *  1. a fresh database gamecoin_bench_<ts>, migrated and seeded with a bench game (`npm run seed`)
 *  2. `next build` (skipped with --no-build or BENCH_SKIP_BUILD=1 when a build exists)
 *  3. `next start` in its own process group; 1,000 players ext:bench-<i> and ext:hot funded via the API
 *  4. spends with distinct Idempotency-Keys, 32 connections, 20 s: (a) over the 1,000 players, (b) on ext:hot
 *  5. the server stopped, pgbench -M prepared (tpcb-like, 32 clients, 20 s) in gamecoin_pgbench_<ts>
 *  6. table + targets on stdout, raw figures in bench-results.json; both databases dropped
 *
 * Environment: BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_PORT (3210),
 * BENCH_CONNECTIONS (32), BENCH_DURATION (20), BENCH_WARMUP (3), BENCH_PLAYERS (1000), BENCH_PGBENCH_SCALE (10),
 * BENCH_LAUNCHER (direct | npx), BENCH_SKIP_BUILD=1, BENCH_KEEP_DB=1 (keep the databases for inspection),
 * BENCH_QUIET_WAIT (120 s) / BENCH_QUIET_BELOW (0.3 cores): before each measured phase, wait for the machine to be idle,
 * BENCH_ISOLATED=1 or --isolated: build and run a private copy of the working tree (see bench/snapshot.ts).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fundPlayers, runSpends, type SpendResult, type Target } from "./bench/load";
import {
  ActivitySampler,
  adminClient,
  createDatabase,
  databaseUrl,
  dbStats,
  diffStats,
  diffTableStats,
  dropDatabase,
  tableStats,
  type DbStats,
  type Sql,
  type TableStats,
} from "./bench/pg";
import { runPgbench, type PgbenchResult } from "./bench/pgbench";
import { CpuTracker, machineBusyCores, RssSampler, type CpuSplit } from "./bench/proc";
import { snapshotWorkingTree } from "./bench/snapshot";
import { serverLogTail, startServer, stopServer, waitForHealth, type ServerHandle } from "./bench/server";

const PROJECT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
/** Where the app is built, seeded and started: the project, or a private copy of it with --isolated. */
let ROOT = PROJECT;
const SECRET_KEY = "svc_sk_test_bench_0123456789abcdefghijklmn";
const CURRENCY = "coins";
const FUNDING = 1_000_000_000_000; // 10^12 per player: far more than any run spends
const STATS_FLUSH_MS = 11_500; // Postgres 15 backends publish their counters within 10 s of going idle

const env = process.env;
const args = new Set(process.argv.slice(2));
const settings = {
  adminUrl: env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  port: Number(env.BENCH_PORT ?? 3210),
  connections: Number(env.BENCH_CONNECTIONS ?? 32),
  durationSeconds: Number(env.BENCH_DURATION ?? 20),
  warmupSeconds: Number(env.BENCH_WARMUP ?? 3),
  players: Number(env.BENCH_PLAYERS ?? 1000),
  pgbenchScale: Number(env.BENCH_PGBENCH_SCALE ?? 10),
  pgbenchThreads: 2,
  launcher: (env.BENCH_LAUNCHER === "npx" ? "npx" : "direct") as "direct" | "npx",
  skipBuild: args.has("--no-build") || env.BENCH_SKIP_BUILD === "1",
  isolated: args.has("--isolated") || env.BENCH_ISOLATED === "1",
  keepDatabases: env.BENCH_KEEP_DB === "1",
  /** Before each measured phase, wait up to this long for the machine to be idle (other people's jobs). */
  quietWaitSeconds: Number(env.BENCH_QUIET_WAIT ?? 120),
  quietBelowCores: Number(env.BENCH_QUIET_BELOW ?? 0.3),
};
const TARGETS = { ratioSpread: 0.5, p99Ms: 50, rssMb: 400 };

const log = (message: string) => console.log(`[bench] ${message}`);
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function runCommand(command: string, argv: string[], extraEnv: Record<string, string>, quiet = false): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: ROOT, env: { ...process.env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const collect = (chunk: Buffer) => {
      out += chunk.toString();
      if (!quiet) process.stdout.write(chunk);
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${argv.join(" ")} exited with ${code}:\n${out.slice(-4000)}`))));
  });
}

function benchFixture(): unknown {
  return {
    studio: { name: "Bench Studio" },
    games: [
      {
        slug: "bench",
        name: "Bench Game",
        settings: { spendOrder: "bonus_first", negativeBalance: "allow", anonymousPlayers: true, prelaunch: false, launchAt: null },
        catalog: { currencies: [{ code: CURRENCY, name: "Coins", purchasable: true, status: "active" }] },
        environments: { test: { secretKey: SECRET_KEY }, live: {} },
      },
    ],
  };
}

/** Waits until the machine is idle for 3 s in a row (or the wait runs out); returns the last busy figure. */
async function waitForQuiet(label: string): Promise<{ waitedSeconds: number; busyCoresBefore: number }> {
  const started = Date.now();
  let quietSeconds = 0;
  let busy = 0;
  while (Date.now() - started < settings.quietWaitSeconds * 1000) {
    busy = await machineBusyCores(1000);
    quietSeconds = busy < settings.quietBelowCores ? quietSeconds + 1 : 0;
    if (quietSeconds >= 3) break;
  }
  const waitedSeconds = Math.round((Date.now() - started) / 1000);
  if (quietSeconds < 3) log(`${label}: machine still busy (${busy.toFixed(2)} cores used by others) after ${waitedSeconds} s; measuring anyway`);
  else if (waitedSeconds > 4) log(`${label}: waited ${waitedSeconds} s for other jobs on the machine to finish`);
  return { waitedSeconds, busyCoresBefore: Math.round(busy * 100) / 100 };
}

type ScenarioReport = SpendResult & {
  quiet: { waitedSeconds: number; busyCoresBefore: number };
  warmup: SpendResult;
  peakRssMb: number;
  cpu: CpuSplit;
  /** average number of the server's Postgres connections in each state (pg_stat_activity, every 500 ms) */
  connectionStates: Record<string, number>;
  /** Postgres counters over warm-up + run, divided by the spends sent (WAL figures are cluster-wide) */
  perSpend: Record<string, number>;
  /** pg_stat_user_tables increments per spend sent */
  perSpendByTable: TableStats;
};

function perSpend(stats: DbStats, spends: number): Record<string, number> {
  const round = (v: number) => Math.round((v / Math.max(1, spends)) * 100) / 100;
  return {
    transactions: round(stats.xactCommit + stats.xactRollback),
    rowsInserted: round(stats.tupInserted),
    rowsUpdated: round(stats.tupUpdated),
    rowsFetched: round(stats.tupFetched),
    walRecords: round(stats.walRecords),
    walBytes: round(stats.walBytes),
    walFlushes: round(stats.walSync),
  };
}

async function main(): Promise<number> {
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const benchDb = `gamecoin_bench_${stamp}`;
  const pgbenchDb = `gamecoin_pgbench_${stamp}`;
  const admin: Sql = adminClient(settings.adminUrl);
  const created: string[] = [];
  let server: ServerHandle | undefined;
  let rss: RssSampler | undefined;
  let removeSnapshot: (() => void) | undefined;
  let benchSql: Sql | undefined;
  /** fixture and server log; removed after a clean run, kept (and named) after a failure */
  let tmp: string | undefined;
  let succeeded = false;

  const cleanup = async () => {
    rss?.stop();
    await benchSql?.end({ timeout: 5 }).catch(() => {});
    benchSql = undefined;
    if (server) {
      const handle = server;
      server = undefined;
      await stopServer(handle).catch(() => {});
    }
    if (!settings.keepDatabases) {
      for (const name of created.splice(0)) {
        await dropDatabase(admin, name).catch((error: unknown) => console.error(`[bench] could not drop ${name}:`, error));
      }
    } else if (created.length > 0) {
      log(`kept databases: ${created.join(", ")}`);
    }
    await admin.end({ timeout: 5 }).catch(() => {});
    removeSnapshot?.();
    removeSnapshot = undefined;
    if (tmp && succeeded) rmSync(tmp, { recursive: true, force: true });
    else if (tmp) log(`server log and fixture kept in ${tmp}`);
    tmp = undefined;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`[bench] ${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  try {
    // 1. database
    await createDatabase(admin, benchDb);
    created.push(benchDb);
    const DATABASE_URL = databaseUrl(settings.adminUrl, benchDb);
    log(`database ${benchDb}`);

    // 2. build
    if (settings.isolated) {
      const snapshot = snapshotWorkingTree(PROJECT);
      removeSnapshot = snapshot.remove;
      ROOT = snapshot.dir;
      log(`--isolated: building and running a copy of the working tree in ${ROOT}`);
    }
    const hasBuild = existsSync(path.join(ROOT, ".next", "BUILD_ID"));
    if (settings.skipBuild && hasBuild) log("build skipped (--no-build)");
    else {
      log(settings.skipBuild ? "no build in .next: building anyway" : "npm run build");
      await runCommand("npm", ["run", "build"], {}, false);
    }

    // 3. seed
    tmp = mkdtempSync(path.join(os.tmpdir(), "gamecoin-bench-"));
    const fixtureFile = path.join(tmp, "bench-fixture.json");
    writeFileSync(fixtureFile, JSON.stringify(benchFixture(), null, 2));
    log(`npm run seed -- ${fixtureFile}`);
    const seedOut = await runCommand("npm", ["run", "seed", "--", fixtureFile], { DATABASE_URL }, true);
    log(seedOut.trim().split("\n").slice(-3).join(" | "));

    // 4. server
    const logFile = path.join(tmp, "server.log");
    server = startServer({
      cwd: ROOT,
      port: settings.port,
      launcher: settings.launcher,
      logFile,
      env: {
        DATABASE_URL,
        NODE_ENV: "production",
        PORT: String(settings.port),
        MIGRATE_ON_START: "1",
        SCHEDULER: "off",
        SERVER_RATE_LIMIT_PER_MINUTE: "100000000",
      },
    });
    log(`server pid ${server.pid} (${settings.launcher}), log ${logFile}`);
    rss = new RssSampler(server.pid, 250);
    rss.start();
    const serverStartedAt = Date.now();
    const phases: Record<string, number> = {};
    const mark = (name: string) => (phases[name] = Math.round((Date.now() - serverStartedAt) / 1000));
    await waitForHealth(server);
    log(`healthy at ${server.baseUrl}`);

    const target: Target = { baseUrl: server.baseUrl, secretKey: SECRET_KEY, currency: CURRENCY };
    const spread = Array.from({ length: settings.players }, (_, i) => `ext:bench-${i}`);
    const fundingStart = Date.now();
    mark("funding start");
    await fundPlayers(target, [...spread, "ext:hot"], FUNDING, 16);
    mark("funding end");
    log(`funded ${spread.length + 1} players in ${((Date.now() - fundingStart) / 1000).toFixed(1)} s`);

    // Planner statistics, as autovacuum would gather them in production. Without them (this Postgres runs
    // with autovacuum = off) the player lookup picks players_game_env_created and filters ~500 rows per spend.
    benchSql = adminClient(DATABASE_URL);
    const [autovacuum] = await benchSql<{ autovacuum: string }[]>`SHOW autovacuum`;
    await benchSql`ANALYZE`;
    log(`ANALYZE done (autovacuum is ${autovacuum?.autovacuum ?? "?"} on this Postgres)`);

    // 5. spend scenarios
    const scenarios = [
      { name: `(a) spread over ${settings.players} players`, players: spread },
      { name: "(b) one hot player", players: ["ext:hot"] },
    ];
    const reports: ScenarioReport[] = [];
    let failed = false;
    const activity = new ActivitySampler(admin, benchDb, 500);
    const cpuTracker = new CpuTracker(() => server?.pid ?? null, 500);
    for (const scenario of scenarios) {
      await sleep(STATS_FLUSH_MS);
      const quiet = await waitForQuiet(scenario.name);
      const statsBefore = await dbStats(admin, benchDb);
      const tablesBefore = await tableStats(benchSql);
      log(`${scenario.name}: warm-up ${settings.warmupSeconds} s`);
      mark(`${scenario.name} warm-up`);
      const warmup = await runSpends(target, scenario, { connections: settings.connections, durationSeconds: settings.warmupSeconds });
      log(`${scenario.name}: ${settings.connections} connections, ${settings.durationSeconds} s`);
      rss.resetWindow();
      mark(`${scenario.name} start`);
      activity.start();
      cpuTracker.start();
      const result = await runSpends(target, scenario, { connections: settings.connections, durationSeconds: settings.durationSeconds });
      const cpu = cpuTracker.stop();
      mark(`${scenario.name} end`);
      const connectionStates = await activity.stop();
      const peakRssMb = mb(rss.windowPeakBytes);
      await sleep(STATS_FLUSH_MS);
      const stats = diffStats(statsBefore, await dbStats(admin, benchDb));
      const tablesAfter = await tableStats(benchSql);
      const report: ScenarioReport = {
        ...result,
        quiet,
        warmup,
        peakRssMb,
        cpu,
        connectionStates,
        perSpend: perSpend(stats, warmup.sent + result.sent),
        perSpendByTable: diffTableStats(tablesBefore, tablesAfter, warmup.sent + result.sent),
      };
      reports.push(report);
      log(
        `${scenario.name}: ${result.requestsPerSecond} req/s, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, ` +
          `status ${JSON.stringify(result.statusCodes)}, cpu ${JSON.stringify(cpu)}`,
      );
      for (const run of [warmup, result]) {
        const bad = run.total - run.ok200 + run.errors + run.timeouts;
        if (bad > 0) {
          failed = true;
          console.error(
            `[bench] FAIL ${scenario.name}${run === warmup ? " (warm-up)" : ""}: ${run.total - run.ok200} non-200, ${run.errors} errors, ` +
              `${run.timeouts} timeouts; status codes ${JSON.stringify(run.statusCodes)}; samples ${JSON.stringify(run.sampleFailures)}`,
          );
        }
      }
    }

    const serverPeak = rss.peak;
    const rssTimeline = rss.timeline;
    rss.stop();
    await stopServer(server);
    server = undefined;
    log("server stopped");

    // 6. pgbench on the same Postgres
    let pgbenchQuiet: { waitedSeconds: number; busyCoresBefore: number } | undefined;
    let pgbenchCpu: CpuSplit | undefined;
    await createDatabase(admin, pgbenchDb);
    created.push(pgbenchDb);
    log(`pgbench -i -s ${settings.pgbenchScale}, then -M prepared -c ${settings.connections} -j ${settings.pgbenchThreads} -T ${settings.durationSeconds}`);
    const pgbench: PgbenchResult = await runPgbench(
      databaseUrl(settings.adminUrl, pgbenchDb),
      { scale: settings.pgbenchScale, clients: settings.connections, threads: settings.pgbenchThreads, durationSeconds: settings.durationSeconds },
      {
        beforeRun: async () => {
          pgbenchQuiet = await waitForQuiet("pgbench");
          cpuTracker.start();
        },
        afterRun: () => {
          pgbenchCpu = cpuTracker.stop();
        },
      },
    );
    log(`pgbench: ${pgbench.tps.toFixed(1)} TPS, latency avg ${pgbench.latencyAverageMs} ms`);

    // 7. report
    const [spreadReport, hotReport] = reports;
    const rows = reports.map((r) => ({
      scenario: r.scenario,
      "req/s": r.requestsPerSecond,
      "p50 ms": r.latencyMs.p50,
      "p99 ms": r.latencyMs.p99,
      "non-2xx": r.non2xx,
      "peak RSS MB": r.peakRssMb,
      "pgbench TPS": Math.round(pgbench.tps),
      ratio: Math.round((r.requestsPerSecond / pgbench.tps) * 100) / 100,
    }));
    console.log("");
    console.table(rows);
    const peakMb = mb(serverPeak.totalBytes);
    console.log(
      `server peak RSS over its whole life: ${peakMb} MB (` +
        serverPeak.byProcess.map((p) => `${p.comm}[${p.pid}] ${mb(p.bytes)} MB`).join(", ") +
        ")",
    );
    for (const r of reports) {
      console.log(`${r.scenario}: CPU cores busy ${JSON.stringify(r.cpu)}`);
      console.log(`${r.scenario}: server CPU per spend ${((r.cpu.serverCores * 1000) / Math.max(1, r.completedPerSecond)).toFixed(2)} ms, Postgres CPU per spend ${((r.cpu.postgresCores * 1000) / Math.max(1, r.completedPerSecond)).toFixed(2)} ms`);
      console.log(`${r.scenario}: per spend ${JSON.stringify(r.perSpend)}`);
      console.log(`${r.scenario}: per spend by table ${JSON.stringify(r.perSpendByTable)}`);
      console.log(`${r.scenario}: server connections by state (avg) ${JSON.stringify(r.connectionStates)}`);
    }
    console.log(`pgbench: CPU cores busy ${JSON.stringify(pgbenchCpu)}`);

    const checks = [
      { target: `ratio (a) >= ${TARGETS.ratioSpread}`, value: spreadReport ? spreadReport.requestsPerSecond / pgbench.tps : 0, ok: (v: number) => v >= TARGETS.ratioSpread },
      { target: `p99 (a) <= ${TARGETS.p99Ms} ms`, value: spreadReport?.latencyMs.p99 ?? Infinity, ok: (v: number) => v <= TARGETS.p99Ms },
      { target: `p99 (b) <= ${TARGETS.p99Ms} ms`, value: hotReport?.latencyMs.p99 ?? Infinity, ok: (v: number) => v <= TARGETS.p99Ms },
      { target: `peak RSS <= ${TARGETS.rssMb} MB`, value: peakMb, ok: (v: number) => v <= TARGETS.rssMb },
      { target: "every spend answered 200", value: failed ? 0 : 1, ok: (v: number) => v === 1 },
    ];
    console.log("\nTargets:");
    for (const check of checks) {
      const shown = Number.isFinite(check.value) ? Math.round(check.value * 100) / 100 : check.value;
      console.log(`  ${check.ok(check.value) ? "MET    " : "NOT MET"}  ${check.target}  (measured ${shown})`);
    }

    const results = {
      when: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? "?", memoryGb: Math.round(os.totalmem() / 1024 ** 3), node: process.version },
      postgres: (await admin<{ version: string }[]>`SELECT version()`)[0]?.version ?? "?",
      postgresSettings: Object.fromEntries(
        (
          await admin<{ name: string; setting: string }[]>`
            SELECT name, setting FROM pg_settings
            WHERE name IN ('autovacuum', 'synchronous_commit', 'fsync', 'shared_buffers', 'max_connections', 'wal_sync_method', 'commit_delay')`
        ).map((row) => [row.name, row.setting]),
      ),
      settings: { ...settings, adminUrl: settings.adminUrl.replace(/\/\/[^@]*@/, "//…@") },
      targets: TARGETS,
      scenarios: reports,
      serverPeakRss: { mb: peakMb, byProcess: serverPeak.byProcess.map((p) => ({ ...p, mb: mb(p.bytes) })), timeline: rssTimeline, phases },
      pgbench: { ...pgbench, cpu: pgbenchCpu, quiet: pgbenchQuiet },
      ratios: Object.fromEntries(reports.map((r) => [r.scenario, r.requestsPerSecond / pgbench.tps])),
      targetsMet: Object.fromEntries(checks.map((c) => [c.target, c.ok(c.value)])),
    };
    writeFileSync(path.join(PROJECT, "bench-results.json"), JSON.stringify(results, null, 2) + "\n");
    log("raw results in bench-results.json");
    if (failed) {
      console.error("[bench] FAILED: some spends did not answer 200 (see above)");
      return 1;
    }
    succeeded = true;
    return 0;
  } catch (error) {
    console.error("[bench] error:", error instanceof Error ? error.message : error);
    if (server) console.error(`[bench] server log tail:\n${serverLogTail(server)}`);
    return 1;
  } finally {
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
