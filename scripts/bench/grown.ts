/**
 * `npm run bench -- --grown [--entries N] [--players N] [--key-days N] [--keys-per-day N] [--warmup S] [--no-build]`:
 * issue 23's "costs that stay flat" in one run, on one database:
 *  1. the bench game, 1,000 funded players and a player with 1,000 entries; spends over the 1,000 (after
 *     `--warmup` seconds of them, default 60) and that player's ledger page (limit 100) measured: the
 *     empty-database figures
 *  2. the server stopped, the database grown in SQL (grown-seed.ts; defaults 1,000,000 players,
 *     50,000,000 ledger entries, 1,000,000 idempotency records a day for 30 days and an expired week
 *     before them), ANALYZE
 *  3. the same two measures again, then the cleanup job's week drop (server/idempotency/partitions.ts)
 *     while spends go on: how long it took, and the spends' latency around it
 * Figures are printed and written to bench-grown-results.json; the database is dropped (BENCH_KEEP_DB=1 keeps it).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import type { Db } from "@/db/client";
import { dropExpiredPartitions, weekPartitionName } from "@/server/idempotency/partitions";
import { BENCH_CURRENCY, BENCH_KEYS, benchFixture } from "./fixture";
import { expiredWeekStart, seedGrown, type GrownSeedTimes, type GrownSize } from "./grown-seed";
import { seedLedger } from "./ledger";
import { fundPlayers, refSegment, runSpends, type SpendResult, type Target } from "./load";
import { fileRemovalMs } from "./file-removal";
import { adminClient, createDatabase, databaseUrl, dropDatabase, type Sql } from "./pg";
import { log, sleep } from "./phase";
import { startServer, stopServer, waitForHealth, type ServerHandle } from "./server";

type Options = { root: string; adminUrl: string; port: number; connections: number; durationSeconds: number; warmupSeconds: number; skipBuild: boolean; keep: boolean; size: GrownSize };

/** A whole-number setting: `--<name> N` or `--<name>=N`, else the environment variable `envName`, else `fallback`. */
type NumberFlag = { name: string; envName: string; fallback: number };

function flag(argv: string[], { name, envName, fallback }: NumberFlag): number {
  const at = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  const raw = at < 0 ? process.env[envName] : argv[at]?.includes("=") ? argv[at]?.split("=")[1] : argv[at + 1];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} / ${envName}: a whole number from 1, not ${raw}`);
  return value;
}

export function grownOptions(root: string, argv: string[]): Options {
  const env = process.env;
  return {
    root,
    adminUrl: env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    port: Number(env.BENCH_PORT ?? 3210),
    connections: Number(env.BENCH_CONNECTIONS ?? 32),
    durationSeconds: Number(env.BENCH_DURATION ?? 15),
    // A database that has run for months has its hot pages (the live weeks' key indexes, which every new
    // key is looked up in) in memory; one just loaded has not. Spends warm it as traffic would, the
    // same length before both passes.
    warmupSeconds: flag(argv, { name: "warmup", envName: "BENCH_GROWN_WARMUP", fallback: 60 }),
    skipBuild: argv.includes("--no-build") || env.BENCH_SKIP_BUILD === "1",
    keep: env.BENCH_KEEP_DB === "1",
    size: {
      entries: flag(argv, { name: "entries", envName: "BENCH_GROWN_ENTRIES", fallback: 50_000_000 }),
      players: flag(argv, { name: "players", envName: "BENCH_GROWN_PLAYERS", fallback: 1_000_000 }),
      keyDays: flag(argv, { name: "key-days", envName: "BENCH_GROWN_KEY_DAYS", fallback: 30 }),
      keysPerDay: flag(argv, { name: "keys-per-day", envName: "BENCH_GROWN_KEYS_PER_DAY", fallback: 1_000_000 }),
    },
  };
}

function run(command: string, args: string[], { cwd, extraEnv }: { cwd: string; extraEnv: Record<string, string> }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${out.slice(-3000)}`))));
  });
}

