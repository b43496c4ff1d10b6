/**
 * Webhook delivery throughput to a local receiver, with the at-least-once check (issue 15).
 *
 *   runWebhookDeliveryBench({ databaseUrl, gameId?, events?, worker?, timeoutMs?, log? }) → WebhookBenchResult
 *
 * - `databaseUrl`: a migrated database holding at least one game (the bench's seeded game). `gameId`
 *   picks one; by default the most recently created game.
 * - `worker`: "server" (default) when a server using this database runs with the in-process scheduler
 *   on (SCHEDULER unset or "on"): its worker delivers, as in production. "in-process": this process
 *   runs the delivery job itself in a loop (as the scheduler would), for when no server runs.
 * - The process must share the server's AUTH_SECRET (the endpoint's signing secret is sealed here and
 *   opened there); scripts/bench.ts passes its environment to the server, so it does.
 *
 * What it does: starts a node:http receiver on 127.0.0.1 (answers 200 at once, counts requests by
 * Service-Event-Id, verifies the signature of every 50th), registers a `test` endpoint pointing to it
 * (test endpoints may use http://127.0.0.1, as the tests do), inserts `events` (default 5,000) events
 * with one due delivery each, as record-event.ts writes them, in batches of 1,000, then waits until
 * every event has been received. deliveriesPerSecond = distinct events / (last first-receipt − first
 * receipt). Afterwards it reads the deliveries' rows: each must be `succeeded` with 1 attempt.
 * The endpoint is deleted with its rows at the end, so the database is left as it was.
 *
 * CLI, on a fresh database (created and dropped), worker in process, or with --server in the compiled
 * server (dist/server.js of this checkout, built first; run it under `flock /tmp/e2e.lock`):
 *   npx tsx --import ./scripts/server-only-hook.mjs scripts/bench/webhooks.ts [events] [--server]
 * (BENCH_PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres; BENCH_KEEP_DB=1 keeps it.)
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { adminClient, createDatabase, databaseUrl as urlOfDatabase, dropDatabase, type Sql } from "./pg";

export type WebhookBenchOptions = {
  databaseUrl: string;
  gameId?: string;
  events?: number;
  worker?: "server" | "in-process";
  /** Give up waiting for receipts after this long (default 120 s). */
  timeoutMs?: number;
  log?: (line: string) => void;
};

export type WebhookBenchResult = {
  worker: "server" | "in-process";
  events: number;
  /** distinct events received / seconds from the first receipt to the last first receipt */
  deliveriesPerSecond: number;
  seconds: number;
  received: number;
  /** events received more than once, and the extra requests */
  duplicateEvents: number;
  duplicateRequests: number;
  missing: number;
  signaturesChecked: number;
  badSignatures: number;
  /** rows not `succeeded` with exactly 1 attempt after the run */
  rowsNotDone: number;
  atLeastOnce: boolean;
};

const SIGNATURE_SAMPLE_EVERY = 50;
const INSERT_BATCH = 1_000;

type Receipts = { firstAt: Map<string, number>; counts: Map<string, number>; checked: number; bad: number };

