/**
 * Peak RSS of the production server's process tree under load, for two ways of starting it: the old
 * `tsx server.ts` and the compiled `node dist/server.js` (docs/performance.md, "Production server memory").
 * Needs `npm run build` first and the e2e lock (it listens on a port): run it as
 *   flock /tmp/e2e.lock npx tsx scripts/ops/start-memory.ts
 * (and `npm start` itself, npm included).
 * For each: a fresh database seeded with the bench game, the server started as `sh -c '<start command>'`
 * in its own process group (what npm runs; npm itself is measured once, apart), 1,000 players funded,
 * then spends for OPS_MEM_SECONDS (20) with 32 connections, RSS of the whole group sampled every 250 ms.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync, createWriteStream } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fundPlayers, runSpends, type Target } from "../bench/load";
import { adminClient, createDatabase, databaseUrl, dropDatabase } from "../bench/pg";
import { processTree, RssSampler } from "../bench/proc";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const PORT = Number(process.env.OPS_MEM_PORT ?? 3244);
const SECONDS = Number(process.env.OPS_MEM_SECONDS ?? 20);
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECRET_KEY = "svc_sk_test_bench_0123456789abcdefghijklmn";
const VARIANTS = {
  // The old start script, with the server-only hook that tsx now needs (server modules import server-only).
  tsx: "NODE_ENV=production NODE_OPTIONS=--max-old-space-size=256 node_modules/.bin/tsx --import ./scripts/server-only-hook.mjs server.ts",
  node: "NODE_ENV=production node --max-old-space-size=256 dist/server.js",
  /** What tsx also does (source maps of every loaded module kept), without tsx. */
  node_sourcemaps: "NODE_ENV=production node --enable-source-maps --max-old-space-size=256 dist/server.js",
  /** The new start as deployed, npm included: the whole `npm start` tree. */
  npm_start: "npm start",
} as const;

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function run(command: string, argv: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: ROOT, env: { ...process.env, ...env }, stdio: "ignore" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${argv.join(" ")} exited ${code}`))));
  });
}

async function waitForReady(url: string, child: ChildProcess): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 90_000) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/ready`)).status === 200) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error("server not ready within 90 s");
}

async function measure(name: keyof typeof VARIANTS, tmp: string): Promise<Record<string, number | string>> {
  const admin = adminClient(ADMIN_URL);
  const db = `gamecoin_startmem_${name}_${Date.now()}`;
  await createDatabase(admin, db);
  const url = databaseUrl(ADMIN_URL, db);
  try {
    const fixture = path.join(tmp, "fixture.json");
    writeFileSync(
      fixture,
      JSON.stringify({
        studio: { name: "Bench Studio" },
        games: [{ slug: "bench", name: "Bench Game", settings: { negativeBalance: "allow" }, catalog: { currencies: [{ code: "coins", name: "Coins", purchasable: true }] }, environments: { test: { secretKey: SECRET_KEY }, live: {} } }],
      }),
    );
    await run("npm", ["run", "--silent", "seed", "--", fixture], { DATABASE_URL: url });
    const log = createWriteStream(path.join(tmp, `${name}.log`));
    const child = spawn("sh", ["-c", VARIANTS[name]], {
      cwd: ROOT,
      detached: true,
      env: { AUTH_SECRET: "start-memory-only-auth-secret-0123456789", ...process.env, DATABASE_URL: url, PORT: String(PORT), SCHEDULER: "off", SERVER_RATE_LIMIT_PER_MINUTE: "100000000", NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    const sampler = new RssSampler(child.pid as number, 250);
    sampler.start();
    const base = `http://127.0.0.1:${PORT}`;
    const readyMs = await waitForReady(base, child);
    await sleep(2_000);
    const idle = sampler.sample().totalBytes;
    const target: Target = { baseUrl: base, secretKey: SECRET_KEY, currency: "coins" };
    const players = Array.from({ length: 1000 }, (_, i) => `ext:bench-${i}`);
    await fundPlayers(target, players, { amount: 1_000_000_000, concurrency: 16 });
    const result = await runSpends(target, { name: "spread", players }, { connections: 32, durationSeconds: SECONDS });
    sampler.stop();
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    process.kill(-(child.pid as number), "SIGTERM");
    const code = await exited;
    // sh may go before the node it started: the database is dropped only when the whole group is gone.
    for (let i = 0; i < 60 && processTree(child.pid as number).length > 0; i++) await sleep(250);
    return {
      readyMs,
      idleMb: mb(idle),
      peakMb: mb(sampler.peak.totalBytes),
      processes: sampler.peak.byProcess.length,
      rps: Math.round(result.requestsPerSecond),
      p99Ms: result.latencyMs.p99,
      byProcess: sampler.peak.byProcess.map((p) => `${p.comm} ${mb(p.bytes)} MB`).join(", "),
      exitCode: code ?? -1,
    };
  } finally {
    await dropDatabase(admin, db);
    await admin.end({ timeout: 5 });
  }
}

const tmp = mkdtempSync(path.join(os.tmpdir(), "gamecoin-startmem-"));
// Alternating runs (OPS_MEM_ORDER), so a busy moment of the machine does not favour one variant.
const order = (process.env.OPS_MEM_ORDER ?? "tsx,node,npm_start,node,tsx").split(",") as (keyof typeof VARIANTS)[];
const results: { variant: string; figures: Record<string, number | string> }[] = [];
for (const name of order) {
  if (!(name in VARIANTS)) throw new Error(`unknown variant ${name}`);
  const figures = await measure(name, tmp);
  results.push({ variant: name, figures });
  console.log(name, JSON.stringify(figures));
}
console.log(JSON.stringify({ seconds: SECONDS, results, logs: tmp }, null, 2));
