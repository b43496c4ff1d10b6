/**
 * Two app instances (`npm start`, as deployed) on one Postgres database and one Redis, with both
 * in-process schedulers on: what must hold when a studio runs several instances behind a proxy
 * (docs/deploy.md, "Several instances"). Needs the production build: `npm run build` first.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhook } from "@/sdk/src/index";
import { deleteLimitKeys, redisReader, TEST_REDIS_URL } from "../redis-store";
import { createDatabase, seed, type OpsDatabase } from "./support/scale/database";
import { ROOT_DIR, startInstance, type Instance } from "./support/scale/instance";
import { sample, scrape } from "./support/scale/metrics";
import { signIn } from "./support/scale/staff-session";
import { startWebhookReceiver, type WebhookReceiver } from "./support/scale/webhook-receiver";

// Ports of this file only: the shared ones (3100-3102, 4173, 12111) belong to e2e runs under the global lock.
const PORTS = [3231, 3232] as const;
// The local Redis, as the other Redis tests use it; keys are unique to this run (new game, key and player ids).
const REDIS_URL = TEST_REDIS_URL;
/** docs/decisions.md: API keys are cached in each process for 5 s. */
const KEY_CACHE_SECONDS = 5;
/** Poll interval plus a loaded CI machine's scheduling delay. */
const PROPAGATION_MARGIN_MS = 1_500;
/** SPEC: redeemCode, at most 10 attempts per 15 minutes per player. */
const REDEEM_LIMIT = 10;

const secret = (prefix: string) => `${prefix}${randomBytes(24).toString("base64url")}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const keys = { main: secret("svc_sk_test_"), revoke: secret("svc_sk_test_") };
const signingSecret = secret("whsec_svc_");
const cronSecret = secret("cron_");
const metricsToken = secret("metrics_");
const owner = { email: "owner@ops-scale.test", password: `pw-${randomBytes(12).toString("hex")}` };
const STOCK = 8;

function fixture(webhookUrl: string): unknown {
  const catalog = {
    currencies: [{ code: "coins", name: "Coins", purchasable: true }],
    items: [],
    packs: [
      {
        sku: "p100",
        name: "100 Coins",
        priceCents: 99,
        grants: [{ currency: "coins", amount: 100, bonus: 0 }],
        items: [],
        availability: { startsAt: null, endsAt: null, stock: STOCK, founder: false },
      },
      { sku: "p-hook", name: "Hook Coins", priceCents: 199, grants: [{ currency: "coins", amount: 200, bonus: 20 }], items: [], availability: null },
    ],
  };
  return {
    studio: { name: "Ops Scale Studio" },
    staff: [{ email: owner.email, name: "Owner", password: owner.password, role: "owner" }],
    games: [
      {
        slug: "ops-main",
        name: "Ops main",
        catalog,
        environments: {
          test: {
            secretKey: keys.main,
            payments: { provider: "simulator" },
            webhooks: [{ url: webhookUrl, events: ["order.fulfilled", "wallet.credited"], signingSecret, active: true }],
            players: [{ ref: "ext:rate-1", displayName: "Rate" }],
          },
        },
      },
      { slug: "ops-revoke", name: "Ops revoke", catalog: { currencies: catalog.currencies }, environments: { test: { secretKey: keys.revoke } } },
    ],
  };
}

type Answer = { status: number; body: Record<string, unknown>; headers: Headers; sentAt: number; answeredAt: number };

async function api(instance: Instance, method: string, route: string, key: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (body !== undefined) {
    headers["content-type"] = "application/json";
    headers["idempotency-key"] = `ops-${randomBytes(12).toString("hex")}`;
  }
  const sentAt = Date.now();
  const response = await fetch(`${instance.url}/api/v1${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown>, headers: response.headers, sentAt, answeredAt: Date.now() };
}

async function cron(instance: Instance, job: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${instance.url}/api/cron/${job}`, { method: "POST", headers: { authorization: `Bearer ${cronSecret}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { counts: Record<string, unknown> }).counts;
}

