/**
 * SPEC Limits on the client API: 120 requests per minute per player (token routes) or per IP, and the
 * gift-code brute-force limits, the per-IP one over real HTTP through a server that does what server.ts
 * does (vouchForClientIp), so X-Forwarded-For is tested as a client would send it.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { serveApi } from "@/server/api/node-adapter";
import { insertCode, useCountOf } from "@/tests/gift-code-helpers";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { vouchForClientIp } from "@/server/lib/client-ip";
import type { GameScope } from "@/server/lib/scope";
import { apiError, testScope, validationFailed } from "../domain-helpers";
import { call, createTestGame, useDatabase, type TestGame } from "../harness";
import { clientCall, externalPlayer, freshIp, meWrite, newAnonymous, serverToken, setClientRateLimit, type ErrorBody } from "../client-helpers";

useDatabase();

let game: TestGame;
let scope: GameScope;
beforeAll(async () => {
  game = await createTestGame();
  scope = await testScope(game);
});
afterEach(() => {
  setClientRateLimit(undefined);
  resetRateLimits();
});

function expectRateLimited(response: { status: number; headers: Headers; body: unknown }, maxSeconds = 60): void {
  expect(response.status).toBe(429);
  expect(response.body).toEqual(apiError("RATE_LIMITED"));
  const retryAfter = response.headers.get("retry-after") ?? "";
  expect(retryAfter).toMatch(/^[1-9][0-9]*$/);
  expect(Number(retryAfter)).toBeLessThanOrEqual(maxSeconds);
}

describe("120 requests per minute", () => {
  it("per player on token routes, by default: the 121st is 429 RATE_LIMITED with Retry-After", async () => {
    const { token } = await externalPlayer(game);
    const ip = freshIp();
    for (let i = 0; i < 120; i += 1) {
      const response = await clientCall(game, "GET", "/me", { token, clientIp: ip });
      if (response.status !== 200) throw new Error(`request ${i + 1}: ${response.status}`);
    }
    expectRateLimited(await clientCall(game, "GET", "/me", { token, clientIp: ip }));
  }, 60_000);

  it("per IP on routes without a token, by default", async () => {
    const ip = freshIp();
    for (let i = 0; i < 120; i += 1) {
      const response = await clientCall(game, "GET", "/catalog", { clientIp: ip });
      if (response.status !== 200) throw new Error(`request ${i + 1}: ${response.status}`);
    }
    expectRateLimited(await clientCall(game, "GET", "/catalog", { clientIp: ip }));
    expect((await clientCall(game, "GET", "/catalog", { clientIp: freshIp() })).status).toBe(200);
  }, 60_000);
});

describe("buckets (CLIENT_RATE_LIMIT_PER_MINUTE = 3)", () => {
  it("one bucket per player across its tokens, routes and addresses; other players are not affected", async () => {
    setClientRateLimit(3);
    const created = await newAnonymous(game);
    const secondToken = await serverToken(game.secretKey, created.player.id);
    expect((await clientCall(game, "GET", "/me", { token: created.token, clientIp: freshIp() })).status).toBe(200);
    expect((await clientCall(game, "GET", "/me", { token: secondToken, clientIp: freshIp() })).status).toBe(200);
    expect((await meWrite(game, created.token, "/inventory/consume", { sku: "potion" }, { clientIp: freshIp() })).status).toBe(409);
    expectRateLimited(await clientCall(game, "GET", "/me", { token: secondToken, clientIp: freshIp() }));
    expectRateLimited(await meWrite(game, created.token, "/wallet/spend", { currency: "coins", amount: 1 }));

    const other = await externalPlayer(game);
    expect((await clientCall(game, "GET", "/me", { token: other.token })).status).toBe(200);
  });

  it("one bucket per IP for the routes without a token; a player's token routes from that IP use the player's", async () => {
    setClientRateLimit(3);
    const ip = freshIp();
    const { token } = await externalPlayer(game);
    expect((await clientCall(game, "GET", "/catalog", { clientIp: ip })).status).toBe(200);
    expect((await clientCall(game, "POST", "/players/token", { clientIp: ip, body: { playerId: "0".repeat(24), playerSecret: "x" } })).status).toBe(401);
    expect((await clientCall(game, "POST", "/sign-in/email", { clientIp: ip, idempotencyKey: true, body: { email: "x@example.com", locale: "en" } })).status).toBe(200);
    expectRateLimited(await clientCall(game, "GET", "/catalog", { clientIp: ip }));
    expectRateLimited(await clientCall(game, "POST", "/players", { clientIp: ip, body: {} }));
    expect((await clientCall(game, "GET", "/catalog", { clientIp: freshIp() })).status).toBe(200);
    expect((await clientCall(game, "GET", "/me", { token, clientIp: ip })).status).toBe(200);
  });

  it("counts after authentication, before the Idempotency-Key and the body", async () => {
    setClientRateLimit(3);
    const { token } = await externalPlayer(game);
    // Refused tokens do not use up the player's (or anybody's) allowance.
    for (let i = 0; i < 5; i += 1) expect((await clientCall(game, "GET", "/me", { token: "svc_pt_nope" })).status).toBe(401);
    for (let i = 0; i < 3; i += 1) expect((await clientCall(game, "GET", "/me", { token })).status).toBe(200);
    const noKey = await clientCall(game, "POST", "/me/wallet/spend", { token, body: { nope: true } });
    expectRateLimited(noKey);
  });

  it("the server API has its own limit: client traffic does not use it up", async () => {
    setClientRateLimit(1);
    const { ref, token } = await externalPlayer(game);
    expect((await clientCall(game, "GET", "/me", { token })).status).toBe(200);
    expectRateLimited(await clientCall(game, "GET", "/me", { token }));
    expect((await call("GET", `/players/${ref}/wallet`, { key: game.secretKey })).status).toBe(200);
  });
});

/** A plain node:http server doing exactly what server.ts does for /api/v1, with its own proxy setting. */
type FrontServer = { url: string; close: () => Promise<void> };

