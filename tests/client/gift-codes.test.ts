/** redeemClientCode through the route: redemptions, refusals, the per-player attempt limit, and a race for the last uses. */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetRateLimits } from "@/server/lib/rate-limit";
import type { GameScope } from "@/server/lib/scope";
import { insertCode, useCountOf } from "@/tests/gift-code-helpers";
import { apiError, gameIdOf, ledgerCount, testScope, validationFailed } from "../domain-helpers";
import { call, createTestGame, get, idem, useDatabase, type TestGame } from "../harness";
import { assertLedgerChainsConsistent, assertLedgerMatchesBalances } from "../ledger-invariants";
import { externalPlayer, getMe, grantItem, meWrite, newAnonymous, type Balance } from "../client-helpers";

useDatabase();

type Redemption = { grants: { currency: string; amount: number; balance: Balance }[]; items: { sku: string; quantity: number }[]; skipped: { sku: string; quantity: number }[] };

const catalog = {
  currencies: [
    { code: "coins", name: "Coins", purchasable: true },
    { code: "gems", name: "Gems" },
  ],
  items: [
    { sku: "potion", name: "Potion", type: "consumable" },
    { sku: "cape", name: "Cape", type: "durable", maxOwned: 1 },
  ],
};

let game: TestGame;
let scope: GameScope;
beforeAll(async () => {
  game = await createTestGame({ catalog });
  scope = await testScope(game);
});
afterEach(async () => {
  resetRateLimits();
  const gameId = await gameIdOf(game);
  await assertLedgerMatchesBalances(gameId);
  await assertLedgerChainsConsistent(gameId);
});

function redeem(token: string, code: string, idempotencyKey: string = idem()) {
  return meWrite<Redemption>(game, token, "/codes/redeem", { code }, { idempotencyKey });
}

const CODE_INVALID = validationFailed({ code: ["CODE_INVALID"] });

