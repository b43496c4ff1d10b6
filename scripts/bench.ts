/**
 * `npm run bench [-- --no-build] [--runs 3] [--no-profile] [--isolated]`: every target of issue 15 in one
 * invocation, next to pgbench on the same Postgres (docs/performance.md explains the method and figures).
 * `npm run bench -- --grown [--entries N …]`: the same spends on a database grown to months of size
 * (bench/grown.ts). `npm run bench -- --shop-drop`: 1,000 buyers of a 500-unit founder pack through the web
 * shop within a minute (bench/shop-drop.ts).
 *
 *  1. a fresh database gamecoin_bench_<ts>, migrated and seeded with the bench game (bench/fixture.ts)
 *  2. `npm run build` (skipped with --no-build or BENCH_SKIP_BUILD=1 when a build exists)
 *  3. the compiled server (dist/server.js, as `npm start` runs it) in its own process group; players
 *     ext:bench-<i> (1,000), ext:hot, ext:ledger-1k and ext:ledger-1m funded via the API; the two ledger
 *     players get 1,000 and 1,000,000 older entries by one INSERT … SELECT generate_series (bench/ledger.ts)
 *  4. each run (--runs N or BENCH_RUNS, default 1), 32 connections, BENCH_DURATION s each after a warm-up:
 *     (a) server spends over the 1,000 players, (b) on ext:hot, (c) client spends with a player token,
 *     (d) purchases of an item for 1 coin over the 1,000 players, (e) spends refused for too few coins
 *     (409) over 1,000 other players (ext:poor-<i>, 5 coins each); ledger pages (limit 100) of both ledger
 *     players; the server stopped; the floor: (a)'s load against the same domain function behind bare
 *     node:http (bench/floor-server.ts); webhook deliveries to a local receiver with a server whose scheduler
 *     is on (bench/webhooks.ts); pgbench -M prepared tpcb-like, 32 clients, in gamecoin_pgbench_<ts>
 *  5. a CPU profile of the server (node --cpu-prof) during a separate, unmeasured pass of (a): its top
 *     functions by self time are printed (--no-profile or BENCH_PROFILE=0 skips it)
 *  6. the figures of each run, the targets table (each run, min–max, met in every run), (a) against the
 *     floor, raw figures in bench-results.json; both databases dropped
 *
 * Environment: BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_PORT (3210),
 * BENCH_CONNECTIONS (32), BENCH_DURATION (15), BENCH_WARMUP (3), BENCH_PLAYERS (1000), BENCH_PGBENCH_SCALE (10),
 * BENCH_LEDGER_ENTRIES (1000000), BENCH_WEBHOOK_EVENTS (5000), BENCH_LAUNCHER (direct | npx), BENCH_SKIP_BUILD=1,
 * BENCH_KEEP_DB=1 (keep the databases for inspection), BENCH_QUIET_WAIT (120 s) / BENCH_QUIET_BELOW (0.3 cores):
 * before each measured phase, wait for the machine to be idle, BENCH_ISOLATED=1 or --isolated: build and run a
 * private copy of the working tree (see bench/snapshot.ts).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { profileReport } from "./bench/analyze-cpuprofile";
import { BENCH_CURRENCY, BENCH_ITEM_SKU, BENCH_KEYS, benchFixture } from "./bench/fixture";
import { deepCursor, measureLedger, seedLedger, type LedgerPlayer, type LedgerResult } from "./bench/ledger";
import { grownOptions, runGrownBench } from "./bench/grown";
import { runShopDropBench, shopDropOptions } from "./bench/shop-drop";
import { fundPlayers, refusedSpendScenario, runLoad, spendScenario, type Target } from "./bench/load";
import { adminClient, createDatabase, databaseUrl, dropDatabase, type Sql } from "./bench/pg";
import { runPgbench, type PgbenchResult } from "./bench/pgbench";
import { failures, log, mb, measureScenario, sleep, STATS_FLUSH_MS, waitForQuiet, type QuietWait, type ScenarioReport } from "./bench/phase";
import { CpuTracker, RssSampler, type CpuSplit } from "./bench/proc";
import { clientSpendScenario, issueTokens, purchaseScenario } from "./bench/scenarios";
import { serverLogTail, startServer, stopServer, waitForHealth, type ServerHandle } from "./bench/server";
import { snapshotWorkingTree } from "./bench/snapshot";
import { evaluateTargets, printTargets, TARGETS, type RunFigures } from "./bench/targets";
import { runWebhookDeliveryBench, type WebhookBenchResult } from "./bench/webhooks";

const PROJECT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
/** Where the app is built, seeded and started: the project, or a private copy of it with --isolated. */
let ROOT = PROJECT;
const FUNDING = 1_000_000_000_000; // 10^12 per player: far more than any run spends
/** The players of the refused spends hold a balance row with too few coins: each spend locks it, then is refused. */
const POOR_FUNDING = 5;

