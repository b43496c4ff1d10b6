/**
 * Once per `npm run test:e2e:deployed`: Gamecoin as docs/deploy.md deploys it, on this machine.
 *
 *   Chromium / tests ──https──▶ nginx (deploy/nginx/gamecoin.conf, TLS for pay.gamecoin.test, :8443 and :8080)
 *                                 ├──▶ instance 1 (npm start, 127.0.0.1:4301) ─┐
 *                                 └──▶ instance 2 (npm start, 127.0.0.1:4302) ─┴─▶ PgBouncer (transaction mode,
 *                                                                                 deploy/pgbouncer/pgbouncer.ini, :6433) ─▶ Postgres
 *                                      both share Redis, a local SMTP server and the local Stripe-compatible server
 *
 * A fresh database is migrated directly (the release step) and seeded with the e2e fixture. The
 * returned function is Playwright's teardown: everything stops, the database is dropped, the logs stay
 * in test-results/deployed/.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Redis from "ioredis";
import postgres from "postgres";
import { startStripeServer, type StripeServer } from "../../tests/support/stripe-server";
import { createE2eDatabase, seedDatabase, type E2eDatabase } from "../support/database";
import { APP_SECRETS, FIXTURE, FIXTURE_FILE } from "../support/env";
import { NGINX_CONFIG_FILE, PGBOUNCER_CONFIG_FILE, nginxMainConfig, nginxSiteConfig, pgbouncerConfig, readRepoFile } from "./support/configs";
import {
  GAME_ORIGIN,
  HTTP_PORT,
  HTTPS_PORT,
  INSTANCE_PORTS,
  LOG_DIR,
  PGBOUNCER_PORT,
  PUBLIC_HOST,
  PUBLIC_URL,
  publishLaneFacts,
  REDIS_URL,
  ROOT_DIR,
  STRIPE_PORT,
} from "./support/env";
import { frontDoor } from "./support/front-door";
import { startMailbox } from "../support/mailbox";
import { startProcess, waitFor, type Started } from "./support/processes";
import { makeCertificates } from "./support/tls";

const run = promisify(execFile);
const NGINX = process.env.DEPLOYED_NGINX ?? "/usr/sbin/nginx";
const PGBOUNCER = process.env.DEPLOYED_PGBOUNCER ?? "/usr/sbin/pgbouncer";
/** PgBouncer's password for the lane's role (Postgres itself trusts local connections). */
const PGBOUNCER_PASSWORD = "deployed-lane-password";
const runsAsRoot = process.getuid?.() === 0;

/** The e2e fixture with the lane's origins: the dashboard's own (PUBLIC_URL) and the game page's. */
async function laneFixture(dir: string): Promise<string> {
  const text = (await readFile(FIXTURE_FILE, "utf8")).replaceAll("http://localhost:3100", PUBLIC_URL).replaceAll("http://127.0.0.1:4173", GAME_ORIGIN);
  const file = path.join(dir, "fixture.json");
  await writeFile(file, text);
  return file;
}

async function migrateDirectly(databaseUrl: string): Promise<void> {
  await run("npm", ["run", "--silent", "db:migrate"], { cwd: ROOT_DIR, env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: "2" } });
}

/** Removes the lane's rate-limit counters left by an earlier run (its own Redis database number). */
async function resetRedis(): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const keys = await redis.keys("gc:*");
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

async function startPgBouncer(dir: string, database: string): Promise<{ started: Started; url: string }> {
  const own = path.join(dir, "pgbouncer");
  await mkdir(own, { recursive: true });
  const ini = path.join(own, "pgbouncer.ini");
  await writeFile(ini, pgbouncerConfig(readRepoFile(ROOT_DIR, PGBOUNCER_CONFIG_FILE), { postgresHost: "127.0.0.1", postgresPort: 5432, database, listenPort: PGBOUNCER_PORT, dir: own }));
  await writeFile(path.join(own, "userlist.txt"), `"postgres" "${PGBOUNCER_PASSWORD}"\n`);
  // PgBouncer refuses to run as root: as root, it switches to postgres (-u), which must own its files.
  if (runsAsRoot) await run("chown", ["-R", "postgres:postgres", own]);
  const started = startProcess("pgbouncer", PGBOUNCER, [...(runsAsRoot ? ["-u", "postgres"] : []), ini], { cwd: own, logFile: path.join(LOG_DIR, "pgbouncer.out") });
  const url = `postgres://postgres:${PGBOUNCER_PASSWORD}@127.0.0.1:${PGBOUNCER_PORT}/gamecoin`;
  await waitFor(started, "PgBouncer answering", async () => {
    const sql = postgres(url, { max: 1, prepare: false, connect_timeout: 2, onnotice: () => {} });
    try {
      return (await sql`select 1 as one`)[0]?.one === 1;
    } finally {
      await sql.end({ timeout: 1 });
    }
  }, 20_000);
  return { started, url };
}

function startInstance(port: number, env: Record<string, string>): Started {
  return startProcess(`instance :${port}`, "npm", ["start"], {
    cwd: ROOT_DIR,
    env: { ...process.env, ...env, PORT: String(port), NEXT_TELEMETRY_DISABLED: "1" },
    logFile: path.join(LOG_DIR, `instance-${port}.log`),
  });
}

