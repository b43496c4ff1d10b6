import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "@/server/lib/errors";
import { resetRateLimits } from "@/server/lib/rate-limit";
import type { GameScope } from "@/server/lib/scope";
import { createTestGame, useDatabase } from "@/tests/harness";
import { testScope } from "@/tests/domain-helpers";
import { assertLedgerMatchesBalances } from "@/tests/ledger-invariants";
import { balanceOf, expectCodeInvalid, insertCode, newPlayer, redeem, useCountOf } from "@/tests/gift-code-helpers";
import type { RedeemCaller } from "@/server/codes/redeem-gift-code";

useDatabase();

let scope: GameScope;

beforeAll(async () => {
  scope = await testScope(await createTestGame());
});
beforeEach(() => resetRateLimits());
afterAll(async () => {
  await assertLedgerMatchesBalances(scope.gameId);
});

/** The 429 of SPEC: RATE_LIMITED with a Retry-After of at most the 15-minute window. */
async function expectRateLimited(attempt: Promise<unknown>): Promise<void> {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect({ code: appError.code, status: appError.status }).toEqual({ code: "RATE_LIMITED", status: 429 });
  expect(appError.headers["Retry-After"]).toMatch(/^[1-9][0-9]*$/);
  expect(Number(appError.headers["Retry-After"])).toBeLessThanOrEqual(15 * 60);
}

describe("gift-code attempt limits", () => {
  it("refuses a player's 11th attempt within 15 minutes, counting successes and failures alike", async () => {
    const player = await newPlayer(scope);
    for (let i = 0; i < 5; i += 1) await redeem(scope, player, (await insertCode(scope)).displayCode);
    for (let i = 0; i < 5; i += 1) await expectCodeInvalid(redeem(scope, player, `NOPE-${i}-NOPE`));
    const good = await insertCode(scope);
    await expectRateLimited(redeem(scope, player, good.displayCode));
    // The refused attempt changed nothing.
    expect(await useCountOf(good.id)).toBe(0);
    expect(await balanceOf(player.id, "coins")).toEqual({ paid: 0, bonus: 500 });
    // Another player is not affected.
    expect((await redeem(scope, await newPlayer(scope), good.displayCode)).grants).toHaveLength(1);
  });

  it("counts attempts before the blocked check and before the format check", async () => {
    const blocked = await newPlayer(scope, { blocked: true });
    for (let i = 0; i < 10; i += 1) await expect(redeem(scope, blocked, "AB")).rejects.toMatchObject({ code: "PLAYER_BLOCKED" });
    await expectRateLimited(redeem(scope, blocked, "AB"));
  });

  it("counts IP attempts per game and environment", async () => {
    const client: RedeemCaller = { clientIp: "198.51.100.7", perIpLimit: true };
    for (let i = 0; i < 30; i += 1) await expectCodeInvalid(redeem(scope, await newPlayer(scope), "NOPE-NOPE", client));
    await expectRateLimited(redeem(scope, await newPlayer(scope), "NOPE-NOPE", client));
    const live: GameScope = { gameId: scope.gameId, env: "live" };
    await expectCodeInvalid(redeem(live, await newPlayer(live), "NOPE-NOPE", client));
    const otherGame = await testScope(await createTestGame());
    await expectCodeInvalid(redeem(otherGame, await newPlayer(otherGame), "NOPE-NOPE", client));
  });

  it("refuses the 31st attempt from one IP on the client route", async () => {
    const client: RedeemCaller = { clientIp: "203.0.113.9", perIpLimit: true };
    for (let i = 0; i < 30; i += 1) await expectCodeInvalid(redeem(scope, await newPlayer(scope), "NOPE-NOPE", client));
    const good = await insertCode(scope);
    await expectRateLimited(redeem(scope, await newPlayer(scope), good.displayCode, client));
    expect(await useCountOf(good.id)).toBe(0);
    // Another address, and the server route (no per-IP limit) from the same address, still go through.
    expect((await redeem(scope, await newPlayer(scope), good.displayCode, { clientIp: "203.0.113.10", perIpLimit: true })).grants).toHaveLength(1);
    expect((await redeem(scope, await newPlayer(scope), good.displayCode, { clientIp: "203.0.113.9", perIpLimit: false })).grants).toHaveLength(1);
  });

  it("has no per-IP limit when the address is unknown", async () => {
    const client: RedeemCaller = { clientIp: null, perIpLimit: true };
    for (let i = 0; i < 31; i += 1) await expectCodeInvalid(redeem(scope, await newPlayer(scope), "NOPE-NOPE", client));
  });
});
