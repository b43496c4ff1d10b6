/**
 * SPEC Authentication 1-4 on the client API: the publishable key, secret keys refused, player tokens
 * (missing, invalid, expired, revoked, foreign: one 401 for all) and blocked players.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "@/db/schema";
import { operations } from "@/server/api/operations";
import { forgetCachedKeys } from "@/server/keys/authenticate-key";
import { clock } from "@/server/lib/clock";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { sha256Hex } from "@/server/lib/secrets";
import { apiError, blockPlayer } from "../domain-helpers";
import { call, createTestGame, db, useDatabase, type TestGame } from "../harness";
import {
  clientCall,
  externalPlayer,
  getMe,
  newAnonymous,
  revokeToken,
  serverToken,
  type ClientCallOptions,
  type ErrorBody,
  type PlayerToken,
} from "../client-helpers";

useDatabase();

let game: TestGame;
let otherGame: TestGame;
const packs = [{ sku: "starter", name: "Starter", priceCents: 0, grants: [{ currency: "coins", amount: 5 }] }];

beforeAll(async () => {
  [game, otherGame] = await Promise.all([createTestGame({ catalog: { packs } }), createTestGame()]);
});
afterEach(() => {
  clock.reset();
  resetRateLimits();
});

type Route = { method: "GET" | "POST"; path: string; body?: unknown; idempotent: boolean };

/** Every token route of the client API with a request that would succeed or fail only on its own rules. */
const tokenRoutes: Route[] = [
  { method: "GET", path: "/me", idempotent: false },
  { method: "POST", path: "/me/wallet/spend", body: { currency: "coins", amount: 1 }, idempotent: true },
  { method: "POST", path: "/me/purchases", body: { sku: "potion" }, idempotent: true },
  { method: "POST", path: "/me/inventory/consume", body: { sku: "potion" }, idempotent: true },
  { method: "POST", path: "/me/checkouts", body: { packSku: "starter" }, idempotent: true },
  { method: "POST", path: "/me/codes/redeem", body: { code: "NOSUCHCODE" }, idempotent: true },
  { method: "GET", path: "/me/orders/0123456789abcdef01234567", idempotent: false },
  { method: "POST", path: "/me/email", body: { email: "blocked@example.com", locale: "en" }, idempotent: true },
  { method: "POST", path: "/me/email/verify", body: { email: "blocked@example.com", code: "123456" }, idempotent: true },
  { method: "POST", path: "/me/store-purchases", body: { store: "google_play", productId: "coins_500", purchaseToken: "token" }, idempotent: true },
];

/** The client routes without a token. */
const keyRoutes: Route[] = [
  { method: "GET", path: "/catalog", idempotent: false },
  { method: "POST", path: "/players", body: {}, idempotent: false },
  { method: "POST", path: "/players/token", body: { playerId: "0".repeat(24), playerSecret: "x" }, idempotent: false },
  { method: "POST", path: "/sign-in/email", body: { email: "nobody@example.com", locale: "en" }, idempotent: true },
  { method: "POST", path: "/sign-in/email/verify", body: { email: "nobody@example.com", code: "123456" }, idempotent: true },
];

function send(route: Route, options: ClientCallOptions): Promise<{ status: number; body: ErrorBody }> {
  return clientCall<ErrorBody>(game, route.method, route.path, { body: route.body, idempotencyKey: route.idempotent ? true : undefined, ...options });
}

/** Path templates of the operations, to compare with the tables above. */
function clientPathsOf(auth: "player" | "publishable"): string[] {
  return operations
    .filter((o) => o.auth === auth)
    .map((o) => `${o.method} ${o.path}`)
    .sort();
}

function templated(route: Route): string {
  return `${route.method} /client${route.path.replace(/[0-9a-f]{24}$/, "{orderId}")}`;
}

describe("the route tables cover the whole client API", () => {
  it("every token route and every publishable-key route is listed", () => {
    expect(tokenRoutes.map(templated).sort()).toEqual(clientPathsOf("player"));
    expect(keyRoutes.map(templated).sort()).toEqual(clientPathsOf("publishable"));
  });
});

