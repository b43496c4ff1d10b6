import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { shopLinks, shopSessions } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { sha256Hex } from "@/server/lib/secrets";
import { redeemShopLink } from "@/server/shop/shop-links";
import { findShopVisitor } from "@/server/shop/shop-sessions";
import { saveShopSettings } from "@/server/shop/shop-settings";
import { call, createTestGame, db, extRef, useDatabase, type TestGame } from "../harness";
import { apiError, blockPlayer, ensurePlayer, gameIdOf, validationFailed } from "../domain-helpers";

useDatabase();

type ShopLink = { url: string; expiresAt: string };

let game: TestGame;
let other: TestGame;
let gameId: string;
const test = () => ({ gameId, env: "test" as const });
const live = () => ({ gameId, env: "live" as const });
const SHOP_ON = { enabled: true, logoUrl: null, accentColor: "#4f46e5", returnUrl: "https://play.demo.test/back", appSchemes: [] };

beforeAll(async () => {
  game = await createTestGame();
  other = await createTestGame();
  gameId = await gameIdOf(game);
  await saveShopSettings(await db(), test(), SHOP_ON);
  await saveShopSettings(await db(), live(), SHOP_ON);
  await saveShopSettings(await db(), { gameId: await gameIdOf(other), env: "test" }, SHOP_ON);
});
beforeEach(() => resetRateLimits());
afterEach(() => clock.reset());

const createLink = (ref: string, key = game.secretKey, body?: unknown) => call<ShopLink>("POST", `/players/${ref}/shop-links`, { key, body, idempotencyKey: null });
const tokenOf = (url: string) => new URL(url).pathname.split("/").pop() ?? "";

