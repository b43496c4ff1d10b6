import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { giftCodes } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError } from "@/server/lib/errors";
import { resetRateLimits } from "@/server/lib/rate-limit";
import type { GameScope } from "@/server/lib/scope";
import { createTestGame, useDatabase } from "@/tests/harness";
import { testScope } from "@/tests/domain-helpers";
import { disableGiftCode } from "@/server/codes/disable-gift-code";
import { GIFT_CODE_ALPHABET, generateGiftCode } from "@/server/codes/gift-code-format";
import { newPlayer, redeem } from "@/tests/gift-code-helpers";
import { IssueGiftCodesRequest, issueGiftCodes } from "@/server/codes/issue-gift-codes";
import { listGiftCodes } from "@/server/codes/list-gift-codes";

useDatabase();

let scope: GameScope;

beforeAll(async () => {
  scope = await testScope(await createTestGame());
});
beforeEach(() => resetRateLimits());

const RANDOM = `[${GIFT_CODE_ALPHABET}]{4}`;
const DISPLAY = new RegExp(`^${RANDOM}-${RANDOM}-${RANDOM}$`);

function request(overrides: Partial<IssueGiftCodesRequest> = {}): IssueGiftCodesRequest {
  return IssueGiftCodesRequest.parse({ count: 1, maxUses: 1, grants: [{ currency: "coins", amount: 50 }], ...overrides });
}

async function issue(input: IssueGiftCodesRequest, target: GameScope = scope) {
  const db = await getDb();
  return db.transaction((tx) => issueGiftCodes(tx, target, input));
}

async function refusal(attempt: Promise<unknown>): Promise<{ code: string; details: unknown }> {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, details: error.details };
}

describe("generateGiftCode", () => {
  it("uses an alphabet without look-alikes", () => {
    expect(GIFT_CODE_ALPHABET).toBe("23456789ABCDEFGHJKMNPQRSTUVWXYZ");
    for (const ambiguous of ["0", "O", "1", "I", "L"]) expect(GIFT_CODE_ALPHABET).not.toContain(ambiguous);
    expect(new Set(GIFT_CODE_ALPHABET).size).toBe(31);
  });

  it("draws 12 random characters in groups of 4, stored without dashes", () => {
    const seen = new Set<string>();
    const used = new Set<string>();
    for (let i = 0; i < 2000; i += 1) {
      const { displayCode, code } = generateGiftCode();
      expect(displayCode).toMatch(DISPLAY);
      expect(code).toBe(displayCode.replace(/-/g, ""));
      seen.add(code);
      for (const c of code) used.add(c);
    }
    expect(seen.size).toBe(2000);
    // 24,000 draws: every symbol of the alphabet shows up, nothing else does.
    expect([...used].sort().join("")).toBe(GIFT_CODE_ALPHABET);
  });

  it("puts the prefix in front", () => {
    const { displayCode, code } = generateGiftCode("SUMMER26");
    expect(displayCode).toMatch(new RegExp(`^SUMMER26-${RANDOM}-${RANDOM}-${RANDOM}$`));
    expect(code).toMatch(/^SUMMER26[A-Z0-9]{12}$/);
  });
});

describe("IssueGiftCodesRequest", () => {
  function fieldErrors(input: unknown): Record<string, string[]> {
    const parsed = IssueGiftCodesRequest.safeParse(input);
    if (parsed.success) return {};
    const out: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (out[issue.path.join(".")] ??= []).push(issue.message);
    return out;
  }

  it("applies defaults", () => {
    expect(IssueGiftCodesRequest.parse({ count: 2, maxUses: 3, items: [{ sku: "potion" }] })).toEqual({
      count: 2,
      maxUses: 3,
      expiresAt: null,
      grants: [],
      items: [{ sku: "potion", quantity: 1 }],
    });
  });

  it("checks bounds, prefix, contents and duplicates", () => {
    expect(fieldErrors({ count: 0, maxUses: 1_000_001, grants: [] })).toEqual({
      count: ["Must be 1 to 1000"],
      maxUses: ["Must be 1 to 1000000"],
      grants: ["At least one grant or item is required"],
    });
    expect(fieldErrors({ count: 1001, maxUses: 0, items: [{ sku: "potion" }] })).toEqual({ count: ["Must be 1 to 1000"], maxUses: ["Must be 1 to 1000000"] });
    expect(fieldErrors({ count: 1, maxUses: 1, prefix: "summer", items: [{ sku: "potion" }] })).toEqual({ prefix: ["Must be 1 to 8 characters A-Z or 0-9"] });
    expect(fieldErrors({ count: 1, maxUses: 1, prefix: "ABCDEFGHI", items: [{ sku: "potion" }] })).toEqual({ prefix: ["Must be 1 to 8 characters A-Z or 0-9"] });
    expect(fieldErrors({ count: 1, maxUses: 1, expiresAt: "tomorrow", items: [{ sku: "potion" }] })).toEqual({ expiresAt: ["Must be an ISO 8601 date-time"] });
    expect(
      fieldErrors({
        count: 1,
        maxUses: 1,
        grants: [
          { currency: "coins", amount: 1 },
          { currency: "coins", amount: 2 },
        ],
        items: [{ sku: "potion" }, { sku: "potion" }],
      }),
    ).toEqual({ "grants.1.currency": ["Listed twice"], "items.1.sku": ["Listed twice"] });
    expect(fieldErrors({ count: 1, maxUses: 1, grants: [{ currency: "coins", amount: 1, paid: 1 }] })).toHaveProperty("grants.0");
  });
});