const env = process.env;
const argv = process.argv.slice(2);
const args = new Set(argv);
/** `--runs 3` or `--runs=3`, else BENCH_RUNS, else 1 */
function runsOption(): number {
  const at = argv.findIndex((a) => a === "--runs" || a.startsWith("--runs="));
  const raw = at < 0 ? env.BENCH_RUNS : argv[at]?.includes("=") ? argv[at]?.split("=")[1] : argv[at + 1];
  const runs = Number(raw ?? 1);
  if (!Number.isInteger(runs) || runs < 1 || runs > 10) throw new Error(`--runs / BENCH_RUNS: a whole number from 1 to 10, not ${raw}`);
  return runs;
}
const settings = {
  adminUrl: env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  port: Number(env.BENCH_PORT ?? 3210),
  connections: Number(env.BENCH_CONNECTIONS ?? 32),
  durationSeconds: Number(env.BENCH_DURATION ?? 15),
  warmupSeconds: Number(env.BENCH_WARMUP ?? 3),
  players: Number(env.BENCH_PLAYERS ?? 1000),
  pgbenchScale: Number(env.BENCH_PGBENCH_SCALE ?? 10),
  pgbenchThreads: 2,
  ledgerEntries: Number(env.BENCH_LEDGER_ENTRIES ?? 1_000_000),
  webhookEvents: Number(env.BENCH_WEBHOOK_EVENTS ?? 5_000),
  runs: runsOption(),
  profile: !args.has("--no-profile") && env.BENCH_PROFILE !== "0",
  /** `npm start` unless BENCH_LAUNCHER says direct or npx (server.ts); the profiled pass always runs node directly. */
  launcher: (env.BENCH_LAUNCHER === "npx" || env.BENCH_LAUNCHER === "direct" ? env.BENCH_LAUNCHER : "npm") as "npm" | "direct" | "npx",
  skipBuild: args.has("--no-build") || env.BENCH_SKIP_BUILD === "1",
  isolated: args.has("--isolated") || env.BENCH_ISOLATED === "1",
  keepDatabases: env.BENCH_KEEP_DB === "1",
  /** Before each measured phase, wait up to this long for the machine to be idle (other people's jobs). */
  quietWaitSeconds: Number(env.BENCH_QUIET_WAIT ?? 120),
  quietBelowCores: Number(env.BENCH_QUIET_BELOW ?? 0.3),
};
const quiet = (label: string) => waitForQuiet(label, settings.quietWaitSeconds, settings.quietBelowCores);

const LEDGER_SMALL: LedgerPlayer = { ref: "ext:ledger-1k", entries: 1_000 };
const LEDGER_BIG: LedgerPlayer = { ref: "ext:ledger-1m", entries: settings.ledgerEntries };

/** `quietOutput`: collect the output without echoing it. */
type RunCommandOptions = { extraEnv?: Record<string, string>; quietOutput?: boolean };