/** A counter summed over both instances (each process counts what it did itself). */
async function counted(name: string, labels: Record<string, string>): Promise<{ total: number; perInstance: number[] }> {
  const perInstance = await Promise.all([a, b].map(async (instance) => sample(await scrape(instance.url, metricsToken), name, labels)));
  return { total: perInstance.reduce((sum, n) => sum + n, 0), perInstance };
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await sleep(100);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

let database: OpsDatabase;
let receiver: WebhookReceiver;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  receiver = await startWebhookReceiver({ holdMs: 1_000 });
  database = await createDatabase("two");
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL,
    SCHEDULER: "on",
    CRON_SECRET: cronSecret,
    METRICS_TOKEN: metricsToken,
    AUTH_SECRET: secret("auth_"),
    // One public address for both, as behind one proxy: the dashboard's same-origin check reads it.
    PUBLIC_URL: `http://127.0.0.1:${PORTS[0]}`,
    // Budget: 2 instances × 4 connections, far below max_connections on a Postgres other runs share.
    DATABASE_POOL_SIZE: "4",
    SERVER_RATE_LIMIT_PER_MINUTE: "600",
    LOG_LEVEL: "warn",
  };
  await seed(database.url, fixture(receiver.url), { AUTH_SECRET: shared.AUTH_SECRET });
  const logDir = path.join(ROOT_DIR, "test-results", "ops");
  [a, b] = await Promise.all([
    startInstance({ name: "instance-a", port: PORTS[0], env: shared, logDir }),
    startInstance({ name: "instance-b", port: PORTS[1], env: shared, logDir }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await receiver?.close();
  if (database) {
    // The counters would outlive the run in the shared Redis: they are keyed by these games', keys' and players' ids.
    const ids = await database.sql<{ id: string }[]>`select id from games union all select id from api_keys union all select id from players`;
    const reader = redisReader();
    await deleteLimitKeys(reader, ids.map((row) => row.id));
    reader.disconnect();
    await database.drop();
  }
}, 60_000);

describe("two instances on one Postgres and one Redis", () => {
  it("share one rate-limit count from the first request: exactly 10 redeem attempts pass, the other 5 get 429", async () => {
    // The very first requests either instance serves, concurrently, alternating between the two.
    const answers = await Promise.all(
      Array.from({ length: REDEEM_LIMIT + 5 }, (_, i) => api(i % 2 === 0 ? a : b, "POST", "/players/ext:rate-1/codes/redeem", keys.main, { code: `NOPE-${i}` })),
    );
    const refused = answers.filter((r) => r.status === 400);
    const limited = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(REDEEM_LIMIT);
    expect(limited).toHaveLength(5);
    for (const r of refused) expect(r.body).toMatchObject({ error: { code: "VALIDATION_FAILED", details: { fieldErrors: { code: ["CODE_INVALID"] } } } });
    for (const r of limited) {
      expect(r.body).toMatchObject({ error: { code: "RATE_LIMITED" } });
      const retryAfter = Number(r.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    // And it stays shut on both.
    expect((await api(a, "POST", "/players/ext:rate-1/codes/redeem", keys.main, { code: "NOPE-A" })).status).toBe(429);
    expect((await api(b, "POST", "/players/ext:rate-1/codes/redeem", keys.main, { code: "NOPE-B" })).status).toBe(429);
    // Each refusal was counted once, by the instance that answered it.
    expect((await counted("gamecoin_rate_limit_refusals_total", { limit: "gift-code-player" })).total).toBe(5 + 2);
  });

  it("deliver each webhook event exactly once, with both schedulers and concurrent cron runs claiming", async () => {
    // Each paid order records two events (order.fulfilled, wallet.credited); orders are made on one
    // instance and paid on the other. 40 events are more than one claim (25), so several workers share them.
    const ORDERS = 20;
    const EVENTS = ORDERS * 2;
    const checkouts = await Promise.all(
      Array.from({ length: ORDERS }, (_, i) => api(i % 2 === 0 ? a : b, "POST", `/players/ext:hook-${i}/checkouts`, keys.main, { packSku: "p-hook" })),
    );
    expect(checkouts.map((c) => c.status)).toEqual(Array(ORDERS).fill(201));
    const paid = await Promise.all(
      checkouts.map((c, i) => api(i % 2 === 0 ? b : a, "POST", `/test-helpers/orders/${(c.body.order as { id: string }).id}/pay`, keys.main)),
    );
    expect(paid.map((p) => [p.status, p.body.status])).toEqual(Array(ORDERS).fill([200, "fulfilled"]));
    const events = await database.sql<{ id: string; type: string }[]>`select id, type from outbox_events`;
    expect(events).toHaveLength(EVENTS);

    // Both instances' cron routes claim, one after the other while the receiver holds each answer 1 s,
    // besides their schedulers (every 5 s): every claim after the first meets rows leased in flight.
    await Promise.all([a, b, a, b].map(async (instance, i) => {
      await sleep(i * 250);
      await cron(instance, "webhooks");
    }));
    await waitFor(
      "every delivery succeeded",
      async () => {
        const [row] = await database.sql<{ open: number }[]>`select count(*)::int as open from webhook_deliveries where status <> 'succeeded'`;
        return row?.open === 0 && receiver.received.length >= EVENTS;
      },
      30_000,
    );
    // One more round of every claimer: a second send would show up now.
    await Promise.all([cron(a, "webhooks"), cron(b, "webhooks")]);
    await sleep(5_500);

    const ids = receiver.received.map((r) => r.id);
    expect(ids).toHaveLength(EVENTS);
    expect(new Set(ids).size).toBe(EVENTS);
    expect([...ids].sort()).toEqual(events.map((e) => e.id).sort());
    const typeOf = new Map(events.map((e) => [e.id, e.type]));
    for (const r of receiver.received) {
      expect(r.type).toBe(typeOf.get(r.id));
      await expect(verifyWebhook(r.body, r.signature ?? "", signingSecret, { toleranceSeconds: 300 })).resolves.toMatchObject({ id: r.id });
    }
    const deliveries = await database.sql<{ attempts: number; sends: number }[]>`
      select d.attempts, (select count(*)::int from webhook_attempts w where w.delivery_id = d.id) as sends from webhook_deliveries d`;
    expect(deliveries).toHaveLength(EVENTS);
    for (const d of deliveries) expect(d).toEqual({ attempts: 1, sends: 1 });
    const delivered = await counted("gamecoin_webhook_deliveries_total", { outcome: "delivered" });
    expect(delivered.total).toBe(EVENTS);
    console.log(`[ops] deliveries sent by instance A, B: ${delivered.perInstance.join(", ")}`);
  }, 60_000);

  it("expire each pending order exactly once when both instances run the expiry job at the same time", async () => {
    const checkouts = await Promise.all(
      Array.from({ length: STOCK }, (_, i) => api(i % 2 === 0 ? a : b, "POST", `/players/ext:buyer-${i}/checkouts`, keys.main, { packSku: "p100" })),
    );
    expect(checkouts.map((c) => c.status)).toEqual(Array(STOCK).fill(201));
    const orderIds = checkouts.map((c) => (c.body.order as { id: string }).id);
    const remaining = async (instance: Instance) => {
      const catalog = await api(instance, "GET", "/catalog", keys.main);
      return (catalog.body.packs as { sku: string; availability: { remaining: number } }[]).find((p) => p.sku === "p100")?.availability.remaining;
    };
    expect(await remaining(a)).toBe(0);
    const [{ events: eventsBefore } = { events: -1 }] = await database.sql<{ events: number }[]>`
      select count(*)::int as events from outbox_events where order_id = any(${orderIds})`;

    // Past their expiry now; the checkout sessions of the simulator need no provider grace period.
    await database.sql`update orders set expires_at = now() - interval '1 minute' where id = any(${orderIds})`;
    const runs = await Promise.all([a, b, a, b, a, b].map((instance) => cron(instance, "expire-orders")));
    const expiredByCron = runs.reduce((sum, counts) => sum + Number(counts.expired), 0);
    // The schedulers' own expiry runs (every 60 s) may have taken some of them in the meantime.
    await waitFor(
      "every order expired",
      async () => {
        const [row] = await database.sql<{ open: number }[]>`select count(*)::int as open from orders where id = any(${orderIds}) and status <> 'expired'`;
        return row?.open === 0;
      },
      65_000,
    );
    expect(expiredByCron).toBeLessThanOrEqual(STOCK);
    // Every expiry either instance committed, its scheduler's runs included: exactly one per order.
    expect((await counted("gamecoin_order_transitions_total", { from: "pending", to: "expired" })).total).toBe(STOCK);

    const rows = await database.sql<{ status: string; closed: boolean }[]>`
      select status, closed_at is not null as closed from orders where id = any(${orderIds})`;
    expect(rows).toEqual(Array(STOCK).fill({ status: "expired", closed: true }));
    // Each held unit came back exactly once: the stock is whole again, not more.
    expect(await remaining(b)).toBe(STOCK);
    // Expiry records no event, so no webhook can be duplicated by it.
    const [{ events: eventsAfter } = { events: -1 }] = await database.sql<{ events: number }[]>`
      select count(*)::int as events from outbox_events where order_id = any(${orderIds})`;
    expect(eventsAfter).toBe(eventsBefore);
    // A second round finds nothing left to expire on either instance.
    const again = await Promise.all([cron(a, "expire-orders"), cron(b, "expire-orders")]);
    expect(again.map((counts) => counts.expired)).toEqual([0, 0]);
  }, 90_000);

  it(`a key revoked through instance A is refused by instance B within ${KEY_CACHE_SECONDS} s`, async () => {
    const [game] = await database.sql<{ id: string }[]>`select id from games where slug = 'ops-revoke'`;
    const [key] = await database.sql<{ id: string }[]>`
      select id from api_keys where game_id = ${game?.id ?? ""} and env = 'test' and kind = 'secret' and revoked_at is null`;
    const session = await signIn(a.url, owner.email, owner.password);
    // Both instances have the key in their cache.
    expect((await api(a, "GET", "/catalog", keys.revoke)).status).toBe(200);
    expect((await api(b, "GET", "/catalog", keys.revoke)).status).toBe(200);

    // B is asked continuously, before and after the revocation, so its cached entry is the freshest it can be.
    const seenByB: Answer[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        seenByB.push(await api(b, "GET", "/catalog", keys.revoke));
        await sleep(50);
      }
    })();
    await sleep(1_000);
    const revokeSentAt = Date.now();
    const revoked = await session.mutate<{ id: string; status: string }>("games.revokeKey", { gameId: game?.id, env: "test", keyId: key?.id });
    expect(revoked).toMatchObject({ id: key?.id, status: "revoked" });
    // The instance that revokes forgets at once (its API and its dashboard share one cache).
    const onA = await api(a, "GET", "/catalog", keys.revoke);
    expect(onA.status).toBe(401);
    expect(onA.body).toMatchObject({ error: { code: "UNAUTHENTICATED" } });

    await waitFor("instance B refuses the key", async () => seenByB.some((r) => r.sentAt >= revokeSentAt && r.status === 401), (KEY_CACHE_SECONDS + 5) * 1000);
    await sleep(500);
    polling = false;
    await poller;

    const after = seenByB.filter((r) => r.sentAt >= revokeSentAt);
    const firstRefusal = after.findIndex((r) => r.status === 401);
    const propagationMs = (after[firstRefusal]?.answeredAt ?? Infinity) - revokeSentAt;
    console.log(`[ops] key revocation reached instance B after ${propagationMs} ms (bound ${KEY_CACHE_SECONDS} s)`);
    expect(propagationMs).toBeLessThanOrEqual(KEY_CACHE_SECONDS * 1000 + PROPAGATION_MARGIN_MS);
    // Before it only 200s, after it only 401s: B never flips back to the cached key.
    expect(after.slice(0, firstRefusal).every((r) => r.status === 200)).toBe(true);
    expect(after.slice(firstRefusal).every((r) => r.status === 401)).toBe(true);

    const audit = await database.sql<{ action: string }[]>`select action from audit_log where target_id = ${key?.id ?? ""}`;
    expect(audit).toEqual([{ action: "key.revoke" }]);
  }, 30_000);
});