describe("issueGiftCodes", () => {
  it("issues count distinct codes that redeem, with the given uses, expiry and contents", async () => {
    const expiresAt = new Date(clock.nowMs() + 86_400_000).toISOString();
    const codes = await issue(request({ count: 50, maxUses: 3, expiresAt, items: [{ sku: "potion", quantity: 2 }] }));
    expect(codes).toHaveLength(50);
    expect(new Set(codes.map((c) => c.code)).size).toBe(50);
    for (const c of codes) {
      expect(c).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        code: expect.stringMatching(DISPLAY),
        maxUses: 3,
        useCount: 0,
        expiresAt,
        disabled: false,
        grants: [{ currency: "coins", amount: 50 }],
        items: [{ sku: "potion", quantity: 2 }],
        batchId: null,
        createdAt: expect.any(String),
      });
    }
    const first = codes[0];
    if (!first) throw new Error("none");
    const db = await getDb();
    const [row] = await db.select().from(giftCodes).where(eq(giftCodes.id, first.id));
    expect(row?.code).toBe(first.code.replace(/-/g, ""));
    expect(row?.env).toBe("test");
    const player = await newPlayer(scope);
    expect(await redeem(scope, player, first.code.toLowerCase())).toEqual({
      grants: [{ currency: "coins", amount: 50, balance: { currency: "coins", paid: 0, bonus: 50, total: 50 } }],
      items: [{ sku: "potion", quantity: 2 }],
      skipped: [],
    });
  });

  it("adds the prefix", async () => {
    const [code] = await issue(request({ prefix: "VIP" }));
    expect(code?.code).toMatch(new RegExp(`^VIP-${RANDOM}-${RANDOM}-${RANDOM}$`));
  });

  it("issues 1000 codes in one call", async () => {
    expect(await issue(request({ count: 1000 }))).toHaveLength(1000);
  });

  it("refuses inactive or unknown currencies and items with one field error per line", async () => {
    const input = request({
      grants: [
        { currency: "coins", amount: 1 },
        { currency: "old_coins", amount: 1 },
        { currency: "nope", amount: 1 },
      ],
      items: [{ sku: "draft-hat", quantity: 1 }, { sku: "potion", quantity: 1 }, { sku: "ghost", quantity: 1 }],
    });
    expect(await refusal(issue(input))).toEqual({
      code: "VALIDATION_FAILED",
      details: {
        fieldErrors: {
          "grants.1.currency": ["Not an active currency of this game"],
          "grants.2.currency": ["Not an active currency of this game"],
          "items.0.sku": ["Not an active item of this game"],
          "items.2.sku": ["Not an active item of this game"],
        },
      },
    });
  });

  it("refuses an expiry that is not in the future", async () => {
    expect(await refusal(issue(request({ expiresAt: clock.now().toISOString() })))).toEqual({
      code: "VALIDATION_FAILED",
      details: { fieldErrors: { expiresAt: ["Must be in the future"] } },
    });
  });

  it("issues into the scope's environment only", async () => {
    const live: GameScope = { gameId: scope.gameId, env: "live" };
    const [code] = await issue(request(), live);
    if (!code) throw new Error("none");
    const db = await getDb();
    const [row] = await db.select({ env: giftCodes.env }).from(giftCodes).where(eq(giftCodes.id, code.id));
    expect(row?.env).toBe("live");
  });
});

describe("listGiftCodes and disableGiftCode", () => {
  it("pages newest first with a cursor, finds by normalized search, stays in its scope", async () => {
    const own = await testScope(await createTestGame());
    const db = await getDb();
    const codes = await db.transaction((tx) => issueGiftCodes(tx, own, request({ count: 5, prefix: "PAGE" })));
    await db.transaction((tx) => issueGiftCodes(tx, { ...own, env: "live" }, request({ count: 2 })));
    const newestFirst = [...codes].reverse().map((c) => c.id);

    const first = await listGiftCodes(db, own, { limit: 2 });
    expect(first.codes.map((c) => c.id)).toEqual(newestFirst.slice(0, 2));
    const second = await listGiftCodes(db, own, { limit: 2, cursor: first.nextCursor ?? undefined });
    expect(second.codes.map((c) => c.id)).toEqual(newestFirst.slice(2, 4));
    const third = await listGiftCodes(db, own, { limit: 2, cursor: second.nextCursor ?? undefined });
    expect(third).toEqual({ codes: [expect.objectContaining({ id: newestFirst[4] })], nextCursor: null });

    const target = codes[2];
    if (!target) throw new Error("none");
    const typed = target.code.slice(5, 12).toLowerCase(); // "abcd-ef": case and dash ignored
    expect((await listGiftCodes(db, own, { limit: 20, search: typed })).codes.map((c) => c.id)).toEqual([target.id]);
    expect((await listGiftCodes(db, own, { limit: 20, search: "%" })).codes).toEqual([]);
    expect((await listGiftCodes(db, own, { limit: 20, search: "page" })).codes).toHaveLength(5);
    expect(await refusal(listGiftCodes(db, own, { limit: 20, cursor: "garbage" }))).toEqual({
      code: "VALIDATION_FAILED",
      details: { fieldErrors: { cursor: ["Not a valid cursor"] } },
    });
  });

  it("disables a code of the scope and answers 404 for another scope", async () => {
    const db = await getDb();
    const [code] = await issue(request());
    if (!code) throw new Error("none");
    expect(await refusal(disableGiftCode(db, { ...scope, env: "live" }, code.id))).toEqual({ code: "NOT_FOUND", details: undefined });
    expect(await disableGiftCode(db, scope, code.id)).toEqual({ ...code, disabled: true });
    expect((await disableGiftCode(db, scope, code.id)).disabled).toBe(true);
    expect(await refusal(disableGiftCode(db, scope, "0".repeat(24)))).toEqual({ code: "NOT_FOUND", details: undefined });
  });
});