function runCommand(command: string, commandArgs: string[], { extraEnv = {}, quietOutput = false }: RunCommandOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: ROOT, env: { ...process.env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const collect = (chunk: Buffer) => {
      out += chunk.toString();
      if (!quietOutput) process.stdout.write(chunk);
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${commandArgs.join(" ")} exited with ${code}:\n${out.slice(-4000)}`))));
  });
}

type Running = { server: ServerHandle; rss: RssSampler; startedAt: number };

/**
 * The floor (bench/floor-server.ts): (a)'s spends through the same domain function behind bare
 * node:http, run by node with tsx's loader (it only compiles the modules as they load).
 */
const FLOOR = {
  name: "(a) floor: the same spends, bare node:http",
  entry: "scripts/bench/floor-server.ts",
  nodeArgs: ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs"],
};

type RunReport = {
  run: number;
  scenarios: ScenarioReport[];
  /** (a) against the floor: what the API's own work per request costs in rate and CPU */
  floor: ScenarioReport;
  ledger: LedgerResult;
  webhooks: WebhookBenchResult | null;
  pgbench: PgbenchResult & { cpu?: CpuSplit; quiet?: QuietWait };
  peakRss: { mb: number; byProcess: { pid: number; comm: string; mb: number }[]; timeline: [number, number][] };
  failures: string[];
  figures: RunFigures;
};

async function main(): Promise<number> {
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const benchDb = `gamecoin_bench_${stamp}`;
  const pgbenchDb = `gamecoin_pgbench_${stamp}`;
  const admin: Sql = adminClient(settings.adminUrl);
  const created: string[] = [];
  let running: Running | undefined;
  let removeSnapshot: (() => void) | undefined;
  let benchSql: Sql | undefined;
  /** fixture and server logs; removed after a clean run, kept (and named) after a failure */
  let tmp: string | undefined;
  let succeeded = false;
  // The server seals the webhook signing secret that this process opens (bench/webhooks.ts): one secret for both.
  env.AUTH_SECRET ??= "gamecoin-bench-only-auth-secret-0123456789";

  const stopRunning = async () => {
    const current = running;
    running = undefined;
    if (!current) return;
    current.rss.stop();
    await stopServer(current.server).catch(() => {});
  };
  const cleanup = async () => {
    await benchSql?.end({ timeout: 5 }).catch(() => {});
    benchSql = undefined;
    await stopRunning();
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
    else if (tmp) log(`server logs and fixture kept in ${tmp}`);
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
    log(`database ${benchDb}; ${settings.runs} run(s) of ${settings.durationSeconds} s phases`);

    // 2. build
    if (settings.isolated) {
      const snapshot = snapshotWorkingTree(PROJECT);
      removeSnapshot = snapshot.remove;
      ROOT = snapshot.dir;
      log(`--isolated: building and running a copy of the working tree in ${ROOT}`);
    }
    const hasBuild = existsSync(path.join(ROOT, ".next", "BUILD_ID")) && existsSync(path.join(ROOT, "dist", "server.js"));
    if (settings.skipBuild && hasBuild) log("build skipped (--no-build)");
    else {
      log(settings.skipBuild ? "no build in .next or dist: building anyway" : "npm run build");
      await runCommand("npm", ["run", "build"]);
    }

    // 3. seed
    const workDir = mkdtempSync(path.join(os.tmpdir(), "gamecoin-bench-"));
    tmp = workDir;
    const fixtureFile = path.join(workDir, "bench-fixture.json");
    writeFileSync(fixtureFile, JSON.stringify(benchFixture(), null, 2));
    log(`npm run seed -- ${fixtureFile}`);
    const seedOut = await runCommand("npm", ["run", "seed", "--", fixtureFile], { extraEnv: { DATABASE_URL }, quietOutput: true });
    log(seedOut.trim().split("\n").slice(-3).join(" | "));

    let serverStarts = 0;
    /** Starts the compiled server on the bench database and samples its process tree's RSS. */
    const launch = async (label: string, options: { scheduler?: boolean; nodeArgs?: string[]; entry?: string } = {}): Promise<Running> => {
      serverStarts += 1;
      const logFile = path.join(workDir, `server-${serverStarts}-${label}.log`);
      const launcher = options.nodeArgs || options.entry ? "direct" : settings.launcher;
      const server = startServer({
        cwd: ROOT,
        port: settings.port,
        launcher,
        logFile,
        nodeArgs: options.nodeArgs,
        entry: options.entry,
        env: {
          DATABASE_URL,
          NODE_ENV: "production",
          PORT: String(settings.port),
          MIGRATE_ON_START: "1",
          SCHEDULER: options.scheduler ? "on" : "off",
          SERVER_RATE_LIMIT_PER_MINUTE: "100000000",
          CLIENT_RATE_LIMIT_PER_MINUTE: "100000000",
        },
      });
      const rss = new RssSampler(server.pid, 250);
      rss.start();
      running = { server, rss, startedAt: Date.now() };
      log(`${label}: server pid ${server.pid} (${launcher}${options.entry ? ` ${options.entry}` : ""}), log ${logFile}`);
      await waitForHealth(server);
      return running;
    };

    const target: Target = { baseUrl: `http://127.0.0.1:${settings.port}`, secretKey: BENCH_KEYS.secret, currency: BENCH_CURRENCY };
    const clientTarget = { ...target, publishableKey: BENCH_KEYS.publishable };
    const spread = Array.from({ length: settings.players }, (_, i) => `ext:bench-${i}`);
    const poor = Array.from({ length: settings.players }, (_, i) => `ext:poor-${i}`);
    const cursors: Record<string, string> = {};
    const cpuTracker = new CpuTracker(() => running?.server.pid ?? null, 500);
    const runs: RunReport[] = [];

    for (let run = 1; run <= settings.runs; run++) {
      const tag = settings.runs > 1 ? `run ${run}/${settings.runs}: ` : "";
      const primary = await launch(`run${run}`);
      if (run === 1) {
        const fundingStart = Date.now();
        await fundPlayers(target, [...spread, "ext:hot", LEDGER_SMALL.ref, LEDGER_BIG.ref], { amount: FUNDING, concurrency: 16 });
        await fundPlayers(target, poor, { amount: POOR_FUNDING, concurrency: 16 });
        log(`funded ${spread.length + poor.length + 3} players in ${((Date.now() - fundingStart) / 1000).toFixed(1)} s`);
        benchSql = adminClient(DATABASE_URL);
        for (const player of [LEDGER_SMALL, LEDGER_BIG]) {
          const seeded = await seedLedger(benchSql, player);
          log(`${player.ref}: ${player.entries.toLocaleString("en-US")} ledger entries written in ${seeded.seconds} s`);
          cursors[player.ref] = await deepCursor(benchSql, player.ref, Math.floor(player.entries * 0.9));
        }
        // Planner statistics, as autovacuum would gather them in production (this Postgres runs with
        // autovacuum = off). Before migration 0013 the player look-up needed them: without, it took
        // players_game_env_created and filtered ~500 rows per spend (docs/performance.md).
        const [autovacuum] = await benchSql<{ autovacuum: string }[]>`SHOW autovacuum`;
        await benchSql`ANALYZE`;
        // The seeding's million ledger rows are still dirty in shared buffers and the page cache: written
        // out now, as part of the seeding (as --grown does), rather than by run 1's spends, which would
        // evict them a page at a time and share the disk with a checkpoint the seeding started.
        await benchSql`CHECKPOINT`;
        log(`ANALYZE and CHECKPOINT done (autovacuum is ${autovacuum?.autovacuum ?? "?"} on this Postgres)`);
      }
      const sql = benchSql;
      if (!sql) throw new Error("no connection to the bench database");
      // Tokens last an hour: each run gets its own.
      const tokens = await issueTokens(target, spread, 16);
      log(`${tag}${tokens.length} player tokens issued`);
      await sleep(STATS_FLUSH_MS);

      const ctx = {
        baseUrl: target.baseUrl,
        admin,
        benchSql: sql,
        benchDb,
        rss: primary.rss,
        cpuTracker,
        connections: settings.connections,
        durationSeconds: settings.durationSeconds,
        warmupSeconds: settings.warmupSeconds,
      };
      const scenarios = [
        spendScenario(target, { name: `(a) spends over ${settings.players} players`, players: spread }),
        spendScenario(target, { name: "(b) spends on one hot player", players: ["ext:hot"] }),
        clientSpendScenario("(c) client spends, player token", clientTarget, tokens),
        purchaseScenario(target, { name: "(d) purchases, 1 coin per item", players: spread, sku: BENCH_ITEM_SKU }),
        refusedSpendScenario(target, { name: `(e) refused spends (insufficient funds) over ${settings.players} players`, players: poor, amount: POOR_FUNDING + 1 }),
      ];
      const reports: ScenarioReport[] = [];
      for (const scenario of scenarios) {
        reports.push(await measureScenario({ ...ctx, quiet: () => quiet(`${tag}${scenario.name}`) }, scenario));
      }

      await quiet(`${tag}ledger pages`);
      const ledger = await measureLedger(target, { players: { small: LEDGER_SMALL, big: LEDGER_BIG }, cursors }, {
        sequentialCount: 400,
        concurrentCount: 800,
        concurrency: 8,
      });
      for (const c of ledger.cases) {
        log(`${tag}ledger ${c.name}: p50/p99 ${c.sequential.p50}/${c.sequential.p99} ms alone, ${c.concurrent.p50}/${c.concurrent.p99} ms with ${ledger.concurrency} in flight`);
      }
      const mainPeak = primary.rss.peak;
      await stopRunning();

      // The floor, on the same database and port: (a)'s load against the domain function alone.
      const floorServer = await launch(`run${run}-floor`, { entry: FLOOR.entry, nodeArgs: FLOOR.nodeArgs });
      const floor = await measureScenario({ ...ctx, rss: floorServer.rss, quiet: () => quiet(`${tag}${FLOOR.name}`) }, spendScenario(target, { name: FLOOR.name, players: spread }));
      await stopRunning();

      // Webhooks: the server's own worker delivers (its scheduler on), to a receiver in this process.
      await quiet(`${tag}webhooks`);
      const withScheduler = await launch(`run${run}-webhooks`, { scheduler: true });
      const webhooks = await runWebhookDeliveryBench({ databaseUrl: DATABASE_URL, events: settings.webhookEvents, worker: "server", log: (line) => log(`${tag}${line}`) });
      const webhookPeakBytes = withScheduler.rss.peak.totalBytes;
      await stopRunning();

      // pgbench on the same Postgres, the server stopped
      if (!created.includes(pgbenchDb)) {
        await createDatabase(admin, pgbenchDb);
        created.push(pgbenchDb);
      }
      let pgbenchQuiet: QuietWait | undefined;
      let pgbenchCpu: CpuSplit | undefined;
      log(`${tag}pgbench -i -s ${settings.pgbenchScale}, then -M prepared -c ${settings.connections} -j ${settings.pgbenchThreads} -T ${settings.durationSeconds}`);
      const pgbench = await runPgbench(
        databaseUrl(settings.adminUrl, pgbenchDb),
        { scale: settings.pgbenchScale, clients: settings.connections, threads: settings.pgbenchThreads, durationSeconds: settings.durationSeconds },
        {
          beforeRun: async () => {
            pgbenchQuiet = await quiet(`${tag}pgbench`);
            cpuTracker.start();
          },
          afterRun: () => {
            pgbenchCpu = cpuTracker.stop();
          },
        },
      );
      log(`${tag}pgbench: ${pgbench.tps.toFixed(1)} TPS, latency avg ${pgbench.latencyAverageMs} ms`);

      const [a, b, c, d, e] = reports;
      const problems = [...reports, floor].flatMap(failures);
      for (const problem of problems) console.error(`[bench] FAIL ${tag}${problem}`);
      const peakBytes = Math.max(mainPeak.totalBytes, webhookPeakBytes);
      runs.push({
        run,
        scenarios: reports,
        floor,
        ledger,
        webhooks,
        pgbench: { ...pgbench, cpu: pgbenchCpu, quiet: pgbenchQuiet },
        peakRss: { mb: mb(peakBytes), byProcess: mainPeak.byProcess.map((p) => ({ ...p, mb: mb(p.bytes) })), timeline: primary.rss.timeline },
        failures: problems,
        figures: {
          pgbenchTps: pgbench.tps,
          spreadRps: a?.requestsPerSecond ?? 0,
          spreadP99Ms: a?.latencyMs.p99 ?? Infinity,
          hotRps: b?.requestsPerSecond ?? 0,
          hotP99Ms: b?.latencyMs.p99 ?? Infinity,
          clientRps: c?.requestsPerSecond ?? 0,
          purchaseRps: d?.requestsPerSecond ?? 0,
          refusedRps: e?.requestsPerSecond ?? 0,
          peakRssMb: mb(peakBytes),
          ledgerRatio: ledger.ratio,
          webhookDeliveriesPerSecond: webhooks?.deliveriesPerSecond ?? null,
          webhookAtLeastOnce: webhooks ? webhooks.atLeastOnce : null,
          allAnsweredAsExpected: problems.length === 0,
        },
      });
    }

    // 5. CPU profile during a pass of (a) that is not measured (sampling costs the server some throughput)
    let profile: { file: string; report: string[] } | null = null;
    if (settings.profile) {
      const profileDir = path.join(workDir, "profile");
      const profiled = await launch("profile", { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] });
      const scenario = spendScenario(target, { name: "(a) profiled", players: spread });
      await runLoad(target.baseUrl, scenario, { connections: settings.connections, durationSeconds: settings.warmupSeconds });
      const fromSeconds = Math.round((Date.now() - profiled.startedAt) / 100) / 10;
      log(`CPU profile of the server during (a), ${settings.durationSeconds} s`);
      await runLoad(target.baseUrl, scenario, { connections: settings.connections, durationSeconds: settings.durationSeconds });
      await stopRunning(); // the profile is written when the server exits
      const written = existsSync(profileDir) ? readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile")) : undefined;
      if (written) {
        const file = path.join(os.tmpdir(), `gamecoin-bench-${stamp}.cpuprofile`);
        renameSync(path.join(profileDir, written), file);
        profile = { file, report: profileReport(file, { top: 20, fromSeconds }) };
      } else {
        log("no .cpuprofile was written (did the server exit cleanly?)");
      }
    }

    // 6. report
    for (const r of runs) {
      console.log(`\n${settings.runs > 1 ? `Run ${r.run}` : "Figures"} (pgbench ${Math.round(r.pgbench.tps)} TPS):`);
      console.table(
        [...r.scenarios, r.floor].map((s) => ({
          scenario: s.scenario,
          "req/s": s.requestsPerSecond,
          "p50 ms": s.latencyMs.p50,
          "p99 ms": s.latencyMs.p99,
          "non-2xx": s.non2xx,
          "vs pgbench": Math.round((s.requestsPerSecond / r.pgbench.tps) * 100) / 100,
          "server CPU ms/req": msPerRequest(s, s.cpu.serverCores),
          "Postgres CPU ms/req": msPerRequest(s, s.cpu.postgresCores),
        })),
      );
      console.table(
        r.ledger.cases.map((c) => ({
          "ledger page (limit 100)": c.name,
          "p50 ms": c.sequential.p50,
          "p99 ms": c.sequential.p99,
          [`p50 ms, ${r.ledger.concurrency} in flight`]: c.concurrent.p50,
          [`p99 ms, ${r.ledger.concurrency} in flight`]: c.concurrent.p99,
        })),
      );
      if (r.webhooks) {
        const w = r.webhooks;
        console.log(`webhooks: ${w.deliveriesPerSecond} deliveries/s, ${w.received}/${w.events} received, ${w.missing} missing, ${w.duplicateEvents} duplicated, ${w.rowsNotDone} rows not done`);
      }
      console.log(`server process tree peak RSS: ${r.peakRss.mb} MB (` + r.peakRss.byProcess.map((p) => `${p.comm}[${p.pid}] ${p.mb} MB`).join(", ") + ")");
    }
    if (profile) {
      console.log(`\nCPU profile of the server during (a): ${profile.file}`);
      console.log(profile.report.join("\n"));
    }
    const outcomes = evaluateTargets(runs.map((r) => r.figures));
    printTargets(outcomes, settings.runs);
    printFloor(runs);

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
      targets: TARGETS.map((t) => ({ name: t.name, direction: t.direction, limit: t.limit, unit: t.unit })),
      outcomes,
      runs,
      profile,
    };
    writeFileSync(path.join(PROJECT, "bench-results.json"), JSON.stringify(results, null, 2) + "\n");
    log("raw results in bench-results.json");
    if (runs.some((r) => r.failures.length > 0)) {
      console.error("[bench] FAILED: some requests did not answer 200 (see above)");
      return 1;
    }
    succeeded = true;
    return 0;
  } catch (error) {
    console.error("[bench] error:", error instanceof Error ? error.message : error);
    if (running) console.error(`[bench] server log tail:\n${serverLogTail(running.server)}`);
    return 1;
  } finally {
    await cleanup();
  }
}

