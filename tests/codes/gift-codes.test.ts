import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { giftCodeRedemptions, inventory } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { resetRateLimits } from "@/server/lib/rate-limit";
import type { GameScope } from "@/server/lib/scope";
import { resolvePlayer } from "@/server/players/find-player";
import { credit } from "@/server/wallet/ledger-moves";
import { createTestGame, useDatabase } from "@/tests/harness";
import { testScope } from "@/tests/domain-helpers";
import { assertLedgerChainsConsistent, assertLedgerMatchesBalances } from "@/tests/ledger-invariants";
import { disableGiftCode } from "@/server/codes/disable-gift-code";
import { balanceOf, expectCodeInvalid, giftEntriesOf, insertCode, newPlayer, redeem, useCountOf } from "@/tests/gift-code-helpers";
import { issueGiftCodes } from "@/server/codes/issue-gift-codes";
import { RedeemCodeRequest } from "@/server/codes/redeem-gift-code";

useDatabase();

let scope: GameScope;
let liveScope: GameScope;

beforeAll(async () => {
  scope = await testScope(await createTestGame());
  liveScope = { gameId: scope.gameId, env: "live" };
});
beforeEach(() => resetRateLimits());
afterEach(() => clock.reset());
afterAll(async () => {
  await assertLedgerMatchesBalances(scope.gameId);
  await assertLedgerChainsConsistent(scope.gameId);
});

describe("RedeemCodeRequest", () => {
  it("refuses an empty or over-long code with CODE_INVALID, like any other refusal", () => {
    for (const code of ["", "A".repeat(65)]) {
      const parsed = RedeemCodeRequest.safeParse({ code });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => [i.path, i.message])).toEqual([[["code"], "CODE_INVALID"]]);
    }
    expect(RedeemCodeRequest.safeParse({ code: "A".repeat(64) }).success).toBe(true);
    expect(RedeemCodeRequest.safeParse({ code: "ABCD", extra: 1 }).success).toBe(false);
  });
});