async function startFrontServer(trustProxyHops: number): Promise<FrontServer> {
  const server: Server = createServer((req, res) => {
    vouchForClientIp(req, trustProxyHops);
    void serveApi(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type HttpResult = { status: number; headers: Headers; body: unknown };

async function httpRedeem(front: FrontServer, token: string, code: string, headers: Record<string, string>): Promise<HttpResult> {
  const response = await fetch(`${front.url}/client/me/codes/redeem`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-service-key": game.publishableKey,
      authorization: `Bearer ${token}`,
      "idempotency-key": `http-${Math.random().toString(36).slice(2)}`,
      ...headers,
    },
    body: JSON.stringify({ code }),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

let xffCounter = 0;
function freshForwardedFor(): string {
  xffCounter += 1;
  return `192.0.2.${(xffCounter % 250) + 1}`;
}

describe("over real HTTP, as server.ts runs it", () => {
  let direct: FrontServer;
  let behindProxy: FrontServer;
  beforeAll(async () => {
    [direct, behindProxy] = await Promise.all([startFrontServer(0), startFrontServer(1)]);
  });
  afterAll(async () => {
    await Promise.all([direct.close(), behindProxy.close()]);
  });

  /** Four players, so the per-player limit (10) never triggers within 31 attempts. */
  async function fourTokens(): Promise<string[]> {
    return Promise.all(Array.from({ length: 4 }, async () => (await externalPlayer(game)).token));
  }

  it("TRUST_PROXY 0: a new X-Forwarded-For each time does not help; the 31st gift-code attempt from 127.0.0.1 is 429", async () => {
    const tokens = await fourTokens();
    const gift = await insertCode(scope);
    for (let i = 0; i < 30; i += 1) {
      const response = await httpRedeem(direct, tokens[i % 4] ?? "", `WRONG${i}CODE`, {
        "x-forwarded-for": freshForwardedFor(),
        // A client cannot vouch for itself with the server's own headers either.
        "x-gamecoin-client-ip": freshForwardedFor(),
        "x-gamecoin-client-ip-proof": "guessed",
      });
      expect(response.status, `attempt ${i + 1}`).toBe(400);
      expect(response.body).toEqual(validationFailed({ code: ["CODE_INVALID"] }));
    }
    const limited = await httpRedeem(direct, tokens[2] ?? "", gift.displayCode, { "x-forwarded-for": freshForwardedFor() });
    expectRateLimited(limited, 900);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(await useCountOf(gift.id)).toBe(0);
    // The server route has no per-IP limit (the backend calls from a few addresses).
    const serverRoute = await call("POST", `/players/${(await externalPlayer(game)).id}/codes/redeem`, {
      key: game.secretKey,
      idempotencyKey: "server-redeem",
      clientIp: "127.0.0.1",
      body: { code: gift.displayCode },
    });
    expect(serverRoute.status).toBe(200);
  }, 60_000);

  it("TRUST_PROXY 1: X-Forwarded-For is honoured, one bucket per forwarded address", async () => {
    const tokens = await fourTokens();
    for (let i = 0; i < 31; i += 1) {
      const response = await httpRedeem(behindProxy, tokens[i % 4] ?? "", `WRONG${i}CODE`, { "x-forwarded-for": freshForwardedFor() });
      expect(response.status, `attempt ${i + 1}`).toBe(400);
    }
    const client = "198.51.100.200";
    const others = await fourTokens();
    for (let i = 0; i < 30; i += 1) {
      // Only the entry the trusted proxy appended counts; what the client put before it is ignored.
      const response = await httpRedeem(behindProxy, others[i % 4] ?? "", `WRONG${i}CODE`, { "x-forwarded-for": `${freshForwardedFor()}, ${client}` });
      expect(response.status, `attempt ${i + 1}`).toBe(400);
    }
    expectRateLimited(await httpRedeem(behindProxy, others[2] ?? "", "ANYCODE1", { "x-forwarded-for": client }), 900);
    expect((await httpRedeem(behindProxy, others[2] ?? "", "ANYCODE1", { "x-forwarded-for": "198.51.100.201" })).status).toBe(400);
  }, 60_000);

  it("the general per-IP limit follows the same address (CLIENT_RATE_LIMIT_PER_MINUTE = 3)", async () => {
    setClientRateLimit(3);
    const catalog = (front: FrontServer, forwardedFor: string) =>
      fetch(`${front.url}/client/catalog`, { headers: { "x-service-key": game.publishableKey, "x-forwarded-for": forwardedFor } });
    for (let i = 0; i < 3; i += 1) expect((await catalog(direct, freshForwardedFor())).status).toBe(200);
    const limited = await catalog(direct, freshForwardedFor());
    expect(limited.status).toBe(429);
    expect((await limited.json()) as ErrorBody).toEqual(apiError("RATE_LIMITED"));
    expect(limited.headers.get("retry-after")).toMatch(/^[1-9][0-9]*$/);
    for (let i = 0; i < 5; i += 1) expect((await catalog(behindProxy, freshForwardedFor())).status).toBe(200);
  });

  it("a preflight and a CORS request work through it too", async () => {
    const preflight = await fetch(`${direct.url}/client/me/wallet/spend`, {
      method: "OPTIONS",
      headers: { origin: "https://play.example.com", "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type, idempotency-key, x-service-key" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    const created = await fetch(`${direct.url}/client/players`, {
      method: "POST",
      headers: { origin: "https://play.example.com", "x-service-key": game.publishableKey, "content-type": "application/json" },
      body: JSON.stringify({ displayName: "Over HTTP" }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("access-control-allow-origin")).toBe("*");
    expect(((await created.json()) as { player: { displayName: string } }).player.displayName).toBe("Over HTTP");
  });
});