function verify(secret: string, header: string, body: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${match[1]}.${body}`, "utf8").digest("hex"));
  const given = Buffer.from(match[2] ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function startReceiver(receipts: Receipts, secret: () => string): Promise<Server> {
  let n = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const id = String(req.headers["service-event-id"] ?? "");
      receipts.counts.set(id, (receipts.counts.get(id) ?? 0) + 1);
      if (!receipts.firstAt.has(id)) receipts.firstAt.set(id, performance.now());
      n += 1;
      if (n % SIGNATURE_SAMPLE_EVERY === 1) {
        receipts.checked += 1;
        if (!verify(secret(), String(req.headers["service-signature"] ?? ""), Buffer.concat(chunks).toString("utf8"))) receipts.bad += 1;
      }
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

async function insertEvents(sql: Sql, { gameId, endpointId }: { gameId: string; endpointId: string }, ids: string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += INSERT_BATCH) {
    const chunk = ids.slice(start, start + INSERT_BATCH);
    const createdAt = new Date();
    const payloads = chunk.map((id, i) =>
      JSON.stringify({ id, type: "order.fulfilled", createdAt: createdAt.toISOString(), env: "test", data: { id: id.slice(4, 28), n: start + i } }),
    );
    await sql.begin(async (tx) => {
      await tx`
        insert into outbox_events (id, game_id, env, type, order_id, payload, created_at)
        select id, ${gameId}, 'test', 'order.fulfilled', null, payload::jsonb, ${createdAt}
        from unnest(${chunk}::text[], ${payloads}::text[]) as t(id, payload)`;
      await tx`
        insert into webhook_deliveries (id, event_id, endpoint_id, game_id, env, status, attempts, next_attempt_at, created_at, updated_at)
        select 'bench' || id, id, ${endpointId}, ${gameId}, 'test', 'pending', 0, ${createdAt}, ${createdAt}, ${createdAt}
        from unnest(${chunk}::text[]) as t(id)`;
    });
  }
}

async function cleanUp(sql: Sql, endpointId: string, ids: string[]): Promise<void> {
  await sql`delete from webhook_attempts where delivery_id in (select id from webhook_deliveries where endpoint_id = ${endpointId})`;
  await sql`delete from webhook_deliveries where endpoint_id = ${endpointId}`;
  await sql`delete from webhook_endpoints where id = ${endpointId}`;
  await sql`delete from outbox_events where id = any(${ids}::text[])`;
}

/** BENCH_WEBHOOK_LANES / BENCH_WEBHOOK_BATCH: try other worker settings in process (defaults: the worker's). */
function tuning(): { lanes?: number; batchSize?: number } {
  const lanes = Number(process.env.BENCH_WEBHOOK_LANES ?? "");
  const batchSize = Number(process.env.BENCH_WEBHOOK_BATCH ?? "");
  return { ...(lanes > 0 ? { lanes } : {}), ...(batchSize > 0 ? { batchSize } : {}) };
}

/** Runs the delivery job in this process until the receipts are complete (the scheduler's loop, without its pause). */
async function driveInProcess(databaseUrl: string, done: () => boolean, deadline: number): Promise<() => Promise<void>> {
  const { openHandle } = await import("@/server/db/connection");
  const { config } = await import("@/server/lib/config");
  const { deliverDue } = await import("@/server/webhooks/deliver");
  const handle = await openHandle({ ...config(), DATABASE_URL: databaseUrl });
  const loop = (async () => {
    while (!done() && Date.now() < deadline) {
      const counts = await deliverDue(handle.db, tuning());
      if (counts.claimed === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return async () => {
    await loop;
    await handle.close();
  };
}

export async function runWebhookDeliveryBench(options: WebhookBenchOptions): Promise<WebhookBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const worker = options.worker ?? "server";
  // The endpoint's secret is sealed here and opened by the server: both need the same AUTH_SECRET.
  if (worker === "server" && !process.env.AUTH_SECRET) throw new Error("AUTH_SECRET must be set here and in the server's environment");
  const total = options.events ?? 5_000;
  const sql = adminClient(options.databaseUrl);
  const { openHandle } = await import("@/server/db/connection");
  const { config } = await import("@/server/lib/config");
  const { createEndpoint } = await import("@/server/webhooks/create-endpoint");
  const handle = await openHandle({ ...config(), DATABASE_URL: options.databaseUrl, DATABASE_POOL_SIZE: 2 });

  const receipts: Receipts = { firstAt: new Map(), counts: new Map(), checked: 0, bad: 0 };
  let signingSecret = "";
  const receiver = await startReceiver(receipts, () => signingSecret);
  const port = (receiver.address() as AddressInfo).port;
  const ids = Array.from({ length: total }, () => `evt_${randomBytes(12).toString("hex")}_ful`);
  let endpointId: string | null = null;
  try {
    const [game] = options.gameId
      ? await sql<{ id: string }[]>`select id from games where id = ${options.gameId}`
      : await sql<{ id: string }[]>`select id from games order by created_at desc limit 1`;
    if (!game) throw new Error("no game in the database: seed one first");
    const created = await createEndpoint(handle.db, { gameId: game.id, env: "test" }, { input: { url: `http://127.0.0.1:${port}/bench`, events: ["order.fulfilled"], active: true } });
    endpointId = created.endpoint.id;
    signingSecret = created.signingSecret;

    const deadline = Date.now() + (options.timeoutMs ?? 120_000);
    const complete = () => receipts.firstAt.size >= total;
    const stopWorker = worker === "in-process" ? await driveInProcess(options.databaseUrl, complete, deadline) : null;
    const insertStarted = performance.now();
    await insertEvents(sql, { gameId: game.id, endpointId }, ids);
    log(`webhooks: ${total} events inserted in ${Math.round(performance.now() - insertStarted)} ms; waiting for the ${worker} worker`);
    while (!complete() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await stopWorker?.();
    // Late duplicates (a re-send after a lost outcome) would land now; give them a moment.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const times = [...receipts.firstAt.values()];
    const seconds = times.length > 1 ? (Math.max(...times) - Math.min(...times)) / 1000 : 0;
    let duplicateEvents = 0;
    let duplicateRequests = 0;
    for (const id of ids) {
      const n = receipts.counts.get(id) ?? 0;
      if (n > 1) {
        duplicateEvents += 1;
        duplicateRequests += n - 1;
      }
    }
    const missing = ids.filter((id) => !receipts.counts.has(id)).length;
    const [rows] = await sql<{ n: number }[]>`
      select count(*)::int as n from webhook_deliveries where endpoint_id = ${endpointId} and not (status = 'succeeded' and attempts = 1)`;
    const rowsNotDone = rows?.n ?? -1;
    const result: WebhookBenchResult = {
      worker,
      events: total,
      deliveriesPerSecond: seconds > 0 ? Math.round(receipts.firstAt.size / seconds) : 0,
      seconds: Math.round(seconds * 100) / 100,
      received: receipts.firstAt.size,
      duplicateEvents,
      duplicateRequests,
      missing,
      signaturesChecked: receipts.checked,
      badSignatures: receipts.bad,
      rowsNotDone,
      atLeastOnce: missing === 0 && receipts.bad === 0,
    };
    log(
      `webhooks: ${result.deliveriesPerSecond} deliveries/s (${result.received}/${total} in ${result.seconds} s), ` +
        `${missing} missing, ${duplicateEvents} duplicated, ${receipts.bad}/${receipts.checked} bad signatures, ${rowsNotDone} rows not done`,
    );
    return result;
  } finally {
    if (endpointId) await cleanUp(sql, endpointId, ids);
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await handle.close();
    await sql.end();
  }
}