describe("redeemGiftCode: success", () => {
  it("credits bonus only, with one gift_code entry per currency, and adds items up to maxOwned", async () => {
    const db = await getDb();
    const [issued] = await db.transaction((tx) =>
      issueGiftCodes(tx, scope, {
        count: 1,
        maxUses: 10,
        expiresAt: null,
        grants: [
          { currency: "gems", amount: 5 },
          { currency: "coins", amount: 100 },
        ],
        items: [
          { sku: "sword", quantity: 2 },
          { sku: "potion", quantity: 3 },
        ],
      }),
    );
    if (!issued) throw new Error("no code issued");
    const player = await newPlayer(scope);

    const redemption = await redeem(scope, player, issued.code);

    expect(redemption).toEqual({
      grants: [
        { currency: "coins", amount: 100, balance: { currency: "coins", paid: 0, bonus: 100, total: 100 } },
        { currency: "gems", amount: 5, balance: { currency: "gems", paid: 0, bonus: 5, total: 5 } },
      ],
      items: [
        { sku: "potion", quantity: 3 },
        { sku: "sword", quantity: 1 },
      ],
      skipped: [{ sku: "sword", quantity: 1 }],
    });
    expect(await balanceOf(player.id, "coins")).toEqual({ paid: 0, bonus: 100 });
    const entries = await giftEntriesOf(player.id);
    expect(entries.map((e) => ({ type: e.type, currency: e.currency, paidDelta: e.paidDelta, bonusDelta: e.bonusDelta, reason: e.reason }))).toEqual([
      { type: "gift_code", currency: "coins", paidDelta: 0, bonusDelta: 100, reason: `gift code ${issued.code}` },
      { type: "gift_code", currency: "gems", paidDelta: 0, bonusDelta: 5, reason: `gift code ${issued.code}` },
    ]);
    const owned = await db.select({ sku: inventory.sku, quantity: inventory.quantity }).from(inventory).where(eq(inventory.playerId, player.id)).orderBy(inventory.sku);
    expect(owned).toEqual([
      { sku: "potion", quantity: 3 },
      { sku: "sword", quantity: 1 },
    ]);
    expect(await useCountOf(issued.id)).toBe(1);
  });

  it("skips the whole line when the player already owns maxOwned", async () => {
    const code = await insertCode(scope, { grants: [], items: [{ sku: "sword", quantity: 1 }] });
    const other = await insertCode(scope, { grants: [], items: [{ sku: "sword", quantity: 1 }, { sku: "shield", quantity: 5 }] });
    const player = await newPlayer(scope);
    await redeem(scope, player, code.displayCode);
    expect(await redeem(scope, player, other.displayCode)).toEqual({
      grants: [],
      items: [{ sku: "shield", quantity: 3 }],
      skipped: [
        { sku: "shield", quantity: 2 },
        { sku: "sword", quantity: 1 },
      ],
    });
    expect(await useCountOf(other.id)).toBe(1);
  });

  it("matches regardless of case, dashes and spaces", async () => {
    const code = await insertCode(scope, { code: "ABCD-EFGH-JKMN", maxUses: 10 });
    for (const typed of ["abcd-efgh-jkmn", "ABCDEFGHJKMN", " abcd efgh jkmn ", "a-b-c-d efgh-JKMN"]) {
      const player = await newPlayer(scope);
      const redemption = await redeem(scope, player, typed);
      expect(redemption.grants).toEqual([{ currency: "coins", amount: 100, balance: { currency: "coins", paid: 0, bonus: 100, total: 100 } }]);
    }
    expect(await useCountOf(code.id)).toBe(4);
  });

  it("credits bonus after an existing paid balance, never into paid", async () => {
    const code = await insertCode(scope, { grants: [{ currency: "coins", amount: 40 }] });
    const player = await newPlayer(scope);
    const db = await getDb();
    await credit(db, scope, { playerId: player.id, currency: "coins", paid: 60, bonus: 0, details: { type: "purchase_credit" } });
    const redemption = await redeem(scope, player, code.displayCode);
    expect(redemption.grants).toEqual([{ currency: "coins", amount: 40, balance: { currency: "coins", paid: 60, bonus: 40, total: 100 } }]);
  });

  it("works for an ext: player created on first use", async () => {
    const code = await insertCode(scope);
    const db = await getDb();
    const player = await resolvePlayer(db, scope, { ref: { kind: "external", externalId: `new-${Date.now()}` }, createExternal: true });
    expect((await redeem(scope, player, code.displayCode)).grants).toHaveLength(1);
  });

  it("leaves out grants and items that left the catalog", async () => {
    const code = await insertCode(scope, {
      grants: [
        { currency: "old_coins", amount: 7 },
        { currency: "coins", amount: 3 },
      ],
      items: [
        { sku: "draft-hat", quantity: 1 },
        { sku: "potion", quantity: 1 },
      ],
    });
    const player = await newPlayer(scope);
    expect(await redeem(scope, player, code.displayCode)).toEqual({
      grants: [{ currency: "coins", amount: 3, balance: { currency: "coins", paid: 0, bonus: 3, total: 3 } }],
      items: [{ sku: "potion", quantity: 1 }],
      skipped: [],
    });
    expect(await balanceOf(player.id, "old_coins")).toBeNull();
  });
});