describe("publishable key", () => {
  it.each([...keyRoutes, ...tokenRoutes].map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s: a missing X-Service-Key is 401 UNAUTHENTICATED",
    async (_label, route) => {
      const response = await call<ErrorBody>(route.method, `/client${route.path}`, { body: route.body, idempotencyKey: "k" });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(apiError("UNAUTHENTICATED"));
    },
  );

  it.each(keyRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))("%s: an unknown publishable key is 401", async (_label, route) => {
    for (const serviceKey of ["svc_pk_test_doesnotexist000000000000000", "svc_pk_live_doesnotexist000000000000000", "nonsense"]) {
      const response = await send(route, { serviceKey });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(apiError("UNAUTHENTICATED"));
    }
  });

  it("the publishable key sent as Authorization: Bearer (not X-Service-Key) is 401", async () => {
    const response = await call("GET", "/client/catalog", { headers: { authorization: `Bearer ${game.publishableKey}` } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(apiError("UNAUTHENTICATED"));
  });

  it("a revoked publishable key is 401", async () => {
    const revoked = await createTestGame();
    expect((await clientCall(revoked, "GET", "/catalog")).status).toBe(200);
    await (await db()).update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.keyHash, sha256Hex(revoked.publishableKey)));
    forgetCachedKeys();
    const response = await clientCall(revoked, "GET", "/catalog");
    expect(response.status).toBe(401);
    expect(response.body).toEqual(apiError("UNAUTHENTICATED"));
  });

  it("the live publishable key works on the client API too (its own environment)", async () => {
    const response = await clientCall(game, "GET", "/catalog", { serviceKey: game.livePublishableKey });
    expect(response.status).toBe(200);
  });
});

describe("a secret key on a client route is 403 FORBIDDEN", () => {
  const routes = [...keyRoutes, ...tokenRoutes].map((r) => [`${r.method} ${r.path}`, r] as const);

  it.each(routes)("%s: in X-Service-Key", async (_label, route) => {
    for (const serviceKey of [game.secretKey, game.liveSecretKey]) {
      const response = await send(route, { serviceKey });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(apiError("FORBIDDEN"));
    }
  });

  it.each(routes)("%s: in Authorization, with or without a publishable key", async (_label, route) => {
    const withKey = await send(route, { headers: { authorization: `Bearer ${game.secretKey}` } });
    expect(withKey.status).toBe(403);
    expect(withKey.body).toEqual(apiError("FORBIDDEN"));
    const alone = await call<ErrorBody>(route.method, `/client${route.path}`, {
      key: game.liveSecretKey,
      body: route.body,
      idempotencyKey: route.idempotent ? "k" : null,
    });
    expect(alone.status).toBe(403);
    expect(alone.body).toEqual(apiError("FORBIDDEN"));
  });

  it("even an unknown secret-looking key, so it is never echoed through a browser", async () => {
    const response = await clientCall(game, "GET", "/catalog", { serviceKey: "svc_sk_test_made_up_0000000000000000" });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(apiError("FORBIDDEN"));
  });

  it("createAnonymousPlayer with a secret key creates nothing", async () => {
    const response = await clientCall(game, "POST", "/players", { serviceKey: game.secretKey, body: { displayName: "Sneaky" } });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(apiError("FORBIDDEN"));
  });
});

