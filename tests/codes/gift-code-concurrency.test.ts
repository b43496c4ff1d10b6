import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { giftCodeRedemptions, inventory } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import { resetRateLimits } from "@/server/lib/rate-limit";
import type { GameScope } from "@/server/lib/scope";
import { createTestGame, useDatabase } from "@/tests/harness";
import { testScope } from "@/tests/domain-helpers";
import { assertLedgerChainsConsistent, assertLedgerMatchesBalances } from "@/tests/ledger-invariants";
import { balanceOf, giftEntriesOf, insertCode, newPlayer, redeem, useCountOf } from "@/tests/gift-code-helpers";
import type { RedemptionView } from "@/server/codes/redeem-gift-code";

useDatabase();

let scope: GameScope;

beforeAll(async () => {
  scope = await testScope(await createTestGame());
});
beforeEach(() => resetRateLimits());
afterAll(async () => {
  await assertLedgerMatchesBalances(scope.gameId);
  await assertLedgerChainsConsistent(scope.gameId);
});

type Outcome = { ok: true; value: RedemptionView } | { ok: false; code: string; fieldErrors: unknown };

function settle(attempt: Promise<RedemptionView>): Promise<Outcome> {
  return attempt.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      return { ok: false as const, code: error.code, fieldErrors: error.details?.fieldErrors };
    },
  );
}

describe("concurrent redemptions", () => {
  it("20 players at once on a 5-use code: exactly 5 succeed", async () => {
    const code = await insertCode(scope, { maxUses: 5, grants: [{ currency: "coins", amount: 10 }] });
    const players = await Promise.all(Array.from({ length: 20 }, () => newPlayer(scope)));
    const outcomes = await Promise.all(players.map((p) => settle(redeem(scope, p, code.displayCode))));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(5);
    for (const o of outcomes.filter((o) => !o.ok)) expect(o).toEqual({ ok: false, code: "VALIDATION_FAILED", fieldErrors: { code: ["CODE_INVALID"] } });
    expect(await useCountOf(code.id)).toBe(5);
    const db = await getDb();
    const redemptions = await db.select().from(giftCodeRedemptions).where(eq(giftCodeRedemptions.giftCodeId, code.id));
    expect(redemptions).toHaveLength(5);
    const winners = new Set(redemptions.map((r) => r.playerId));
    for (const [i, p] of players.entries()) {
      expect(await balanceOf(p.id, "coins"), `player ${i}`).toEqual(winners.has(p.id) ? { paid: 0, bonus: 10 } : null);
    }
  });

  it("one player redeeming the same code 5 times at once gets it once", async () => {
    const code = await insertCode(scope, { maxUses: 100, grants: [{ currency: "coins", amount: 25 }], items: [{ sku: "potion", quantity: 2 }] });
    const player = await newPlayer(scope);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => settle(redeem(scope, player, code.displayCode))));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(await useCountOf(code.id)).toBe(1);
    expect(await balanceOf(player.id, "coins")).toEqual({ paid: 0, bonus: 25 });
    expect(await giftEntriesOf(player.id)).toHaveLength(1);
    const db = await getDb();
    expect(await db.select({ quantity: inventory.quantity }).from(inventory).where(eq(inventory.playerId, player.id))).toEqual([{ quantity: 2 }]);
  });

  it("two codes giving the same limited item at once: the player gets it once, the other is skipped", async () => {
    // No coins: a shared balance row would serialise the two before they reach the inventory.
    const first = await insertCode(scope, { grants: [], items: [{ sku: "sword", quantity: 1 }] });
    const second = await insertCode(scope, { grants: [], items: [{ sku: "sword", quantity: 1 }] });
    const player = await newPlayer(scope);
    const outcomes = await Promise.all([first, second].map((c) => settle(redeem(scope, player, c.displayCode))));
    const views = outcomes.map((o) => (o.ok ? o.value : null));
    expect(views.every((v) => v !== null)).toBe(true);
    expect(views.map((v) => v?.items.length).sort()).toEqual([0, 1]);
    expect(views.map((v) => v?.skipped.length).sort()).toEqual([0, 1]);
    const db = await getDb();
    expect(await db.select({ quantity: inventory.quantity }).from(inventory).where(eq(inventory.playerId, player.id))).toEqual([{ quantity: 1 }]);
  });
});