/** Milliseconds of CPU per answered request, from the cores a role used during the scenario. */
const msPerRequest = (s: ScenarioReport, cores: number) => Math.round(((cores * 1000) / Math.max(1, s.completedPerSecond)) * 100) / 100;

/** (a) next to its floor in each run: the rate the API's own work leaves, and its CPU per spend beside the floor's. */
function printFloor(runs: RunReport[]): void {
  console.log("\nThe API's own work, (a) against the floor (the same spends through the same domain function, bare node:http):");
  for (const r of runs) {
    const a = r.scenarios[0];
    if (!a) continue;
    const share = Math.round((a.requestsPerSecond / Math.max(1, r.floor.requestsPerSecond)) * 100) / 100;
    console.log(
      `  run ${r.run}: (a) ${a.requestsPerSecond} req/s = ${share}× the floor's ${r.floor.requestsPerSecond}; ` +
        `server CPU ${msPerRequest(a, a.cpu.serverCores)} against ${msPerRequest(r.floor, r.floor.cpu.serverCores)} ms a spend; p99 ${a.latencyMs.p99} against ${r.floor.latencyMs.p99} ms`,
    );
  }
}

// `--grown`: the grown-database scenario of issue 23 instead (bench/grown.ts).
// `--shop-drop`: issue 25's launch drop through the web shop (bench/shop-drop.ts).
const entry = args.has("--grown")
  ? () => runGrownBench(grownOptions(PROJECT, argv))
  : args.has("--shop-drop")
    ? () => runShopDropBench(shopDropOptions(PROJECT, argv))
    : main;
entry().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