describe("POST /players/{player}/shop-links", () => {
  it("answers 201 {url, expiresAt}: an absolute URL of the test shop, 10 minutes, the unknown ext: player created; only the hash is stored", async () => {
    const before = Date.now();
    const ref = extRef("shopper");
    const response = await createLink(ref);
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(["expiresAt", "url"]);
    expect(response.body.url).toMatch(new RegExp(`^http://localhost:3000/shop/${game.slug}/test/enter/[A-Za-z0-9_-]{40,}$`));
    const lifetime = Date.parse(response.body.expiresAt) - before;
    expect(lifetime).toBeGreaterThanOrEqual(10 * 60_000 - 50);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000 + 5_000);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const token = tokenOf(response.body.url);
    const stored = await (await db()).select().from(shopLinks).where(eq(shopLinks.tokenHash, sha256Hex(token)));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await call("GET", `/players/${ref}`, { key: game.secretKey })).status).toBe(200);
  });

  it("a live key makes a link to the live shop", async () => {
    const response = await createLink(extRef("live"), game.liveSecretKey);
    expect(response.status).toBe(201);
    expect(response.body.url).toMatch(new RegExp(`/shop/${game.slug}/enter/[A-Za-z0-9_-]+$`));
  });

  it("a blocked player gets 403 PLAYER_BLOCKED and no link", async () => {
    const ref = extRef("blocked");
    const playerId = await ensurePlayer(game, ref);
    await blockPlayer(playerId);
    const response = await createLink(ref);
    expect(response.status).toBe(403);
    expect(response.body).toEqual(apiError("PLAYER_BLOCKED"));
    expect(await (await db()).select().from(shopLinks).where(eq(shopLinks.playerId, playerId))).toHaveLength(0);
  });

  it("a shop that is off: 409 CONFLICT", async () => {
    const off = await createTestGame();
    const response = await createLink(extRef("off"), off.secretKey);
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("CONFLICT"));
  });

  it("an unknown field or locale is 400 VALIDATION_FAILED", async () => {
    expect((await createLink(extRef(), game.secretKey, { locale: "de" })).status).toBe(400);
    const unknown = await createLink(extRef(), game.secretKey, { lang: "fr" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(validationFailed({ lang: ["Unknown field"] }));
  });

  it("at most 20 links per player an hour, exactly, under concurrency", async () => {
    const ref = extRef("burst");
    await ensurePlayer(game, ref);
    const answers = await Promise.all(Array.from({ length: 30 }, () => createLink(ref)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.body).toEqual(apiError("RATE_LIMITED"));
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another player is not affected.
    expect((await createLink(extRef("calm"))).status).toBe(201);
  });
});

describe("redeeming a link", () => {
  async function freshLink(ref = extRef("redeem")): Promise<string> {
    const response = await createLink(ref);
    expect(response.status).toBe(201);
    return tokenOf(response.body.url);
  }

  it("signs the player in once; a second use signs no one in", async () => {
    const ref = extRef("once");
    const token = await freshLink(ref);
    const first = await redeemShopLink(await db(), { scope: test(), token });
    expect(first.kind).toBe("signed-in");
    if (first.kind !== "signed-in") return;
    const visitor = await findShopVisitor(await db(), test(), first.session.value);
    expect(visitor?.player.externalId).toBe(ref.slice(4));
    expect(Math.round((first.session.expiresAt.getTime() - Date.now()) / 3_600_000)).toBe(24);
    const stored = await (await db()).select().from(shopSessions).where(eq(shopSessions.idHash, sha256Hex(first.session.value)));
    expect(stored).toHaveLength(1);
    expect(await redeemShopLink(await db(), { scope: test(), token })).toEqual({ kind: "refused", reason: "used" });
  });

  it("two openings at once: exactly one session", async () => {
    const token = await freshLink();
    const outcomes = await Promise.all(Array.from({ length: 8 }, async () => redeemShopLink(await db(), { scope: test(), token })));
    expect(outcomes.filter((o) => o.kind === "signed-in")).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === "refused" && o.reason === "used")).toHaveLength(7);
  });

  it("after 10 minutes the link is expired", async () => {
    const token = await freshLink();
    clock.advance(10 * 60_000 + 1);
    expect(await redeemShopLink(await db(), { scope: test(), token })).toEqual({ kind: "refused", reason: "expired" });
  });

  it("a link opened on another environment's or game's shop signs no one in, and stays usable on its own", async () => {
    const token = await freshLink();
    expect(await redeemShopLink(await db(), { scope: live(), token })).toEqual({ kind: "refused", reason: "other-shop" });
    expect(await redeemShopLink(await db(), { scope: { gameId: await gameIdOf(other), env: "test" }, token })).toEqual({ kind: "refused", reason: "other-shop" });
    expect((await redeemShopLink(await db(), { scope: test(), token })).kind).toBe("signed-in");
  });

  it("an unknown token, or a player blocked after the link was made, signs no one in", async () => {
    expect(await redeemShopLink(await db(), { scope: test(), token: "nope" })).toEqual({ kind: "refused", reason: "unknown" });
    const ref = extRef("late-block");
    const token = await freshLink(ref);
    await blockPlayer(await ensurePlayer(game, ref));
    expect(await redeemShopLink(await db(), { scope: test(), token })).toEqual({ kind: "refused", reason: "blocked" });
  });

  it("a session of a player blocked since finds no visitor", async () => {
    const ref = extRef("blocked-later");
    const outcome = await redeemShopLink(await db(), { scope: test(), token: await freshLink(ref) });
    if (outcome.kind !== "signed-in") throw new Error("not signed in");
    await blockPlayer(await ensurePlayer(game, ref));
    expect(await findShopVisitor(await db(), test(), outcome.session.value)).toBeNull();
  });

  it("a session is for its own game and environment only, and ends after 24 hours", async () => {
    const outcome = await redeemShopLink(await db(), { scope: test(), token: await freshLink() });
    if (outcome.kind !== "signed-in") throw new Error("not signed in");
    expect(await findShopVisitor(await db(), live(), outcome.session.value)).toBeNull();
    expect(await findShopVisitor(await db(), test(), outcome.session.value)).not.toBeNull();
    clock.advance(24 * 3_600_000 + 1);
    expect(await findShopVisitor(await db(), test(), outcome.session.value)).toBeNull();
  });
});

describe("cleanup", () => {
  it("the cleanup job deletes links and sessions past their end", async () => {
    const { cleanup } = await import("@/server/jobs/cleanup");
    const token = tokenOf((await createLink(extRef("cleanup"))).body.url);
    const outcome = await redeemShopLink(await db(), { scope: test(), token });
    if (outcome.kind !== "signed-in") throw new Error("not signed in");
    clock.advance(24 * 3_600_000 + 1);
    const counts = await cleanup(await db());
    expect(counts.shopLinks).toBeGreaterThanOrEqual(1);
    expect(counts.shopSessions).toBeGreaterThanOrEqual(1);
    expect(await (await db()).select().from(shopLinks).where(eq(shopLinks.tokenHash, sha256Hex(token)))).toEqual([]);
    expect(await (await db()).select().from(shopSessions).where(eq(shopSessions.idHash, sha256Hex(outcome.session.value)))).toEqual([]);
  });
});
