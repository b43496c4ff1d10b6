/**
 * Graceful shutdown of the compiled server (`npm start`, as deployed) under a load of money moves:
 * SIGTERM mid-load must never leave a half-done write, must answer /api/ready 503 while draining, and
 * must exit 0 within 12 s; after a restart, every Idempotency-Key replays to its original answer and
 * the ledger equals the balances. Needs `npm run build` first (npm run test:ops).
 */
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/server/db/connection";
import { assertAnswerMatchesDocument } from "@/tests/api/openapi-conformance";
import { openReadyProbe } from "./support/shutdown/ready-probe";
import { startServer, type ServerProcess } from "./support/shutdown/server-process";

// Ports of this file only (two-instances.test.ts uses 3231-3232; e2e runs 3100-3102).
const PORT = 3241;
const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECRET_KEY = `svc_sk_test_${randomBytes(24).toString("base64url")}`;
const WORKERS = 24;
/** Answers before the signal, so the signal lands in the middle of the load. */
const ANSWERS_BEFORE_SIGNAL = 150;
/** CONTRACT: requests in flight get 10 s; the process must be gone within 12 s of the signal. */
const EXIT_WITHIN_MS = 12_000;

type Movement = { entry: { id: string; type: string; paidDelta: number; bonusDelta: number }; balance: { currency: string; paid: number; bonus: number; total: number } };
/** One request of the load: its key and body, and what the client saw. */
type Sent = { index: number; ref: string; key: string; amount: number; sentAt: number; outcome: { kind: "answer"; status: number; text: string } | { kind: "connection-error"; message: string } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const run = randomBytes(4).toString("hex");
const refOf = (index: number) => `ext:sd-${run}-${index}`;
const grantPath = (ref: string) => `/players/${encodeURIComponent(ref)}/wallet/grant`;

const fixture = {
  studio: { name: "Shutdown Studio" },
  games: [
    {
      slug: `shutdown-${run}`,
      name: "Shutdown Game",
      settings: {},
      catalog: { currencies: [{ code: "coins", name: "Coins", purchasable: true }] },
      environments: { test: { secretKey: SECRET_KEY }, live: {} },
    },
  ],
};

async function grant(baseUrl: string, ref: string, key: string, amount: number): Promise<Sent["outcome"]> {
  try {
    const response = await fetch(`${baseUrl}/api/v1${grantPath(ref)}`, {
      method: "POST",
      headers: { authorization: `Bearer ${SECRET_KEY}`, "idempotency-key": key, "content-type": "application/json" },
      body: JSON.stringify({ currency: "coins", amount }),
    });
    // A body cut short is a connection error too: the client never got the answer.
    return { kind: "answer", status: response.status, text: await response.text() };
  } catch (error) {
    return { kind: "connection-error", message: error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error) };
  }
}

