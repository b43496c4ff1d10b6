/** getClientCatalog, createAnonymousPlayer, createClientPlayerToken and getMe through the routes. */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { apiError, validationFailed } from "../domain-helpers";
import { call, createTestGame, get, useDatabase, type TestGame } from "../harness";
import {
  clientCall,
  externalPlayer,
  freshIp,
  getMe,
  grant,
  grantItem,
  meWrite,
  newAnonymous,
  type AnonymousPlayer,
  type ErrorBody,
  type PlayerToken,
} from "../client-helpers";

useDatabase();

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const catalog = {
  currencies: [
    { code: "coins", name: "Coins", purchasable: true },
    { code: "gems", name: "Gems", purchasable: false },
    { code: "old_coins", name: "Old coins", status: "archived" },
  ],
  items: [
    { sku: "potion", name: "Potion", type: "consumable", price: { currency: "coins", amount: 10 }, clientPurchasable: true, metadata: { heal: "20" } },
    { sku: "sword", name: "Sword", type: "durable", price: { currency: "coins", amount: 100 }, maxOwned: 1 },
    { sku: "draft-hat", name: "Hat", type: "durable", status: "draft" },
  ],
  packs: [
    { sku: "starter", name: "Starter", priceCents: 499, grants: [{ currency: "coins", amount: 500, bonus: 50 }], badge: "New", maxPerPlayer: 1 },
    { sku: "later", name: "Later", priceCents: 99, grants: [{ currency: "coins", amount: 1 }], availability: { startsAt: "2031-01-01T00:00:00Z", stock: 10 } },
    { sku: "hidden", name: "Hidden", priceCents: 99, grants: [{ currency: "coins", amount: 1 }], status: "draft" },
  ],
};

let game: TestGame;
let closedGame: TestGame;
let otherGame: TestGame;

beforeAll(async () => {
  [game, closedGame, otherGame] = await Promise.all([
    createTestGame({ catalog }),
    createTestGame({ settings: { anonymousPlayers: false } }),
    createTestGame(),
  ]);
});
afterEach(() => {
  resetRateLimits();
});

