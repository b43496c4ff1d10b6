import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { TypedCreatorCode } from "@/server/codes/creator-codes";
import { AppError } from "@/server/lib/errors";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { createCheckout, type CheckoutView } from "@/server/orders/create-checkout";
import { extRef, useDatabase, type TestGame } from "../harness";
import { apiError, ensurePlayer, testScope } from "../domain-helpers";
import {
  assertLedgerInvariants,
  checkout,
  createSalesGame,
  expectedVat,
  getOrder,
  helper,
  insertCreatorCodes,
  orderRow,
  ordersOfPlayer,
  outboxOf,
  playerRow,
  type ErrorBody,
} from "../order-helpers";

useDatabase();

let game: TestGame;
let otherGame: TestGame;
beforeAll(async () => {
  [game, otherGame] = await Promise.all([createSalesGame(), createSalesGame()]);
  await insertCreatorCodes(game, [
    { code: "NINJA", creatorName: "Ninja", rateBp: 1000 },
    { code: "HALF_UP", creatorName: "Half Up", rateBp: 1250 },
    { code: "GONE", creatorName: "Gone", rateBp: 1000, active: false },
  ]);
  await insertCreatorCodes(otherGame, [{ code: "ELSEWHERE", creatorName: "Elsewhere", rateBp: 500 }]);
});
beforeEach(() => {
  resetRateLimits();
});
afterEach(async () => {
  resetRateLimits();
  await assertLedgerInvariants(game);
});

type Attempt = { ref?: string; typed?: string; packSku?: string; country?: string; clientIp?: string | null };

/**
 * The domain function as the client checkout route will call it: in a transaction, with the typed
 * code normalized by the request schema.
 */
async function domainCheckout(attempt: Attempt = {}): Promise<{ playerId: string; result: CheckoutView }> {
  const ref = attempt.ref ?? extRef("fan");
  const playerId = await ensurePlayer(game, ref);
  const player = await playerRow(playerId);
  const scope = await testScope(game);
  const db = await getDb();
  const creatorCode = attempt.typed === undefined ? undefined : TypedCreatorCode.parse(attempt.typed);
  const result = await db.transaction((tx) =>
    createCheckout(tx, scope, {
      settings: { prelaunch: false, launchAt: null },
      player,
      input: { packSku: attempt.packSku ?? "p500", country: attempt.country, creatorCode },
      clientIp: attempt.clientIp ?? null,
    }),
  );
  return { playerId, result };
}