describe("graceful shutdown of the compiled server under load", () => {
  const dbName = `gamecoin_ops_shutdown_${Date.now()}_${process.pid}`;
  const dbUrl = (() => {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${dbName}`;
    return url.toString();
  })();
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  let sql: postgres.Sql;
  let logDir = "";
  let server: ServerProcess | undefined;
  const sent: Sent[] = [];
  const env = () => ({ DATABASE_URL: dbUrl, AUTH_SECRET: "shutdown-test-auth-secret-0123456789", MIGRATE_ON_START: "1", SCHEDULER: "on", SERVER_RATE_LIMIT_PER_MINUTE: "100000000", LOG_LEVEL: "info" });

  beforeAll(async () => {
    await admin.unsafe(`CREATE DATABASE "${dbName}"`);
    sql = postgres(dbUrl, { max: 2, onnotice: () => {} });
    logDir = await mkdtemp(path.join(tmpdir(), "gamecoin-shutdown-"));
  });

  afterAll(async () => {
    server?.killGroup();
    await closeDb();
    await sql?.end({ timeout: 5 });
    await admin.unsafe(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end({ timeout: 5 });
  });

  async function ledgerByRef(): Promise<Map<string, { id: string; bonusDelta: number }[]>> {
    const rows = await sql<{ ref: string; id: string; bonus_delta: number }[]>`
      select 'ext:' || p.external_id as ref, l.id, l.bonus_delta
      from ledger_entries l join players p on p.id = l.player_id
      join games g on g.id = l.game_id where g.slug = ${fixture.games[0]!.slug}`;
    const byRef = new Map<string, { id: string; bonusDelta: number }[]>();
    for (const row of rows) byRef.set(row.ref, [...(byRef.get(row.ref) ?? []), { id: row.id, bonusDelta: Number(row.bonus_delta) }]);
    return byRef;
  }

  it("drains: complete answers or connection errors, 503 from /api/ready, exit 0 within 12 s; replays match after a restart", async () => {
    // 1. The compiled server migrates the fresh database itself (MIGRATE_ON_START from dist/server.js).
    server = await startServer({ port: PORT, env: env(), logFile: path.join(logDir, "first.log") });
    expect(await (await fetch(`${server.url}/api/ready`)).json()).toEqual({ ready: true, checks: { database: "ok", migrations: "ok", redis: "not_configured" } });
    const { seedGame } = await import("./support/shutdown/seed");
    await seedGame(dbUrl, fixture);

    // 2. Load: every request its own player and key, so each key's effect is that player's ledger.
    let next = 0;
    let answered = 0;
    let signalAt = 0;
    const worker = async () => {
      for (;;) {
        const index = next++;
        const ref = refOf(index);
        const key = `sd-${run}-${index}`;
        const amount = (index % 9) + 1;
        const sentAt = Date.now();
        const outcome = await grant(server!.url, ref, key, amount);
        sent.push({ index, ref, key, amount, sentAt, outcome });
        if (outcome.kind === "answer") answered += 1;
        // Once the server is gone, each worker stops at its first refused connection.
        if (outcome.kind === "connection-error" && signalAt > 0) return;
        if (signalAt > 0 && Date.now() - signalAt > EXIT_WITHIN_MS + 3_000) return;
      }
    };
    const probe = await openReadyProbe(PORT);
    const workers = Array.from({ length: WORKERS }, worker);
    while (answered < ANSWERS_BEFORE_SIGNAL) await sleep(5);

    // 3. SIGTERM to the process `npm start` is (what an orchestrator signals), mid-load.
    signalAt = Date.now();
    server.kill("SIGTERM");
    await sleep(300);
    const probeAnswer = await probe.finish();
    const exit = await server.exited;
    await Promise.all(workers);

    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - signalAt).toBeLessThan(EXIT_WITHIN_MS);
    expect(probeAnswer.statusLine).toBe("HTTP/1.1 503 Service Unavailable");
    expect(probeAnswer.headers.connection).toBe("close");
    expect(JSON.parse(probeAnswer.body)).toEqual({ ready: false, draining: true });

    // Every request: a complete, documented 200 answer, or a connection error (never a 5xx half-way).
    const answers = sent.filter((s) => s.outcome.kind === "answer");
    const failures = sent.filter((s) => s.outcome.kind === "connection-error");
    expect(answers.length).toBeGreaterThanOrEqual(ANSWERS_BEFORE_SIGNAL);
    expect(failures.length).toBeGreaterThanOrEqual(WORKERS);
    for (const s of answers) {
      const outcome = s.outcome as Extract<Sent["outcome"], { kind: "answer" }>;
      expect({ index: s.index, status: outcome.status }).toEqual({ index: s.index, status: 200 });
      assertAnswerMatchesDocument("POST", grantPath(s.ref), outcome.status, outcome.text);
    }

    const log = await server.log();
    const messages = log
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => (JSON.parse(line) as { msg?: string }).msg ?? "");
    for (const phase of [/^SIGTERM received/, /^requests finished, HTTP server closed/, /^scheduler stopped/, /^done in \d+ ms; exit 0$/]) {
      expect(messages.some((m) => phase.test(m)), `log phase ${phase}`).toBe(true);
    }

    // 4. Nothing half-done: an answered key's entry is in the ledger; a failed key has none or one.
    const before = await ledgerByRef();
    for (const s of answers) {
      const movement = JSON.parse((s.outcome as { text: string }).text) as Movement;
      expect(before.get(s.ref)).toEqual([{ id: movement.entry.id, bonusDelta: s.amount }]);
    }
    const committedButLost = new Map<string, string>();
    for (const s of failures) {
      const entries = before.get(s.ref) ?? [];
      expect(entries.length, `entries of failed ${s.key}`).toBeLessThanOrEqual(1);
      if (entries[0]) {
        expect(entries[0].bonusDelta).toBe(s.amount);
        committedButLost.set(s.key, entries[0].id);
      }
    }

    console.info(
      `shutdown under load: ${sent.length} requests, ${answers.length} answered 200, ${failures.length} connection errors ` +
        `(${committedButLost.size} of them committed with the answer lost), exit after ${exit.at - signalAt} ms`,
    );

    // 5. Restart and replay every key: original answers byte for byte; a lost answer is replayed, not redone.
    server = await startServer({ port: PORT, env: env(), logFile: path.join(logDir, "second.log") });
    for (const s of sent) {
      const replay = await grant(server.url, s.ref, s.key, s.amount);
      expect(replay.kind).toBe("answer");
      const answer = replay as Extract<Sent["outcome"], { kind: "answer" }>;
      expect({ key: s.key, status: answer.status }).toEqual({ key: s.key, status: 200 });
      if (s.outcome.kind === "answer") expect(answer.text).toBe(s.outcome.text);
      const lost = committedButLost.get(s.key);
      if (lost) expect((JSON.parse(answer.text) as Movement).entry.id).toBe(lost);
    }
    const after = await ledgerByRef();
    expect(after.size).toBe(sent.length);
    for (const s of sent) expect(after.get(s.ref)?.map((e) => e.bonusDelta)).toEqual([s.amount]);
    const [totals] = await sql<{ ledger: string; balances: string }[]>`
      select (select coalesce(sum(l.paid_delta + l.bonus_delta), 0)::text from ledger_entries l join games g on g.id = l.game_id where g.slug = ${fixture.games[0]!.slug}) as ledger,
             (select coalesce(sum(b.paid + b.bonus), 0)::text from balances b join games g on g.id = b.game_id where g.slug = ${fixture.games[0]!.slug}) as balances`;
    const expected = sent.reduce((sum, s) => sum + s.amount, 0);
    expect(totals).toEqual({ ledger: String(expected), balances: String(expected) });
    const { assertGameLedgerMatchesBalances } = await import("./support/shutdown/seed");
    await assertGameLedgerMatchesBalances(dbUrl, fixture.games[0]!.slug);

    // 6. A second drain with nothing in flight is quick and clean too.
    const stopAt = Date.now();
    server.kill("SIGTERM");
    const second = await server.exited;
    expect(second).toMatchObject({ code: 0, signal: null });
    expect(second.at - stopAt).toBeLessThan(5_000);
    server = undefined;
  });
});
