/**
 * The player token cache (docs/security.md "Player token cache"): a token's holder may be a few seconds
 * old, but expiry, revocation by erasure and blocks made in this process are seen at once, and a block
 * written past the cache (another instance) is still refused by the handler's fresh row and the spend.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { players } from "@/db/schema";
import { getDb } from "@/server/db/connection";
import { clock } from "@/server/lib/clock";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { setPlayerBlocked } from "@/server/players/set-player-blocked";
import { apiError, testScope } from "../domain-helpers";
import { call, createTestGame, useDatabase, type TestGame } from "../harness";
import { clientCall, grant, meWrite, newAnonymous } from "../client-helpers";

useDatabase();

let game: TestGame;

beforeAll(async () => {
  game = await createTestGame();
});
afterEach(() => {
  clock.reset();
  resetRateLimits();
});

/** A fresh player with coins whose token has been used once, so its holder is cached. */
async function cachedPlayer(): Promise<{ id: string; token: string; expiresAt: string }> {
  const created = await newAnonymous(game);
  await grant(game, created.player.id, "coins", 10);
  expect((await clientCall(game, "GET", "/me", { token: created.token })).status).toBe(200);
  return { id: created.player.id, token: created.token, expiresAt: created.expiresAt };
}

describe("player token cache", () => {
  it("a cached token is refused 1 ms after its expiry", async () => {
    clock.freeze(new Date());
    const player = await cachedPlayer();
    clock.freeze(new Date(Date.parse(player.expiresAt) - 1));
    expect((await clientCall(game, "GET", "/me", { token: player.token })).status).toBe(200);
    clock.advance(1);
    const response = await meWrite(game, player.token, "/wallet/spend", { currency: "coins", amount: 1 });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(apiError("UNAUTHENTICATED"));
  });

  it("a block through the domain is seen by the next request, before validation", async () => {
    const player = await cachedPlayer();
    await setPlayerBlocked(await getDb(), await testScope(game), { playerId: player.id, blocked: true });
    const response = await meWrite(game, player.token, "/wallet/spend", { currency: "coins", amount: -1 });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(apiError("PLAYER_BLOCKED"));
    await setPlayerBlocked(await getDb(), await testScope(game), { playerId: player.id, blocked: false });
    expect((await meWrite(game, player.token, "/wallet/spend", { currency: "coins", amount: 1 })).status).toBe(200);
  });

  it("a block written past the cache (another instance) still refuses a spend and every handler", async () => {
    const player = await cachedPlayer();
    await (await getDb()).update(players).set({ blocked: true }).where(eq(players.id, player.id));
    const spend = await meWrite(game, player.token, "/wallet/spend", { currency: "coins", amount: 1 });
    expect(spend.status).toBe(403);
    expect(spend.body).toEqual(apiError("PLAYER_BLOCKED"));
    const me = await clientCall(game, "GET", "/me", { token: player.token });
    expect(me.status).toBe(403);
    expect(me.body).toEqual(apiError("PLAYER_BLOCKED"));
    const wallet = await call<{ balances: { currency: string; paid: number; bonus: number; total: number }[] }>("GET", `/players/${player.id}/wallet`, { key: game.secretKey });
    expect(wallet.body.balances.find((b) => b.currency === "coins")).toEqual({ currency: "coins", paid: 0, bonus: 10, total: 10 });
  });

  it("an erasure revokes a cached token at once", async () => {
    const player = await cachedPlayer();
    const erased = await call("POST", `/players/${player.id}/erase`, { key: game.secretKey, body: {} });
    expect(erased.status).toBe(200);
    const response = await clientCall(game, "GET", "/me", { token: player.token });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(apiError("UNAUTHENTICATED"));
  });

  it("a cached token is still refused with another environment's key", async () => {
    const player = await cachedPlayer();
    const response = await clientCall(game, "GET", "/me", { token: player.token, serviceKey: game.livePublishableKey });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(apiError("UNAUTHENTICATED"));
  });
});