describe("redeemGiftCode: every refusal is the same VALIDATION_FAILED CODE_INVALID", () => {
  it("unknown code", async () => {
    await expectCodeInvalid(redeem(scope, await newPlayer(scope), "ZZZZ-ZZZZ-ZZZZ"));
  });

  it("malformed codes (too short, bad characters, too long once normalized)", async () => {
    const player = await newPlayer(scope);
    for (const typed of ["AB", "ABC$DEFG", "ÄBCDEFGH", "A".repeat(33), "----", "   "]) await expectCodeInvalid(redeem(scope, player, typed));
  });

  it("disabled code", async () => {
    const code = await insertCode(scope);
    await disableGiftCode(await getDb(), scope, code.id);
    await expectCodeInvalid(redeem(scope, await newPlayer(scope), code.displayCode));
    expect(await useCountOf(code.id)).toBe(0);
  });

  it("expired code: refused from the expiry instant on", async () => {
    clock.freeze(new Date("2030-01-01T00:00:00Z"));
    const code = await insertCode(scope, { expiresAt: new Date("2030-01-01T00:01:00Z") });
    clock.advance(59_999);
    const early = await newPlayer(scope);
    expect((await redeem(scope, early, code.displayCode)).grants).toHaveLength(1);
    clock.advance(1);
    await expectCodeInvalid(redeem(scope, await newPlayer(scope), code.displayCode));
    expect(await useCountOf(code.id)).toBe(1);
  });

  it("used up", async () => {
    const code = await insertCode(scope, { maxUses: 1 });
    await redeem(scope, await newPlayer(scope), code.displayCode);
    const late = await newPlayer(scope);
    await expectCodeInvalid(redeem(scope, late, code.displayCode));
    expect(await useCountOf(code.id)).toBe(1);
    expect(await balanceOf(late.id, "coins")).toBeNull();
  });

  it("already redeemed by this player, also typed differently", async () => {
    const code = await insertCode(scope, { code: "ONCE-PER-PLAYER", maxUses: 10 });
    const player = await newPlayer(scope);
    await redeem(scope, player, "ONCE-PER-PLAYER");
    await expectCodeInvalid(redeem(scope, player, "once per player"));
    expect(await useCountOf(code.id)).toBe(1);
    expect(await giftEntriesOf(player.id)).toHaveLength(1);
  });

  it("a code whose grants and items all left the catalog", async () => {
    const code = await insertCode(scope, { grants: [{ currency: "old_coins", amount: 1 }], items: [{ sku: "draft-hat", quantity: 1 }] });
    await expectCodeInvalid(redeem(scope, await newPlayer(scope), code.displayCode));
    expect(await useCountOf(code.id)).toBe(0);
  });

  it("a test code in live, and a live code in test", async () => {
    const testCode = await insertCode(scope, { code: "ENV-TEST-ONLY" });
    const liveCode = await insertCode(scope, { code: "ENV-LIVE-ONLY", env: "live" });
    await expectCodeInvalid(redeem(liveScope, await newPlayer(liveScope), testCode.displayCode));
    await expectCodeInvalid(redeem(scope, await newPlayer(scope), liveCode.displayCode));
    expect((await redeem(liveScope, await newPlayer(liveScope), liveCode.displayCode)).grants).toHaveLength(1);
  });

  it("another game's code", async () => {
    const otherScope = await testScope(await createTestGame());
    const code = await insertCode(otherScope, { code: "OTHER-GAME-CODE" });
    await expectCodeInvalid(redeem(scope, await newPlayer(scope), code.displayCode));
  });

  it("a refused redemption writes nothing", async () => {
    const code = await insertCode(scope, { maxUses: 1 });
    const first = await newPlayer(scope);
    await redeem(scope, first, code.displayCode);
    const second = await newPlayer(scope);
    await expectCodeInvalid(redeem(scope, second, code.displayCode));
    const db = await getDb();
    const rows = await db.select().from(giftCodeRedemptions).where(and(eq(giftCodeRedemptions.giftCodeId, code.id)));
    expect(rows.map((r) => r.playerId)).toEqual([first.id]);
  });
});

describe("redeemGiftCode: blocked players", () => {
  it("answers PLAYER_BLOCKED and credits nothing", async () => {
    const code = await insertCode(scope);
    const player = await newPlayer(scope, { blocked: true });
    await expect(redeem(scope, player, code.displayCode)).rejects.toMatchObject({ code: "PLAYER_BLOCKED", status: 403 });
    expect(await useCountOf(code.id)).toBe(0);
    expect(await balanceOf(player.id, "coins")).toBeNull();
  });
});