/** The AppError a refused attempt throws (and fails the test when it does not throw). */
async function refused(attempt: Attempt): Promise<AppError> {
  try {
    await domainCheckout(attempt);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(attempt)} to be refused`);
}

const share = (netCents: number, rateBp: number) => {
  const numerator = netCents * rateBp;
  return Math.floor(numerator / 10_000) + (2 * (numerator % 10_000) >= 10_000 ? 1 : 0);
};

describe("a valid creator code", () => {
  it("is normalized to upper case and shown as {code, creatorName}; the rate stays on the row", async () => {
    expect(TypedCreatorCode.parse("  ninja ")).toBe("NINJA");
    const { playerId, result } = await domainCheckout({ typed: "  ninja ", country: "BE" });
    expect(result.order.creatorCode).toEqual({ code: "NINJA", creatorName: "Ninja" });
    expect(result.order).toMatchObject({ status: "pending", playerId, amountCents: 499, country: "BE", vatCents: 87, netCents: 412 });
    expect(Object.keys(result.order).sort()).toEqual(
      ["amountCents", "country", "createdAt", "creatorCode", "currency", "fulfilledAt", "id", "netCents", "pack", "paidAt", "playerId", "refundedAt", "status", "vatCents", "vatRateBp"].sort(),
    );
    const row = await orderRow(result.order.id);
    expect(row).toMatchObject({ creatorCode: "NINJA", creatorName: "Ninja", creatorRateBp: 1000, creatorShareCents: 41 }); // 412 × 10 % = 41.2
    expect((await getOrder(game.secretKey, result.order.id)).body).toEqual(result.order);
  });

  it("the share is the rate of the net amount, half up", async () => {
    // FR: net 416 × 12.5 % = 52.0; DE: net 419 × 12.5 % = 52.375; NL: net 412 × 12.5 % = 51.5 → 52.
    for (const [country, net, expected] of [["FR", 416, 52], ["DE", 419, 52], ["NL", 412, 52], ["HU", 393, 49]] as const) {
      const { result } = await domainCheckout({ typed: "half_up", country });
      expect(result.order.netCents).toBe(net);
      expect(share(net, 1250)).toBe(expected);
      expect((await orderRow(result.order.id)).creatorShareCents).toBe(expected);
    }
  });

  it("paying with another country recomputes VAT, net and the creator's share", async () => {
    const { result } = await domainCheckout({ typed: "NINJA", packSku: "p500", country: "LU" });
    const lu = expectedVat(499, 1700);
    expect(result.order).toMatchObject({ vatRateBp: 1700, ...lu });
    expect((await orderRow(result.order.id)).creatorShareCents).toBe(share(lu.netCents, 1000));
    const paid = await helper(game.secretKey, result.order.id, "pay", { country: "HU" });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: "fulfilled", country: "HU", vatRateBp: 2700, vatCents: 106, netCents: 393, creatorCode: { code: "NINJA", creatorName: "Ninja" } });
    expect(await orderRow(result.order.id)).toMatchObject({ creatorRateBp: 1000, creatorShareCents: 39 }); // 39.3
    const ful = (await outboxOf(result.order.id)).find((e) => e.type === "order.fulfilled");
    // The event carries the Order exactly as getOrder shows it: no rate, no share.
    expect((ful?.payload as { data: unknown } | undefined)?.data).toEqual(paid.body);
  });

  it("without a code the order has none", async () => {
    const { result } = await domainCheckout();
    expect(result.order.creatorCode).toBeNull();
    expect(await orderRow(result.order.id)).toMatchObject({ creatorCode: null, creatorName: null, creatorRateBp: null, creatorShareCents: null });
  });
});

describe("a refused creator code", () => {
  it.each([
    ["unknown", "NOBODY"],
    ["inactive", "gone"],
    ["another game's", "ELSEWHERE"],
  ])("an %s code answers VALIDATION_FAILED with fieldErrors.creatorCode = [CODE_INVALID] and no order", async (_what, typed) => {
    const ref = extRef("fan");
    const error = await refused({ ref, typed });
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.status).toBe(400);
    expect(error.details).toEqual({ fieldErrors: { creatorCode: ["CODE_INVALID"] } });
    expect(await ordersOfPlayer(await ensurePlayer(game, ref))).toEqual([]);
  });

  it.each(["x", "a".repeat(33), "no spaces", "émoji", "b".repeat(65)])("the typed value %j is refused by the request schema as CODE_INVALID", (typed) => {
    const parsed = TypedCreatorCode.safeParse(typed);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(["CODE_INVALID"]);
  });

  it("the server checkout route takes no creatorCode field", async () => {
    const response = await checkout<ErrorBody>(game.secretKey, extRef("fan"), { packSku: "p500", creatorCode: "NINJA" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(apiError("VALIDATION_FAILED", { fieldErrors: { creatorCode: ["Unknown field"] } }));
  });
});

describe("attempt limits", () => {
  it("the 11th refused attempt of a player within 15 minutes is RATE_LIMITED, even with a valid code", async () => {
    const ref = extRef("guesser");
    for (let i = 1; i <= 10; i += 1) {
      const error = await refused({ ref, typed: `WRONG${i}` });
      expect(error.code).toBe("VALIDATION_FAILED");
    }
    const eleventh = await refused({ ref, typed: "WRONG11" });
    expect(eleventh.code).toBe("RATE_LIMITED");
    expect(eleventh.status).toBe(429);
    const retryAfter = Number(eleventh.headers["Retry-After"]);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await refused({ ref, typed: "NINJA" })).code).toBe("RATE_LIMITED");
    expect(await ordersOfPlayer(await ensurePlayer(game, ref))).toEqual([]);
    // Another player is not limited.
    const { result } = await domainCheckout({ typed: "NINJA" });
    expect(result.order.creatorCode).toEqual({ code: "NINJA", creatorName: "Ninja" });
  });

  it("accepted codes do not count", async () => {
    const ref = extRef("guesser");
    for (let i = 0; i < 9; i += 1) expect((await refused({ ref, typed: `WRONG${i}` })).code).toBe("VALIDATION_FAILED");
    for (let i = 0; i < 5; i += 1) expect((await domainCheckout({ ref, typed: "NINJA" })).result.order.creatorCode?.code).toBe("NINJA");
    expect((await refused({ ref, typed: "WRONG9" })).code).toBe("VALIDATION_FAILED");
    expect((await refused({ ref, typed: "WRONG10" })).code).toBe("RATE_LIMITED");
  });

  it("an IP address gets 30 refused attempts over all players, then RATE_LIMITED", async () => {
    const clientIp = "203.0.113.7";
    for (let i = 0; i < 30; i += 1) {
      expect((await refused({ typed: `WRONG${i}`, clientIp })).code).toBe("VALIDATION_FAILED");
    }
    expect((await refused({ typed: "WRONG30", clientIp })).code).toBe("RATE_LIMITED");
    expect((await domainCheckout({ typed: "NINJA", clientIp: "203.0.113.8" })).result.order.creatorCode?.code).toBe("NINJA");
  });
});