describe("getClientCatalog", () => {
  it("is the catalog the server API shows, for the key's environment", async () => {
    const client = await clientCall<{ packs: { sku: string }[]; items: { sku: string }[]; currencies: { code: string }[] }>(game, "GET", "/catalog");
    expect(client.status).toBe(200);
    expect(client.headers.get("cache-control")).toBe("no-store");
    expect(client.body).toEqual((await get("/catalog", game.secretKey)).body);
    expect(client.body.currencies.map((c) => c.code)).toEqual(["coins", "gems"]);
    expect(client.body.items.map((i) => i.sku)).toEqual(["potion", "sword"]);
    expect(client.body.packs.map((p) => p.sku)).toEqual(["starter", "later"]);
    expect(client.body).toMatchObject({
      prelaunch: false,
      launchAt: null,
      items: [{ sku: "potion", clientPurchasable: true, metadata: { heal: "20" } }, { sku: "sword", clientPurchasable: false }],
    });
    const live = await clientCall(game, "GET", "/catalog", { serviceKey: game.livePublishableKey });
    expect(live.body).toEqual((await get("/catalog", game.liveSecretKey)).body);
  });

  it("takes no query parameters and no token", async () => {
    const query = await clientCall(game, "GET", "/catalog?lang=fr");
    expect(query.status).toBe(400);
    expect(query.body).toEqual(validationFailed({ lang: [expect.any(String)] }));
    const { token } = await newAnonymous(game);
    expect((await clientCall(game, "GET", "/catalog", { token })).status).toBe(200);
  });

  it("answers 405 to other methods", async () => {
    const response = await clientCall(game, "POST", "/catalog", { body: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });
});

describe("createAnonymousPlayer", () => {
  it("201: a hosted player without externalId, its secret and a first one-hour token", async () => {
    const before = Date.now();
    const response = await clientCall<AnonymousPlayer>(game, "POST", "/players", { body: { displayName: "  Nova  " } });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(response.body).sort()).toEqual(["expiresAt", "player", "playerSecret", "token"]);
    const { player, playerSecret, token, expiresAt } = response.body;
    expect(player).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      externalId: null,
      kind: "hosted",
      displayName: "Nova",
      country: null,
      blocked: false,
      createdAt: expect.stringMatching(ISO),
    });
    expect(playerSecret).toMatch(/^\S{20,200}$/);
    expect(token).toMatch(/^svc_pt_\S+$/);
    expect(expiresAt).toMatch(ISO);
    const lifetime = Date.parse(expiresAt) - before;
    expect(lifetime).toBeGreaterThan(3_540_000);
    expect(lifetime).toBeLessThanOrEqual(3_600_000 + 5_000);

    const me = await getMe(game, token);
    expect(me.player).toEqual(player);
    // The backend sees the same player by its service id.
    const server = await get(`/players/${player.id}`, game.secretKey);
    expect(server.status).toBe(200);
    expect(server.body).toEqual(player);
  });

  it("an empty body, no body and {} all work; every call makes a new player", async () => {
    const a = await clientCall<AnonymousPlayer>(game, "POST", "/players");
    const b = await clientCall<AnonymousPlayer>(game, "POST", "/players", { body: {} });
    const c = await clientCall<AnonymousPlayer>(game, "POST", "/players", { rawBody: "" });
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    const ids = new Set([a.body.player.id, b.body.player.id, c.body.player.id]);
    expect(ids.size).toBe(3);
    expect(new Set([a.body.playerSecret, b.body.playerSecret, c.body.playerSecret]).size).toBe(3);
    expect(a.body.player.displayName).toBeNull();
  });

  it.each([
    ["blank displayName", { displayName: "   " }, "displayName"],
    ["81 characters", { displayName: "x".repeat(81) }, "displayName"],
    ["a number", { displayName: 5 }, "displayName"],
    ["an unknown field", { displayName: "A", email: "a@example.com" }, "email"],
    ["externalId", { externalId: "mine" }, "externalId"],
  ])("%s is 400 VALIDATION_FAILED", async (_label, body, field) => {
    const response = await clientCall(game, "POST", "/players", { body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ [field]: [expect.any(String)] }));
  });

  it("80 characters once trimmed are accepted", async () => {
    const created = await newAnonymous(game, { displayName: ` ${"é".repeat(80)} ` });
    expect(created.player.displayName).toBe("é".repeat(80));
  });

  it("403 FORBIDDEN when the game disables anonymous players (test and live)", async () => {
    for (const serviceKey of [closedGame.publishableKey, closedGame.livePublishableKey]) {
      const response = await clientCall(closedGame, "POST", "/players", { serviceKey, body: { displayName: "Nope" } });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(apiError("FORBIDDEN"));
    }
    // The rest of the client API of that game still works.
    expect((await clientCall(closedGame, "GET", "/catalog")).status).toBe(200);
    const external = await externalPlayer(closedGame);
    expect((await getMe(closedGame, external.token)).player.kind).toBe("external");
  });

  it("403 FORBIDDEN with a secret key", async () => {
    const response = await clientCall(game, "POST", "/players", { serviceKey: game.secretKey, body: {} });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(apiError("FORBIDDEN"));
  });

  it("a live key makes a live player, unknown to the test environment", async () => {
    const live = await newAnonymous(game, { live: true });
    expect((await get(`/players/${live.player.id}`, game.liveSecretKey)).status).toBe(200);
    expect((await get(`/players/${live.player.id}`, game.secretKey)).status).toBe(404);
    const token = await clientCall(game, "POST", "/players/token", { body: { playerId: live.player.id, playerSecret: live.playerSecret } });
    expect(token.status).toBe(401);
  });

  it("30 per hour per IP; the 31st is 429 RATE_LIMITED with Retry-After, other addresses go on", async () => {
    const ip = freshIp();
    const creations = await Promise.all(Array.from({ length: 30 }, () => clientCall(game, "POST", "/players", { clientIp: ip })));
    expect(creations.map((r) => r.status)).toEqual(Array(30).fill(201));
    const limited = await clientCall(game, "POST", "/players", { clientIp: ip });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(apiError("RATE_LIMITED"));
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    expect((await clientCall(game, "POST", "/players", { clientIp: freshIp() })).status).toBe(201);
  }, 60_000);
});