async function ready(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  return response.status === 200;
}

async function startNginx(dir: string, certificates: { certificate: string; certificateKey: string }): Promise<Started> {
  const own = path.join(dir, "nginx");
  await mkdir(own, { recursive: true });
  const site = path.join(own, "gamecoin.conf");
  await writeFile(site, nginxSiteConfig(readRepoFile(ROOT_DIR, NGINX_CONFIG_FILE), {
    serverName: PUBLIC_HOST,
    ...certificates,
    upstreams: INSTANCE_PORTS.map((port) => `127.0.0.1:${port}`),
    httpPort: HTTP_PORT,
    httpsPort: HTTPS_PORT,
  }));
  const main = path.join(own, "nginx.conf");
  await writeFile(main, nginxMainConfig(own, site, runsAsRoot));
  await run(NGINX, ["-t", "-q", "-c", main, "-p", own, "-e", path.join(own, "error.log")]);
  return startProcess("nginx", NGINX, ["-c", main, "-p", own, "-e", path.join(own, "error.log"), "-g", "daemon off;"], { cwd: own, logFile: path.join(LOG_DIR, "nginx.out") });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(path.join(ROOT_DIR, ".next", "BUILD_ID"))) throw new Error("No production build in .next/: run `npm run build` first.");
  for (const binary of [NGINX, PGBOUNCER]) if (!existsSync(binary)) throw new Error(`${binary} is missing: apt-get install nginx-light pgbouncer (.ci/run does).`);
  await rm(LOG_DIR, { recursive: true, force: true });
  await mkdir(LOG_DIR, { recursive: true });
  const dir = await mkdtemp(path.join(tmpdir(), "gamecoin-deployed-"));
  // PgBouncer (as postgres) must reach its own subdirectory.
  await chmod(dir, 0o755);

  let database: E2eDatabase | null = null;
  let stripe: StripeServer | null = null;
  let mail: { close: () => Promise<void> } | null = null;
  const processes: Started[] = [];
  const teardown = async () => {
    // nginx first (no new requests), then the instances, then what they use.
    for (const started of processes.reverse()) await started.stop().catch((error: unknown) => console.error(`[deployed] stopping ${started.name} failed:`, error));
    for (const log of ["nginx/error.log", "nginx/access.log", "pgbouncer/pgbouncer.log"]) {
      await copyFile(path.join(dir, log), path.join(LOG_DIR, log.replace("/", "-"))).catch(() => undefined);
    }
    await mail?.close().catch(() => undefined);
    await stripe?.close().catch(() => undefined);
    await database?.drop().catch((error: unknown) => console.error("[deployed] dropping the database failed:", error));
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const certificates = await makeCertificates(dir, PUBLIC_HOST);
    database = await createE2eDatabase({ label: "deployed" });
    console.log(`[deployed] database ${database.name}`);
    await migrateDirectly(database.url);
    await seedDatabase(database.url, await laneFixture(dir));
    await resetRedis();
    const pgbouncer = await startPgBouncer(dir, database.name ?? "");
    processes.push(pgbouncer.started);

    stripe = await startStripeServer({ port: STRIPE_PORT });
    // Stripe's webhook calls go to instance 2 directly: the mock cannot look up the lane's public name.
    stripe.addAccount({
      secretKey: FIXTURE.live.stripeSecretKey,
      accountId: "acct_e2e",
      webhookUrl: `http://127.0.0.1:${INSTANCE_PORTS[1]}/api/payments/stripe/${FIXTURE.gameSlug}/live`,
      webhookSecret: FIXTURE.live.stripeWebhookSecret,
    });
    process.env.E2E_STRIPE_URL = stripe.url;
    const mailDir = path.join(dir, "mail");
    await mkdir(mailDir);
    const smtp = await startMailbox({ saveTo: mailDir });
    mail = smtp;

    const instanceEnv = {
      DATABASE_URL: pgbouncer.url,
      DATABASE_PREPARE: "0",
      DATABASE_POOL_SIZE: "5",
      HOSTNAME: "127.0.0.1",
      PUBLIC_URL,
      TRUST_PROXY: "1",
      REDIS_URL,
      SMTP_URL: smtp.url,
      STRIPE_API_BASE: stripe.url,
      ...APP_SECRETS,
    };
    const instances = INSTANCE_PORTS.map((port) => startInstance(port, instanceEnv));
    processes.push(...instances);
    await Promise.all(instances.map((instance, i) => waitFor(instance, `/api/ready of ${instance.name}`, () => ready(`http://127.0.0.1:${INSTANCE_PORTS[i]}/api/ready`))));

    processes.push(await startNginx(dir, certificates));
    publishLaneFacts({
      caFile: certificates.caFile,
      spki: certificates.spki,
      instancePids: instances.map((instance) => instance.child.pid ?? 0),
      mailDir,
      databaseUrl: database.url,
    });
    const nginx = processes.at(-1) ?? null;
    await waitFor(nginx, `${PUBLIC_URL}/api/ready through nginx`, async () => (await frontDoor("/api/ready")).status === 200, 20_000);
    console.log(`[deployed] ${PUBLIC_URL} → nginx → 127.0.0.1:${INSTANCE_PORTS.join(", :")} → PgBouncer :${PGBOUNCER_PORT} (logs in test-results/deployed/)`);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