describe("redeemClientCode", () => {
  it("200: bonus coins, items, and items over maxOwned reported as skipped", async () => {
    const gift = await insertCode(scope, {
      code: "SPRING-2031-GIFT",
      grants: [
        { currency: "coins", amount: 100 },
        { currency: "gems", amount: 5 },
      ],
      items: [
        { sku: "potion", quantity: 2 },
        { sku: "cape", quantity: 1 },
      ],
    });
    const { player, token } = await newAnonymous(game);
    await grantItem(game, player.id, "cape", 1);
    // Compared without case, dashes or spaces.
    const response = await redeem(token, "spring 2031 gift");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      grants: [
        { currency: "coins", amount: 100, balance: { currency: "coins", paid: 0, bonus: 100, total: 100 } },
        { currency: "gems", amount: 5, balance: { currency: "gems", paid: 0, bonus: 5, total: 5 } },
      ],
      items: [{ sku: "potion", quantity: 2 }],
      skipped: [{ sku: "cape", quantity: 1 }],
    });
    const ledger = await get<{ entries: { type: string; paidDelta: number; bonusDelta: number }[] }>(`/players/${player.id}/ledger`, game.secretKey);
    expect(ledger.body.entries.map((e) => [e.type, e.paidDelta, e.bonusDelta]).sort()).toEqual([
      ["gift_code", 0, 100],
      ["gift_code", 0, 5],
    ]);
    const me = await getMe(game, token);
    expect(me.inventory.map((i) => [i.sku, i.quantity]).sort()).toEqual([
      ["cape", 1],
      ["potion", 2],
    ]);
    expect(await useCountOf(gift.id)).toBe(1);
  });

  it("a replay with the same key credits nothing more", async () => {
    const gift = await insertCode(scope);
    const { player, token } = await newAnonymous(game);
    const key = idem();
    const first = await redeem(token, gift.displayCode, key);
    const replay = await redeem(token, gift.displayCode, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect(await ledgerCount(player.id)).toBe(1);
    expect(await useCountOf(gift.id)).toBe(1);
  });

  it("every refusal is the same 400 CODE_INVALID: used by this player, unknown, disabled, expired, used up, malformed, live", async () => {
    const used = await insertCode(scope);
    const disabled = await insertCode(scope, { disabled: true });
    const expired = await insertCode(scope, { expiresAt: new Date(Date.now() - 1_000) });
    const usedUp = await insertCode(scope, { maxUses: 1 });
    const liveOnly = await insertCode(scope, { env: "live" });
    const { token } = await newAnonymous(game);
    expect((await redeem(token, used.displayCode)).status).toBe(200);
    expect((await redeem((await newAnonymous(game)).token, usedUp.displayCode)).status).toBe(200);
    for (const code of [used.displayCode, "NOSUCHCODE1", disabled.displayCode, expired.displayCode, usedUp.displayCode, "ab", "é!?", liveOnly.displayCode]) {
      const response = await redeem(token, code);
      expect(response.status, code).toBe(400);
      expect(response.body).toEqual(CODE_INVALID);
    }
    // Too long and empty read the same.
    for (const code of ["A".repeat(65), ""]) expect((await redeem(token, code)).body).toEqual(CODE_INVALID);
    // A live code works with a live token.
    const live = await externalPlayer(game, { live: true });
    const liveRedeemed = await meWrite(game, live.token, "/codes/redeem", { code: liveOnly.displayCode }, { serviceKey: game.livePublishableKey });
    expect(liveRedeemed.status).toBe(200);
  });

  it("a code cannot be passed on: the body takes no player", async () => {
    const gift = await insertCode(scope);
    const { token } = await newAnonymous(game);
    const other = await newAnonymous(game);
    const response = await meWrite(game, token, "/codes/redeem", { code: gift.displayCode, playerId: other.player.id });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ playerId: [expect.any(String)] }));
  });

  it("10 attempts per 15 minutes per player: the 11th is 429 with Retry-After, even with a good code", async () => {
    const gift = await insertCode(scope);
    const { token } = await newAnonymous(game);
    for (let i = 0; i < 10; i += 1) expect((await redeem(token, `WRONG${i}CODE`)).body).toEqual(CODE_INVALID);
    const limited = await redeem(token, gift.displayCode);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(apiError("RATE_LIMITED"));
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(await useCountOf(gift.id)).toBe(0);
    // Successful attempts count too: the limit is on guesses, not on failures.
    const lucky = await newAnonymous(game);
    for (let i = 0; i < 10; i += 1) await redeem(lucky.token, (await insertCode(scope)).displayCode);
    expect((await redeem(lucky.token, gift.displayCode)).status).toBe(429);
    // Another player is not affected.
    expect((await redeem((await newAnonymous(game)).token, gift.displayCode)).status).toBe(200);
  });

  it("the limit is per player, not per token: a new token does not reset it", async () => {
    const created = await newAnonymous(game);
    for (let i = 0; i < 10; i += 1) await redeem(created.token, `WRONG${i}CODE`);
    const renewed = await call<{ token: string }>("POST", `/players/${created.player.id}/tokens`, { key: game.secretKey });
    expect((await redeem(renewed.body.token, "ANOTHERCODE")).status).toBe(429);
  });
});

describe("a race for a code's last uses", () => {
  it("20 players redeem a 5-use code at once: exactly 5 get it, 15 get CODE_INVALID, use_count is 5", async () => {
    const gift = await insertCode(scope, { maxUses: 5, grants: [{ currency: "coins", amount: 50 }], items: [{ sku: "potion", quantity: 1 }] });
    const players = await Promise.all(Array.from({ length: 20 }, () => externalPlayer(game)));
    const responses = await Promise.all(players.map((p) => redeem(p.token, gift.displayCode)));
    const ok = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const response of refused) {
      expect(response.status).toBe(400);
      expect(response.body).toEqual(CODE_INVALID);
    }
    for (const response of ok) {
      expect(response.body.grants).toEqual([{ currency: "coins", amount: 50, balance: { currency: "coins", paid: 0, bonus: 50, total: 50 } }]);
    }
    expect(await useCountOf(gift.id)).toBe(5);
    // Exactly the winners hold the coins and the potion.
    const mes = await Promise.all(players.map((p) => getMe(game, p.token)));
    const winners = mes.filter((me) => me.wallet.balances.find((b) => b.currency === "coins")?.total === 50);
    expect(winners).toHaveLength(5);
    expect(mes.filter((me) => me.inventory.length > 0)).toHaveLength(5);
    expect(mes.filter((me) => me.wallet.balances.every((b) => b.total === 0))).toHaveLength(15);
  });
});
