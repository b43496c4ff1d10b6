import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { resetConfigForTests } from "@/server/lib/config";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { metrics } from "@/server/observability/metrics";
import { forgetWebhookQueueRefreshForTests } from "@/server/observability/webhook-queue-gauges";
import { credit } from "@/server/wallet/ledger-moves";
import { gameIdOf } from "../domain-helpers";
import { call, extRef, get, post, useDatabase, type TestGame } from "../harness";
import { createSalesGame, helper, newOrder } from "../order-helpers";
import { samples, scrape } from "./metrics-server";

useDatabase();

const TOKEN = "metrics-test-token-0123456789";
const saved = { token: process.env.METRICS_TOKEN, limit: process.env.SERVER_RATE_LIMIT_PER_MINUTE };

function setEnv(name: "METRICS_TOKEN" | "SERVER_RATE_LIMIT_PER_MINUTE", value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  resetConfigForTests();
}

afterAll(() => {
  setEnv("METRICS_TOKEN", saved.token);
  setEnv("SERVER_RATE_LIMIT_PER_MINUTE", saved.limit);
  resetRateLimits();
});

describe("GET /api/metrics access", () => {
  it("is 404 NOT_FOUND (SPEC envelope) while METRICS_TOKEN is unset, whatever the token", async () => {
    setEnv("METRICS_TOKEN", undefined);
    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text)).toEqual({ error: { code: "NOT_FOUND", message: "No route GET /api/metrics." } });
  });

  it("is 401 UNAUTHENTICATED without a token, with a wrong one, or with another scheme", async () => {
    setEnv("METRICS_TOKEN", TOKEN);
    for (const authorization of [undefined, "Bearer wrong", `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const answer = await scrape(authorization);
      expect(answer.status, String(authorization)).toBe(401);
      expect(JSON.parse(answer.text)).toEqual({ error: { code: "UNAUTHENTICATED", message: "A valid metrics token is required." } });
    }
  });

  it("is 200 Prometheus text with the right token", async () => {
    setEnv("METRICS_TOKEN", TOKEN);
    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe("text/plain; version=0.0.4; charset=utf-8");
    // Default Node metrics, event-loop lag among them, without a prefix.
    expect(samples(answer.text, "nodejs_eventloop_lag_seconds")).toHaveLength(1);
    expect(samples(answer.text, "process_resident_memory_bytes")).toHaveLength(1);
  });
});

describe("what the API, the domain and the jobs count", () => {
  let game: TestGame;

  beforeAll(async () => {
    setEnv("METRICS_TOKEN", TOKEN);
    game = await createSalesGame();
    // Counters from the files that ran before start again from zero.
    metrics().metricsRegistry.resetMetrics();
  });

  it("request durations per operation and status, ledger entries by type, an order transition, a refusal", async () => {
    const player = extRef("metrics");
    for (let i = 0; i < 3; i += 1) expect((await post(`/players/${player}/wallet/grant`, game.secretKey, { currency: "coins", amount: 10 })).status).toBe(200);
    expect((await post(`/players/${player}/wallet/spend`, game.secretKey, { currency: "coins", amount: 5 })).status).toBe(200);
    expect((await post(`/players/${player}/wallet/spend`, game.secretKey, { currency: "coins", amount: 500 })).status).toBe(409);
    expect((await get(`/players/${player}/wallet`, game.secretKey)).status).toBe(200);
    expect((await call("GET", "/no/such/route", { key: game.secretKey })).status).toBe(404);
    const order = await newOrder(game.secretKey, "p500");
    expect((await helper(game.secretKey, order.id, "pay")).status).toBe(200);

    // The server limit at 2 a minute: the third request of a fresh key window is refused.
    setEnv("SERVER_RATE_LIMIT_PER_MINUTE", "2");
    resetRateLimits();
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await get(`/players/${player}/wallet`, game.secretKey)).status);
    expect(statuses).toEqual([200, 200, 429]);
    setEnv("SERVER_RATE_LIMIT_PER_MINUTE", saved.limit);
    resetRateLimits();

    const { text } = await scrape(`Bearer ${TOKEN}`);
    const counts = samples(text, "gamecoin_http_request_duration_seconds_count").sort();
    expect(counts).toEqual(
      [
        'gamecoin_http_request_duration_seconds_count{operation="createCheckout",status="201"} 1',
        'gamecoin_http_request_duration_seconds_count{operation="getWallet",status="200"} 3',
        'gamecoin_http_request_duration_seconds_count{operation="getWallet",status="429"} 1',
        'gamecoin_http_request_duration_seconds_count{operation="grantCurrency",status="200"} 3',
        'gamecoin_http_request_duration_seconds_count{operation="spendCurrency",status="200"} 1',
        'gamecoin_http_request_duration_seconds_count{operation="spendCurrency",status="409"} 1',
        'gamecoin_http_request_duration_seconds_count{operation="testPayOrder",status="200"} 1',
        'gamecoin_http_request_duration_seconds_count{operation="unmatched",status="404"} 1',
      ].sort(),
    );
    expect(samples(text, "gamecoin_ledger_entries_total").sort()).toEqual(
      ['gamecoin_ledger_entries_total{type="grant"} 3', 'gamecoin_ledger_entries_total{type="purchase_credit"} 1', 'gamecoin_ledger_entries_total{type="spend"} 1'].sort(),
    );
    expect(samples(text, "gamecoin_order_transitions_total")).toEqual(['gamecoin_order_transitions_total{from="pending",to="fulfilled"} 1']);
    expect(samples(text, "gamecoin_rate_limit_refusals_total")).toEqual(['gamecoin_rate_limit_refusals_total{limit="server"} 1']);
  });

  it("does not count a ledger entry whose transaction rolled back", async () => {
    const player = extRef("rollback");
    expect((await post(`/players/${player}/wallet/grant`, game.secretKey, { currency: "coins", amount: 1 })).status).toBe(200);
    const before = await metrics().ledgerEntries.get();
    const grants = () => before.values.find((v) => v.labels.type === "grant")?.value ?? 0;
    const grantsBefore = grants();
    const db = await getDb();
    const [row] = await db.query.players.findMany({ where: (p, { eq }) => eq(p.externalId, decodeURIComponent(player.slice(4))), limit: 1 });
    const scope = { gameId: await gameIdOf(game), env: "test" as const };
    await expect(
      db.transaction(async (tx) => {
        await credit(tx, scope, { playerId: row?.id ?? "", currency: "coins", paid: 0, bonus: 1, details: { type: "grant" } });
        throw new Error("rolled back on purpose");
      }),
    ).rejects.toThrow("rolled back on purpose");
    const after = (await metrics().ledgerEntries.get()).values.find((v) => v.labels.type === "grant")?.value ?? 0;
    // PGlite has no commit hook (docs/observability.md): the entry counts at once there.
    expect(after).toBe(process.env.DATABASE_URL ? grantsBefore : grantsBefore + 1);
  });

  it("webhook queue gauges and the Postgres pool are reported (the pool only with Postgres)", async () => {
    forgetWebhookQueueRefreshForTests();
    const { text } = await scrape(`Bearer ${TOKEN}`);
    const depth = samples(text, "gamecoin_webhook_queue_depth");
    expect(depth).toHaveLength(1);
    expect(depth[0]).toMatch(/^gamecoin_webhook_queue_depth \d+$/);
    expect(samples(text, "gamecoin_webhook_oldest_due_age_seconds")[0]).toMatch(/^gamecoin_webhook_oldest_due_age_seconds [\d.e+-]+$/);
    if (process.env.DATABASE_URL) {
      expect(samples(text, "gamecoin_db_pool_connections").sort()).toEqual([
        expect.stringMatching(/^gamecoin_db_pool_connections\{state="in_use"\} \d+$/),
        'gamecoin_db_pool_connections{state="waiting"} 0',
      ]);
    } else {
      expect(samples(text, "gamecoin_db_pool_connections")).toEqual([]);
    }
  });
});