describe("createClientPlayerToken", () => {
  it("200: a new token for the right id and secret; earlier tokens keep working", async () => {
    const created = await newAnonymous(game);
    const response = await clientCall<PlayerToken>(game, "POST", "/players/token", {
      body: { playerId: created.player.id, playerSecret: created.playerSecret },
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["expiresAt", "token"]);
    expect(response.body.token).toMatch(/^svc_pt_/);
    expect(response.body.token).not.toBe(created.token);
    expect(response.body.expiresAt).toMatch(ISO);
    expect((await getMe(game, response.body.token)).player.id).toBe(created.player.id);
    expect((await getMe(game, created.token)).player.id).toBe(created.player.id);
  });

  it("the same 401 for a wrong secret, an unknown player, an ext: player, another game's or environment's player", async () => {
    const created = await newAnonymous(game);
    const external = await externalPlayer(game);
    const otherGamePlayer = await newAnonymous(otherGame);
    const livePlayer = await newAnonymous(game, { live: true });
    const attempts = [
      { playerId: created.player.id, playerSecret: `${created.playerSecret}x` },
      { playerId: created.player.id, playerSecret: livePlayer.playerSecret },
      { playerId: "0123456789abcdef01234567", playerSecret: created.playerSecret },
      { playerId: "not-an-id", playerSecret: created.playerSecret },
      { playerId: external.id, playerSecret: created.playerSecret },
      { playerId: external.ref, playerSecret: created.playerSecret },
      { playerId: otherGamePlayer.player.id, playerSecret: otherGamePlayer.playerSecret },
      { playerId: livePlayer.player.id, playerSecret: livePlayer.playerSecret },
    ];
    const bodies: ErrorBody[] = [];
    for (const body of attempts) {
      const response = await clientCall<ErrorBody>(game, "POST", "/players/token", { body });
      expect(response.status, JSON.stringify(body)).toBe(401);
      expect(response.body).toEqual(apiError("UNAUTHENTICATED"));
      bodies.push(response.body);
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
  });

  it.each([
    ["missing fields", {}, ["playerId", "playerSecret"]],
    ["an empty id", { playerId: "", playerSecret: "s" }, ["playerId"]],
    ["a 65-character id", { playerId: "a".repeat(65), playerSecret: "s" }, ["playerId"]],
    ["an empty secret", { playerId: "a", playerSecret: "" }, ["playerSecret"]],
    ["a 201-character secret", { playerId: "a", playerSecret: "s".repeat(201) }, ["playerSecret"]],
    ["an unknown field", { playerId: "a", playerSecret: "s", remember: true }, ["remember"]],
  ])("%s is 400 VALIDATION_FAILED", async (_label, body, fields) => {
    const response = await clientCall(game, "POST", "/players/token", { body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed(Object.fromEntries(fields.map((f) => [f, [expect.any(String)]]))));
  });
});

describe("getMe", () => {
  it("the player, the wallet (every active currency, zeros included) and owned items", async () => {
    const created = await newAnonymous(game, { displayName: "Ada" });
    const fresh = await getMe(game, created.token);
    expect(fresh).toEqual({
      player: created.player,
      wallet: {
        playerId: created.player.id,
        balances: [
          { currency: "coins", paid: 0, bonus: 0, total: 0 },
          { currency: "gems", paid: 0, bonus: 0, total: 0 },
        ],
      },
      inventory: [],
    });

    await grant(game, created.player.id, "coins", 120);
    await grantItem(game, created.player.id, "potion", 3);
    await grantItem(game, created.player.id, "sword", 1);
    expect((await meWrite(game, created.token, "/inventory/consume", { sku: "potion", quantity: 3 })).status).toBe(200);
    const me = await getMe(game, created.token);
    expect(me.wallet.balances).toEqual([
      { currency: "coins", paid: 0, bonus: 120, total: 120 },
      { currency: "gems", paid: 0, bonus: 0, total: 0 },
    ]);
    // A consumed-out item leaves the list.
    expect(me.inventory).toEqual([{ sku: "sword", quantity: 1, updatedAt: expect.stringMatching(ISO) }]);
    // Same data as the server routes.
    expect(me.wallet).toEqual((await get(`/players/${created.player.id}/wallet`, game.secretKey)).body);
    expect(me.inventory).toEqual((await get<{ items: unknown[] }>(`/players/${created.player.id}/inventory`, game.secretKey)).body.items);
  });

  it("shows an ext: player's own fields", async () => {
    const external = await externalPlayer(game);
    const updated = await call("PUT", `/players/${external.ref}`, { key: game.secretKey, body: { displayName: "Bob", country: "be", email: "bob@example.com" } });
    expect(updated.status).toBe(200);
    const me = await getMe(game, external.token);
    expect(me.player).toEqual(updated.body);
    expect(me.player).toMatchObject({ kind: "external", displayName: "Bob", country: "BE" });
    expect(JSON.stringify(me)).not.toContain("bob@example.com");
  });

  it("takes no query and answers 405 to POST", async () => {
    const { token } = await newAnonymous(game);
    expect((await clientCall(game, "GET", "/me?expand=all", { token })).status).toBe(400);
    const post = await clientCall(game, "POST", "/me", { token, body: {} });
    expect(post.status).toBe(405);
  });
});
