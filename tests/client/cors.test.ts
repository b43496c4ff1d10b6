/**
 * SPEC Authentication 6 (CORS), table-driven: test and live, a listed origin, an unlisted one and no
 * Origin header, on simple requests and on preflights; the empty list; exposed headers; and the
 * server API, which sends no CORS headers at all.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { apiError } from "../domain-helpers";
import { call, createTestGame, extRef, idem, useDatabase, type ApiResponse, type TestGame } from "../harness";
import { clientCall, grant, meWrite, newAnonymous, setClientRateLimit } from "../client-helpers";

useDatabase();

const LISTED = "https://play.example.com";
const LISTED_LIVE = "https://live.example.com";
const UNLISTED = "https://evil.example.net";

let listedGame: TestGame;
let openGame: TestGame;

beforeAll(async () => {
  [listedGame, openGame] = await Promise.all([
    createTestGame({ allowedOrigins: { test: [LISTED, "http://localhost:5173"], live: [LISTED, LISTED_LIVE] } }),
    createTestGame(),
  ]);
});
afterEach(() => {
  resetRateLimits();
});

const ALLOWED_HEADERS = ["authorization", "content-type", "x-service-key", "idempotency-key"];

function headerList(response: ApiResponse<unknown>, name: string): string[] {
  return (response.headers.get(name) ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== "");
}

function corsHeaderNames(response: ApiResponse<unknown>): string[] {
  return [...response.headers.keys()].filter((name) => name.startsWith("access-control-"));
}

function expectAllowed(response: ApiResponse<unknown>, origin: string): void {
  expect(response.headers.get("access-control-allow-origin")).toBe(origin);
  expect(headerList(response, "vary")).toContain("origin");
  expect(headerList(response, "access-control-expose-headers")).toEqual(expect.arrayContaining(["idempotent-replayed", "retry-after"]));
  // No cookies are involved: credentials are never allowed.
  expect(response.headers.get("access-control-allow-credentials")).toBeNull();
}

function expectOriginRefused(response: ApiResponse<unknown>): void {
  expect(response.status).toBe(403);
  expect(response.body).toEqual(apiError("FORBIDDEN", { fieldErrors: { Origin: ["ORIGIN_NOT_ALLOWED"] } }));
}

function expectNoCors(response: ApiResponse<unknown>): void {
  expect(corsHeaderNames(response)).toEqual([]);
}

function preflight(path: string, origin: string | undefined, method = "GET", requestHeaders = "x-service-key"): Promise<ApiResponse<unknown>> {
  const headers: Record<string, string> = { "access-control-request-method": method, "access-control-request-headers": requestHeaders };
  return call("OPTIONS", path, { origin, headers });
}

type Env = "test" | "live";
type OriginCase = "listed" | "unlisted" | "none";
type Kind = "simple" | "preflight";

const table: [Env, OriginCase, Kind][] = [];
for (const env of ["test", "live"] as const) {
  for (const origin of ["listed", "unlisted", "none"] as const) {
    for (const kind of ["simple", "preflight"] as const) table.push([env, origin, kind]);
  }
}

describe("a game with allowed origins", () => {
  it.each(table)("%s key, %s origin, %s request", async (env, originCase, kind) => {
    const origin = originCase === "listed" ? LISTED : originCase === "unlisted" ? UNLISTED : undefined;
    const serviceKey = env === "test" ? listedGame.publishableKey : listedGame.livePublishableKey;
    if (kind === "preflight") {
      // The browser sends no key with a preflight: it is answered without authentication, for any origin.
      const response = await preflight("/client/catalog", origin);
      expect(response.status).toBe(204);
      expect(response.body).toBeNull();
      expect(response.headers.get("access-control-allow-origin")).toBe(origin ?? "*");
      expect(response.headers.get("access-control-allow-methods")).toBe("GET, OPTIONS");
      expect(headerList(response, "access-control-allow-headers")).toEqual(expect.arrayContaining(ALLOWED_HEADERS));
      expect(response.headers.get("access-control-max-age")).toBe("600");
      if (origin) expect(headerList(response, "vary")).toContain("origin");
      return;
    }
    const response = await clientCall(listedGame, "GET", "/catalog", { serviceKey, origin });
    if (originCase === "listed") {
      expect(response.status).toBe(200);
      expectAllowed(response, LISTED);
    } else if (originCase === "unlisted") {
      expectOriginRefused(response);
    } else {
      expect(response.status).toBe(200);
      expectNoCors(response);
      expect(response.body).toEqual((await clientCall(listedGame, "GET", "/catalog", { serviceKey, origin: LISTED })).body);
    }
  });

  it("the lists are per environment: an origin listed only for live is refused with the test key", async () => {
    const live = await clientCall(listedGame, "GET", "/catalog", { serviceKey: listedGame.livePublishableKey, origin: LISTED_LIVE });
    expect(live.status).toBe(200);
    expectAllowed(live, LISTED_LIVE);
    expectOriginRefused(await clientCall(listedGame, "GET", "/catalog", { origin: LISTED_LIVE }));
  });

  it.each([
    ["another scheme", "http://play.example.com"],
    ["another port", "https://play.example.com:8443"],
    ["a subdomain", "https://www.play.example.com"],
    ["a suffix trick", "https://play.example.com.evil.net"],
    ["a trailing slash", "https://play.example.com/"],
    ["an opaque origin", "null"],
  ])("origins match exactly: %s is refused", async (_label, origin) => {
    expectOriginRefused(await clientCall(listedGame, "GET", "/catalog", { origin }));
  });

  it("an http origin can be listed (local development)", async () => {
    const response = await clientCall(listedGame, "GET", "/catalog", { origin: "http://localhost:5173" });
    expect(response.status).toBe(200);
    expectAllowed(response, "http://localhost:5173");
  });

  it("an unlisted origin is refused on every kind of client route, and nothing is written", async () => {
    const { player, token } = await newAnonymous(listedGame);
    await grant(listedGame, player.id, "coins", 10);
    expectOriginRefused(await clientCall(listedGame, "POST", "/players", { origin: UNLISTED, body: {} }));
    expectOriginRefused(await clientCall(listedGame, "GET", "/me", { token, origin: UNLISTED }));
    expectOriginRefused(await meWrite(listedGame, token, "/wallet/spend", { currency: "coins", amount: 4 }, { origin: UNLISTED }));
    const me = await clientCall<{ wallet: { balances: { currency: string; total: number }[] } }>(listedGame, "GET", "/me", { token });
    expect(me.body.wallet.balances.find((b) => b.currency === "coins")?.total).toBe(10);
  });

  it("authentication comes first: an unlisted origin without a key is 401", async () => {
    const response = await call("GET", "/client/catalog", { origin: UNLISTED });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(apiError("UNAUTHENTICATED"));
  });
});

describe("a game with no allowed origins", () => {
  it("test accepts any origin with `*`", async () => {
    for (const origin of [LISTED, UNLISTED, "http://localhost:3000"]) {
      const response = await clientCall(openGame, "GET", "/catalog", { origin });
      expect(response.status).toBe(200);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(headerList(response, "access-control-expose-headers")).toEqual(expect.arrayContaining(["idempotent-replayed", "retry-after"]));
    }
  });

  it("live refuses every origin", async () => {
    for (const origin of [LISTED, UNLISTED, "http://localhost:3000"]) {
      expectOriginRefused(await clientCall(openGame, "GET", "/catalog", { serviceKey: openGame.livePublishableKey, origin }));
    }
    const players = await clientCall(openGame, "POST", "/players", { serviceKey: openGame.livePublishableKey, origin: LISTED, body: {} });
    expectOriginRefused(players);
  });

  it("requests without Origin are unaffected, in test and in live", async () => {
    for (const serviceKey of [openGame.publishableKey, openGame.livePublishableKey]) {
      const response = await clientCall(openGame, "GET", "/catalog", { serviceKey });
      expect(response.status).toBe(200);
      expectNoCors(response);
    }
    const created = await clientCall(openGame, "POST", "/players", { serviceKey: openGame.livePublishableKey, body: {} });
    expect(created.status).toBe(201);
    expectNoCors(created);
  });
});

describe("preflight", () => {
  it.each([
    ["GET", "/client/catalog", "GET, OPTIONS"],
    ["GET", "/client/me", "GET, OPTIONS"],
    ["GET", "/client/me/orders/0123456789abcdef01234567", "GET, OPTIONS"],
    ["POST", "/client/players", "POST, OPTIONS"],
    ["POST", "/client/players/token", "POST, OPTIONS"],
    ["POST", "/client/me/wallet/spend", "POST, OPTIONS"],
    ["POST", "/client/me/purchases", "POST, OPTIONS"],
    ["POST", "/client/me/inventory/consume", "POST, OPTIONS"],
    ["POST", "/client/me/checkouts", "POST, OPTIONS"],
    ["POST", "/client/me/codes/redeem", "POST, OPTIONS"],
    ["POST", "/client/me/email", "POST, OPTIONS"],
    ["POST", "/client/me/email/verify", "POST, OPTIONS"],
    ["POST", "/client/sign-in/email", "POST, OPTIONS"],
    ["POST", "/client/sign-in/email/verify", "POST, OPTIONS"],
  ])("%s %s: 204 with Allow-Methods %s, without authentication", async (method, path, allowed) => {
    const response = await preflight(path, LISTED, method, "authorization, content-type, idempotency-key, x-service-key");
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
    expect(response.headers.get("access-control-allow-origin")).toBe(LISTED);
    expect(response.headers.get("access-control-allow-methods")).toBe(allowed);
    expect(headerList(response, "access-control-allow-headers")).toEqual(expect.arrayContaining(ALLOWED_HEADERS));
    expect(response.headers.get("access-control-max-age")).toBe("600");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("a preflight is not refused for a bad key, a secret key or a bad token: browsers send none", async () => {
    const headers = { "access-control-request-method": "POST", authorization: "Bearer svc_sk_test_whatever", "x-service-key": "nope" };
    const response = await call("OPTIONS", "/client/me/wallet/spend", { origin: UNLISTED, headers });
    expect(response.status).toBe(204);
  });

  it("a preflight does not count against the client rate limit", async () => {
    setClientRateLimit(2);
    try {
      for (let i = 0; i < 5; i += 1) {
        const response = await call("OPTIONS", "/client/catalog", { origin: LISTED, clientIp: "198.51.100.9", headers: { "access-control-request-method": "GET" } });
        expect(response.status).toBe(204);
      }
      expect((await clientCall(listedGame, "GET", "/catalog", { origin: LISTED, clientIp: "198.51.100.9" })).status).toBe(200);
    } finally {
      setClientRateLimit(undefined);
    }
  });
});

describe("exposed headers reach browser code", () => {
  it("an idempotent replay carries Idempotent-Replayed and the CORS headers", async () => {
    const { player, token } = await newAnonymous(listedGame);
    await grant(listedGame, player.id, "coins", 10);
    const key = idem();
    const first = await meWrite(listedGame, token, "/wallet/spend", { currency: "coins", amount: 3 }, { origin: LISTED, idempotencyKey: key });
    expect(first.status).toBe(200);
    expectAllowed(first, LISTED);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const replay = await meWrite(listedGame, token, "/wallet/spend", { currency: "coins", amount: 3 }, { origin: LISTED, idempotencyKey: key });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expectAllowed(replay, LISTED);
  });

  it("errors of an allowed origin carry the CORS headers too (400, 401, 404, 409, 429 with Retry-After)", async () => {
    const { token } = await newAnonymous(listedGame);
    const responses = [
      await meWrite(listedGame, token, "/wallet/spend", { currency: "coins", amount: 0 }, { origin: LISTED }),
      await clientCall(listedGame, "GET", "/me", { token: "svc_pt_nope", origin: LISTED }),
      await clientCall(listedGame, "GET", "/me/orders/0123456789abcdef01234567", { token, origin: LISTED }),
      await meWrite(listedGame, token, "/wallet/spend", { currency: "coins", amount: 1 }, { origin: LISTED }),
    ];
    expect(responses.map((r) => r.status)).toEqual([400, 401, 404, 409]);
    for (const response of responses) expectAllowed(response, LISTED);

    setClientRateLimit(1);
    try {
      expect((await clientCall(listedGame, "GET", "/me", { token, origin: LISTED })).status).toBe(200);
      const limited = await clientCall(listedGame, "GET", "/me", { token, origin: LISTED });
      expect(limited.status).toBe(429);
      expectAllowed(limited, LISTED);
      expect(limited.headers.get("retry-after")).toMatch(/^[1-9][0-9]*$/);
    } finally {
      setClientRateLimit(undefined);
    }
  });
});

describe("the server API sends no CORS headers", () => {
  it("not on answers to requests with an Origin (success or error)", async () => {
    const ref = extRef();
    const responses = [
      await call("GET", "/catalog", { key: listedGame.secretKey, origin: LISTED }),
      await call("GET", "/catalog", { origin: LISTED }),
      await call("GET", `/players/${ref}`, { key: listedGame.secretKey, origin: LISTED }),
      await call("POST", `/players/${ref}/wallet/grant`, { key: listedGame.secretKey, origin: LISTED, idempotencyKey: idem(), body: { currency: "coins", amount: 1 } }),
      await call("GET", "/catalog", { key: listedGame.publishableKey, origin: LISTED }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 401, 404, 200, 403]);
    for (const response of responses) expectNoCors(response);
  });

  it("not on OPTIONS either: 405 with Allow", async () => {
    for (const path of ["/catalog", `/players/${extRef()}/wallet/grant`, `/players/${extRef()}/tokens`, "/orders/0123456789abcdef01234567"]) {
      const response = await preflight(path, LISTED, "POST", "authorization, content-type");
      expect(response.status).toBe(405);
      expect(response.body).toEqual(apiError("METHOD_NOT_ALLOWED"));
      expect(response.headers.get("allow")).not.toBeNull();
      expectNoCors(response);
    }
  });
});