describe("player tokens", () => {
  /** The one 401 every token failure gives; its message must not tell the cases apart either. */
  async function expectTokenRefused(token: string | undefined, serviceKey: string = game.publishableKey): Promise<string[]> {
    const messages: string[] = [];
    for (const route of tokenRoutes) {
      const response = await send(route, { token, serviceKey });
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
      expect(response.body).toEqual(apiError("UNAUTHENTICATED"));
      messages.push(response.body.error.message);
    }
    return messages;
  }

  it("a valid token reaches every token route (none answers 401 or 403)", async () => {
    const { token } = await newAnonymous(game);
    for (const route of tokenRoutes) {
      const response = await send(route, { token });
      expect([401, 403], `${route.method} ${route.path}: ${JSON.stringify(response.body)}`).not.toContain(response.status);
    }
  });

  it("missing, malformed, invalid, expired, revoked and foreign tokens all get the same 401", async () => {
    const { token } = await newAnonymous(game);
    const revoked = await newAnonymous(game);
    await revokeToken(revoked.token);
    const foreignGame = (await externalPlayer(otherGame)).token;
    const liveToken = (await externalPlayer(game, { live: true })).token;

    const cases: [string, string | undefined][] = [
      ["missing", undefined],
      ["not a player token", "abc"],
      ["unknown", `svc_pt_${"A".repeat(43)}`],
      ["one character changed", `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`],
      ["revoked", revoked.token],
      ["another game's", foreignGame],
      ["the live environment's", liveToken],
    ];
    const messages = new Set<string>();
    for (const [label, candidate] of cases) {
      const got = await expectTokenRefused(candidate).catch((error: unknown) => {
        throw new Error(`${label}: ${String(error)}`);
      });
      got.forEach((m) => messages.add(m));
    }
    expect(messages.size).toBe(1);

    // The same tokens still work where they belong.
    expect((await clientCall(otherGame, "GET", "/me", { token: foreignGame })).status).toBe(200);
    expect((await clientCall(game, "GET", "/me", { token: liveToken, serviceKey: game.livePublishableKey })).status).toBe(200);
    expect((await clientCall(game, "GET", "/me", { token })).status).toBe(200);
  });

  it("a test token is refused with the live publishable key", async () => {
    const { token } = await newAnonymous(game);
    await expectTokenRefused(token, game.livePublishableKey);
  });

  it("a token issued with the live secret key is refused with the test publishable key", async () => {
    const live = await externalPlayer(game, { live: true });
    const response = await clientCall<ErrorBody>(game, "GET", "/me", { token: live.token });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(apiError("UNAUTHENTICATED"));
  });

  it("a token lasts one hour: good 1 s before, refused 1 s after (clock moved, then reset)", async () => {
    // Frozen first, so the two checks sit exactly 1 s either side of the expiry whatever the machine's speed.
    clock.freeze(new Date());
    const { token, expiresAt } = await newAnonymous(game);
    expect(Date.parse(expiresAt) - clock.nowMs()).toBe(60 * 60 * 1000);
    clock.advance(60 * 60 * 1000 - 1_000);
    expect((await clientCall(game, "GET", "/me", { token })).status).toBe(200);
    clock.advance(2_000);
    await expectTokenRefused(token);
    clock.reset();
    expect((await clientCall(game, "GET", "/me", { token })).status).toBe(200);
  });

  it("expired after clock.advance(1 h + 1 s) on a running clock, like every other token failure", async () => {
    const { token } = await newAnonymous(game);
    clock.advance(60 * 60 * 1000 + 1_000);
    await expectTokenRefused(token);
    clock.reset();
  });

  it("the scheme must be Bearer; a token in X-Service-Key is not a key", async () => {
    const { token } = await newAnonymous(game);
    const basic = await clientCall(game, "GET", "/me", { headers: { authorization: `Basic ${token}` } });
    expect(basic.status).toBe(401);
    const asKey = await call("GET", "/client/me", { serviceKey: token, token });
    expect(asKey.status).toBe(401);
  });

  it("a new token does not revoke the earlier ones; a backend-issued token works on the client API", async () => {
    const created = await newAnonymous(game);
    const second = await clientCall<PlayerToken>(game, "POST", "/players/token", {
      body: { playerId: created.player.id, playerSecret: created.playerSecret },
    });
    expect(second.status).toBe(200);
    expect((await getMe(game, created.token)).player.id).toBe(created.player.id);
    expect((await getMe(game, second.body.token)).player.id).toBe(created.player.id);

    const external = await externalPlayer(game);
    const me = await getMe(game, external.token);
    expect(me.player).toMatchObject({ id: external.id, kind: "external" });
  });

  it("authentication comes before everything: a bad token with a bad body and no Idempotency-Key is 401", async () => {
    const response = await clientCall(game, "POST", "/me/wallet/spend", { token: "svc_pt_nope", body: { colour: "red" } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(apiError("UNAUTHENTICATED"));
  });
});

describe("blocked players", () => {
  it.each(tokenRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))("%s answers 403 PLAYER_BLOCKED", async (_label, route) => {
    const anonymous = await newAnonymous(game);
    const external = await externalPlayer(game);
    await blockPlayer(anonymous.player.id);
    await blockPlayer(external.id);
    for (const token of [anonymous.token, external.token]) {
      const response = await send(route, { token });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(apiError("PLAYER_BLOCKED"));
    }
    // Before validation and the idempotency key too: the block is known from the token.
    const bare = await clientCall(game, route.method, route.path, { token: anonymous.token, body: route.method === "POST" ? { nope: 1 } : undefined });
    expect(bare.status).toBe(403);
    expect(bare.body).toEqual(apiError("PLAYER_BLOCKED"));
  });

  it("no new token: createClientPlayerToken and createPlayerToken answer 403 PLAYER_BLOCKED", async () => {
    const anonymous = await newAnonymous(game);
    const external = await externalPlayer(game);
    await blockPlayer(anonymous.player.id);
    await blockPlayer(external.id);
    const client = await clientCall(game, "POST", "/players/token", {
      body: { playerId: anonymous.player.id, playerSecret: anonymous.playerSecret },
    });
    expect(client.status).toBe(403);
    expect(client.body).toEqual(apiError("PLAYER_BLOCKED"));
    const server = await call("POST", `/players/${external.ref}/tokens`, { key: game.secretKey });
    expect(server.status).toBe(403);
    expect(server.body).toEqual(apiError("PLAYER_BLOCKED"));
    // A wrong secret still reads as wrong credentials, not as "blocked" (that would confirm the id).
    const wrong = await clientCall(game, "POST", "/players/token", {
      body: { playerId: anonymous.player.id, playerSecret: `${anonymous.playerSecret}x` },
    });
    expect(wrong.status).toBe(401);
  });

  it("a blocked player's token is blocked at once, whatever token it uses", async () => {
    const anonymous = await newAnonymous(game);
    const other = await serverToken(game.secretKey, anonymous.player.id);
    expect((await clientCall(game, "GET", "/me", { token: other })).status).toBe(200);
    await blockPlayer(anonymous.player.id);
    for (const token of [anonymous.token, other]) {
      expect((await clientCall(game, "GET", "/me", { token })).body).toEqual(apiError("PLAYER_BLOCKED"));
    }
  });
});