const round = (n: number) => Math.round(n * 100) / 100;

async function ledgerPageP50(target: Target, ref: string, count: number): Promise<number> {
  const url = `${target.baseUrl}/api/v1/players/${refSegment(ref)}/ledger?limit=100`;
  const samples: number[] = [];
  for (let i = 0; i < count + 10; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${target.secretKey}` } });
    await response.text();
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
    if (i >= 10) samples.push(performance.now() - started); // the first 10 warm plans and caches
  }
  samples.sort((a, b) => a - b);
  return round(samples[Math.floor(samples.length / 2)] ?? NaN);
}

type Figures = { spends: Pick<SpendResult, "requestsPerSecond" | "latencyMs" | "non2xx">; ledgerP50Ms: number };

/** The spending players and the player whose ledger page is read. */
type Measured = { players: string[]; ledgerRef: string };

async function measure(target: Target, { players, ledgerRef }: Measured, o: Options): Promise<Figures> {
  await runSpends(target, { name: "warm-up", players }, { connections: o.connections, durationSeconds: o.warmupSeconds });
  const spends = await runSpends(target, { name: "spends", players }, { connections: o.connections, durationSeconds: o.durationSeconds });
  const ledgerP50Ms = await ledgerPageP50(target, ledgerRef, 200);
  return { spends: { requestsPerSecond: spends.requestsPerSecond, latencyMs: spends.latencyMs, non2xx: spends.non2xx }, ledgerP50Ms };
}

function gigabytes(bytes: number): string {
  return (bytes / 1024 ** 3).toFixed(2);
}

type DropFigures = {
  partition: string;
  rows: number;
  /** The week's table and index on disk. */
  bytes: number;
  dropMs: number;
  dropped: string[];
  spendsDuring: Figures["spends"];
  /** The same bytes freed as plain files on the same filesystem, after the drop (file-removal.ts). */
  fileRemoval: { ms: number | null; note: string };
};

/** The cleanup's week drop, timed, while spends run: writes go on while the week's table goes. */
async function dropDuringWrites(run: { sql: Sql; databaseUrlText: string; target: Target; players: string[]; o: Options }): Promise<DropFigures> {
  const { sql, databaseUrlText, target, players, o } = run;
  const partition = weekPartitionName(expiredWeekStart(Date.now(), o.size.keyDays));
  const [counted] = await sql.unsafe<{ n: number; bytes: string }[]>(
    `SELECT count(*)::int AS n, pg_total_relation_size('"${partition}"')::text AS bytes FROM "${partition}"`,
  );
  const bytes = Number(counted?.bytes ?? 0);
  const { default: postgres } = await import("postgres");
  const client = postgres(databaseUrlText, { max: 1, onnotice: () => {} });
  const db = drizzle(client) as unknown as Db;
  try {
    const load = runSpends(target, { name: "spends during the drop", players }, { connections: o.connections, durationSeconds: o.durationSeconds });
    await sleep(Math.min(5, o.durationSeconds / 3) * 1000);
    const started = performance.now();
    const dropped = await dropExpiredPartitions(db, Date.now());
    const dropMs = round(performance.now() - started);
    const spends = await load;
    const fileRemoval = await fileRemovalMs(sql, bytes);
    const spendsDuring = { requestsPerSecond: spends.requestsPerSecond, latencyMs: spends.latencyMs, non2xx: spends.non2xx };
    return { partition, rows: counted?.n ?? 0, bytes, dropMs, dropped, spendsDuring, fileRemoval };
  } finally {
    await client.end({ timeout: 5 });
  }
}

export async function runGrownBench(o: Options): Promise<number> {
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const name = `gamecoin_grown_${stamp}`;
  const admin = adminClient(o.adminUrl);
  const url = databaseUrl(o.adminUrl, name);
  const tmp = mkdtempSync(path.join(os.tmpdir(), "gamecoin-grown-"));
  let server: ServerHandle | undefined;
  let sql: Sql | undefined;
  let succeeded = false;
  process.env.AUTH_SECRET ??= "gamecoin-bench-only-auth-secret-0123456789";
  const launch = async (label: string) => {
    server = startServer({
      cwd: o.root,
      port: o.port,
      launcher: "npm",
      logFile: path.join(tmp, `server-${label}.log`),
      env: { DATABASE_URL: url, NODE_ENV: "production", PORT: String(o.port), MIGRATE_ON_START: "1", SCHEDULER: "off", SERVER_RATE_LIMIT_PER_MINUTE: "100000000" },
    });
    await waitForHealth(server);
    return server;
  };
  try {
    await createDatabase(admin, name);
    log(`--grown: database ${name}, size ${JSON.stringify(o.size)}`);
    const hasBuild = existsSync(path.join(o.root, ".next", "BUILD_ID")) && existsSync(path.join(o.root, "dist", "server.js"));
    if (!(o.skipBuild && hasBuild)) {
      log("npm run build");
      await run("npm", ["run", "build"], { cwd: o.root, extraEnv: {} });
    }
    const fixtureFile = path.join(tmp, "bench-fixture.json");
    writeFileSync(fixtureFile, JSON.stringify(benchFixture()));
    await run("npm", ["run", "seed", "--", fixtureFile], { cwd: o.root, extraEnv: { DATABASE_URL: url } });
    const first = await launch("empty");
    const target: Target = { baseUrl: `http://127.0.0.1:${o.port}`, secretKey: BENCH_KEYS.secret, currency: BENCH_CURRENCY };
    const players = Array.from({ length: 1000 }, (_, i) => `ext:bench-${i}`);
    const ledgerRef = "ext:ledger-1k";
    await fundPlayers(target, [...players, ledgerRef], { amount: 1_000_000_000_000, concurrency: 16 });
    sql = adminClient(url);
    await seedLedger(sql, { ref: ledgerRef, entries: 1_000 });
    await sql`ANALYZE`;
    const empty = await measure(target, { players, ledgerRef }, o);
    log(`empty: ${empty.spends.requestsPerSecond} spends/s, p99 ${empty.spends.latencyMs.p99} ms; ledger page p50 ${empty.ledgerP50Ms} ms`);

    server = undefined;
    await stopServer(first);
    const [game] = await sql<{ id: string; env: string }[]>`SELECT game_id AS id, env FROM players WHERE external_id = 'bench-0'`;
    if (!game) throw new Error("no bench player");
    log("growing the database in SQL");
    const seed: GrownSeedTimes = await seedGrown(sql, game, { size: o.size, nowMs: Date.now() });
    log(`grown in ${seed.totalSeconds} s (rows ${seed.rowsSeconds} s, ledger indexes ${seed.indexesSeconds} s, ANALYZE and CHECKPOINT ${seed.analyzeSeconds} s)`);
    const [sizes] = await sql<{ ledger: string; keys: string; database: string }[]>`
      SELECT pg_size_pretty(pg_total_relation_size('ledger_entries')) AS ledger,
             (SELECT pg_size_pretty(sum(pg_total_relation_size(inhrelid))) FROM pg_inherits WHERE inhparent = 'idempotency_records'::regclass) AS keys,
             pg_size_pretty(pg_database_size(current_database())) AS database`;

    await launch("grown");
    const grown = await measure(target, { players, ledgerRef }, o);
    log(`grown: ${grown.spends.requestsPerSecond} spends/s, p99 ${grown.spends.latencyMs.p99} ms; ledger page p50 ${grown.ledgerP50Ms} ms`);
    const drop = await dropDuringWrites({ sql, databaseUrlText: url, target, players, o });
    log(`dropped ${drop.dropped.join(", ")} (${drop.rows.toLocaleString("en-US")} records, ${gigabytes(drop.bytes)} GB) in ${drop.dropMs} ms while spends ran at ${drop.spendsDuring.requestsPerSecond}/s, p99 ${drop.spendsDuring.latencyMs.p99} ms, max ${drop.spendsDuring.latencyMs.max} ms`);
    log(drop.fileRemoval.ms === null ? `the filesystem's own time to free them not measured: ${drop.fileRemoval.note}` : `the same ${gigabytes(drop.bytes)} GB removed as plain files on the same filesystem: ${drop.fileRemoval.ms} ms`);

    const spendRatio = round(grown.spends.requestsPerSecond / empty.spends.requestsPerSecond);
    console.table([
      { measure: "spends over 1,000 players, req/s", empty: empty.spends.requestsPerSecond, grown: grown.spends.requestsPerSecond, "grown / empty": spendRatio },
      { measure: "spends p99 ms", empty: empty.spends.latencyMs.p99, grown: grown.spends.latencyMs.p99, "grown / empty": round(grown.spends.latencyMs.p99 / empty.spends.latencyMs.p99) },
      { measure: "ledger page p50 ms", empty: empty.ledgerP50Ms, grown: grown.ledgerP50Ms, "grown / empty": round(grown.ledgerP50Ms / empty.ledgerP50Ms) },
      { measure: "a week of expired keys dropped, ms", empty: null, grown: drop.dropMs, "grown / empty": null },
      { measure: "the same bytes removed as files, ms", empty: null, grown: drop.fileRemoval.ms, "grown / empty": null },
    ]);
    const results = { when: new Date().toISOString(), size: o.size, seed, sizes, empty, grown, drop, spendRatio, nonOk: empty.spends.non2xx + grown.spends.non2xx + drop.spendsDuring.non2xx };
    writeFileSync(path.join(o.root, "bench-grown-results.json"), `${JSON.stringify(results, null, 2)}\n`);
    log("raw results in bench-grown-results.json");
    // Issue 23's targets for a game that has run for months (docs/performance.md, "Targets").
    const ledgerRatio = grown.ledgerP50Ms / empty.ledgerP50Ms;
    const missed = [
      results.nonOk > 0 ? `${results.nonOk} answers other than 200` : null,
      spendRatio < 0.9 ? `spends on the grown database ${spendRatio}× the empty one (wants within 10 %)` : null,
      ledgerRatio > 1.1 ? `ledger page p50 ${round(ledgerRatio)}× the empty one (wants flat, within 10 %)` : null,
      drop.dropped.length === 0 ? `no expired week was dropped (the cleanup drops weeks past 30 days: --key-days below 30 leaves none)` : null,
      drop.dropMs >= 1_000
        ? `expired keys dropped in ${drop.dropMs} ms (wants under 1 s; the filesystem alone took ${drop.fileRemoval.ms ?? "an unmeasured time"} ms to free the same bytes)`
        : null,
      seed.totalSeconds > 600 ? `seeding took ${seed.totalSeconds} s (wants under 10 minutes)` : null,
    ].filter((problem): problem is string => problem !== null);
    log(missed.length === 0 ? "every grown-database target met" : `targets missed:\n  ${missed.join("\n  ")}`);
    succeeded = missed.length === 0;
    return succeeded ? 0 : 1;
  } catch (error) {
    console.error("[bench] --grown error:", error instanceof Error ? error.message : error);
    return 1;
  } finally {
    if (server) await stopServer(server).catch(() => {});
    await sql?.end({ timeout: 5 }).catch(() => {});
    if (o.keep) log(`kept database ${name}`);
    else await dropDatabase(admin, name).catch((error: unknown) => console.error(`[bench] could not drop ${name}:`, error));
    await admin.end({ timeout: 5 }).catch(() => {});
    if (succeeded) rmSync(tmp, { recursive: true, force: true });
    else log(`server logs kept in ${tmp}`);
  }
}
