import { afterEach, describe, expect, it } from "vitest";
import { GamecoinBrowser, GamecoinError, GamecoinServer } from "@/sdk/src/index";
import { newId } from "@/server/lib/ids";
import { resetConfigForTests } from "@/server/lib/config";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { createTestGame, useDatabase } from "../harness";
import { PACK_CATALOG, recordingFetch, sdkBaseUrl } from "./app-server";

useDatabase();

const previousLimit = process.env.SERVER_RATE_LIMIT_PER_MINUTE;
afterEach(() => {
  if (previousLimit === undefined) delete process.env.SERVER_RATE_LIMIT_PER_MINUTE;
  else process.env.SERVER_RATE_LIMIT_PER_MINUTE = previousLimit;
  resetConfigForTests();
  resetRateLimits();
});

function limitServerKeysTo(perMinute: number): void {
  process.env.SERVER_RATE_LIMIT_PER_MINUTE = String(perMinute);
  resetConfigForTests();
  resetRateLimits();
}

describe("retries", () => {
  it("a real 429 is retried after its Retry-After, with the same Idempotency-Key, and the grant happens once", async () => {
    const game = await createTestGame({ catalog: PACK_CATALOG });
    const player = `ext:${newId()}`;
    limitServerKeysTo(1);
    const seenRetryAfter: string[] = [];
    // The server's Retry-After is up to 60 s: the test keeps the real 429 but shortens the wait to 1 s
    // and empties the limiter, so the retry goes through.
    const { fetch: recorded, attempts } = recordingFetch(async (response) => {
      if (response.status !== 429) return response;
      seenRetryAfter.push(response.headers.get("retry-after") ?? "");
      resetRateLimits();
      const headers = new Headers(response.headers);
      headers.set("retry-after", "1");
      return new Response(await response.text(), { status: 429, headers });
    });
    const server = new GamecoinServer({ secretKey: game.secretKey, baseUrl: await sdkBaseUrl(), fetch: recorded });
    await server.getCatalog(); // uses the one request of the minute
    const started = Date.now();
    const granted = await server.grantCurrency(player, { currency: "coins", amount: 3 });
    const waited = Date.now() - started;

    expect(granted.balance.total).toBe(3);
    expect(seenRetryAfter).toHaveLength(1);
    expect(Number(seenRetryAfter[0])).toBeGreaterThanOrEqual(1);
    expect(attempts.map((a) => a.status)).toEqual([200, 429, 200]);
    const keys = attempts.slice(1).map((a) => a.headers.get("idempotency-key"));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(waited).toBeGreaterThanOrEqual(1_000);
    expect((await server.listLedger(player)).entries).toHaveLength(1);
  });

  it("gives up with the 429 after maxRetries, and does not wait a Retry-After beyond maxDelayMs", async () => {
    const game = await createTestGame();
    limitServerKeysTo(1);
    const { fetch: recorded, attempts } = recordingFetch();
    const server = new GamecoinServer({ secretKey: game.secretKey, baseUrl: await sdkBaseUrl(), fetch: recorded, retry: { maxDelayMs: 500 } });
    await server.getCatalog();
    const error = await server.getCatalog().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GamecoinError);
    expect(error).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    expect((error as GamecoinError).retryAfter).toBeGreaterThanOrEqual(1);
    expect(attempts.map((a) => a.status)).toEqual([200, 429]);

    const noRetry = new GamecoinServer({ secretKey: game.secretKey, baseUrl: await sdkBaseUrl(), fetch: recorded, maxRetries: 0 });
    await expect(noRetry.getCatalog()).rejects.toMatchObject({ status: 429 });
    expect(attempts).toHaveLength(3);
  });

  it("network errors and 5xx are retried with backoff up to the bound, keeping the key; then NETWORK_ERROR", async () => {
    const sent: (string | null)[] = [];
    let calls = 0;
    const flaky: typeof fetch = async (input, init) => {
      calls += 1;
      sent.push(new Headers(init?.headers).get("idempotency-key"));
      if (calls === 1) throw new TypeError("fetch failed");
      if (calls === 2) return new Response(JSON.stringify({ error: { code: "SERVICE_UNAVAILABLE", message: "busy" } }), { status: 503 });
      throw new TypeError("fetch failed");
    };
    const server = new GamecoinServer({ secretKey: "svc_sk_test_x", baseUrl: "http://127.0.0.1:9/api/v1", fetch: flaky, retry: { maxRetries: 3, initialDelayMs: 10 } });
    const error = await server.grantCurrency("ext:a", { currency: "coins", amount: 1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: "NETWORK_ERROR" });
    expect(calls).toBe(4);
    expect(new Set(sent).size).toBe(1);
    expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refundOrder (no Idempotency-Key) is not retried after a network error", async () => {
    let calls = 0;
    const down: typeof fetch = async () => {
      calls += 1;
      throw new TypeError("fetch failed");
    };
    const server = new GamecoinServer({ secretKey: "svc_sk_test_x", baseUrl: "http://127.0.0.1:9/api/v1", fetch: down, retry: { initialDelayMs: 1 } });
    await expect(server.refundOrder("0123456789abcdef01234567")).rejects.toMatchObject({ code: "NETWORK_ERROR" });
    expect(calls).toBe(1);
  });
});

describe("GamecoinBrowser: token refresh", () => {
  it("on 401 it asks getToken for a new token once and resends with the same Idempotency-Key", async () => {
    const game = await createTestGame({ catalog: PACK_CATALOG });
    const baseUrl = await sdkBaseUrl();
    const server = new GamecoinServer({ secretKey: game.secretKey, baseUrl });
    const player = `ext:${newId()}`;
    await server.grantCurrency(player, { currency: "coins", amount: 50 });
    const requests: { forceRefresh: boolean }[] = [];
    const getToken = async ({ forceRefresh }: { forceRefresh: boolean }) => {
      requests.push({ forceRefresh });
      // The cached token has expired (or was revoked); a fresh one comes from the game backend.
      return forceRefresh ? (await server.createPlayerToken(player)).token : "svc_pt_expired";
    };
    const { fetch: recorded, attempts } = recordingFetch();
    const client = new GamecoinBrowser({ publishableKey: game.publishableKey, baseUrl, getToken, fetch: recorded });
    const spent = await client.spend({ currency: "coins", amount: 20 });

    expect(spent.balance.total).toBe(30);
    expect(requests).toEqual([{ forceRefresh: false }, { forceRefresh: true }]);
    expect(attempts.map((a) => a.status)).toEqual([401, 200]);
    expect(attempts[0]?.headers.get("authorization")).toBe("Bearer svc_pt_expired");
    expect(attempts[1]?.headers.get("authorization")).toMatch(/^Bearer svc_pt_/);
    expect(attempts[1]?.headers.get("idempotency-key")).toBe(attempts[0]?.headers.get("idempotency-key"));
    expect(attempts[0]?.headers.get("x-service-key")).toBe(game.publishableKey);
  });

  it("a second 401 after the refresh rejects with UNAUTHENTICATED (no loop)", async () => {
    const game = await createTestGame();
    const { fetch: recorded, attempts } = recordingFetch();
    const client = new GamecoinBrowser({ publishableKey: game.publishableKey, baseUrl: await sdkBaseUrl(), getToken: () => "svc_pt_bad", fetch: recorded });
    await expect(client.getMe()).rejects.toMatchObject({ status: 401, code: "UNAUTHENTICATED" });
    expect(attempts).toHaveLength(2);
  });
});