/** The compiled server of this checkout with its scheduler on, as `npm start` runs it. */
async function withCompiledServer(url: string, events: number): Promise<WebhookBenchResult> {
  const { startServer, stopServer, waitForHealth } = await import("./server");
  const logFile = `/tmp/gamecoin-webhooks-bench-${process.pid}.log`;
  const server = startServer({
    cwd: path.resolve(path.dirname(new URL(import.meta.url).pathname), "../.."),
    port: Number(process.env.BENCH_PORT ?? 3211),
    launcher: "direct",
    logFile,
    env: { DATABASE_URL: url, SCHEDULER: "on", AUTH_SECRET: process.env.AUTH_SECRET ?? "" },
  });
  try {
    await waitForHealth(server);
    return await runWebhookDeliveryBench({ databaseUrl: url, events, worker: "server" });
  } finally {
    await stopServer(server);
    console.log(`server log: ${logFile}`);
  }
}

async function main(): Promise<void> {
  const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const args = process.argv.slice(2);
  const events = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 5_000);
  const withServer = args.includes("--server");
  // Before anything reads the config: this process seals the endpoint's secret, the server opens it.
  if (withServer) process.env.AUTH_SECRET ??= randomBytes(24).toString("hex");
  const name = `gamecoin_webhooks_${Date.now()}`;
  const admin = adminClient(adminUrl);
  await createDatabase(admin, name);
  const url = urlOfDatabase(adminUrl, name);
  try {
    const { openHandle } = await import("@/server/db/connection");
    const { config } = await import("@/server/lib/config");
    const { migrateHandle } = await import("@/db/migrate");
    const handle = await openHandle({ ...config(), DATABASE_URL: url, DATABASE_POOL_SIZE: 2 });
    await migrateHandle(handle);
    await handle.close();
    // A bare game is all delivery needs (no catalog, no keys).
    const sql = adminClient(url);
    await sql`insert into studios (id, name, created_at) values ('wbstudio', 'Webhook Bench Studio', now())`;
    await sql`insert into games (id, studio_id, slug, name, created_at) values ('wbgame', 'wbstudio', 'webhook-bench', 'Webhook Bench', now())`;
    await sql.end();
    const result = withServer ? await withCompiledServer(url, events) : await runWebhookDeliveryBench({ databaseUrl: url, events, worker: "in-process" });
    console.log(JSON.stringify(result));
  } finally {
    if (process.env.BENCH_KEEP_DB !== "1") await dropDatabase(admin, name);
    await admin.end();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
