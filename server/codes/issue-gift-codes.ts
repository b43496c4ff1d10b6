import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { currencies, giftCodes, items } from "@/db/schema";
import { Sku, CurrencyCode } from "@/server/catalog/catalog-codes";
import { clock } from "@/server/lib/clock";
import { AppError, validationError, type FieldErrors } from "@/server/lib/errors";
import { newId } from "@/server/lib/ids";
import type { GameScope } from "@/server/lib/scope";
import { Quantity } from "@/server/inventory/schemas";
import { Amount } from "@/server/wallet/schemas";
import { generateGiftCode, GIFT_CODE_PREFIX_PATTERN } from "./gift-code-format";
import { toGiftCodeView, type GiftCodeView } from "./gift-code-view";

/** Same bounds as gift codes in fixtures. */
const MAX_GRANTS = 10;
const MAX_ITEMS = 20;

/** What the dashboard sends to issue a batch of codes that all give the same grants and items. */
export const IssueGiftCodesRequest = z
  .strictObject({
    count: z.number().int("Must be an integer").min(1, "Must be 1 to 1000").max(1000, "Must be 1 to 1000"),
    maxUses: z.number().int("Must be an integer").min(1, "Must be 1 to 1000000").max(1_000_000, "Must be 1 to 1000000"),
    expiresAt: z.iso.datetime({ offset: true, error: "Must be an ISO 8601 date-time" }).nullable().default(null),
    grants: z.array(z.strictObject({ currency: CurrencyCode, amount: Amount })).max(MAX_GRANTS, `At most ${MAX_GRANTS} grants`).default([]),
    items: z.array(z.strictObject({ sku: Sku, quantity: Quantity.default(1) })).max(MAX_ITEMS, `At most ${MAX_ITEMS} items`).default([]),
    prefix: z.string().regex(GIFT_CODE_PREFIX_PATTERN, "Must be 1 to 8 characters A-Z or 0-9").optional(),
  })
  .superRefine((value, ctx) => {
    if (value.grants.length === 0 && value.items.length === 0) {
      ctx.addIssue({ code: "custom", path: ["grants"], message: "At least one grant or item is required" });
    }
    // One line per currency and per sku, as in fixtures: a doubled line is almost always a typing slip.
    const seen = new Set<string>();
    value.grants.forEach((g, i) => {
      if (seen.has(`c:${g.currency}`)) ctx.addIssue({ code: "custom", path: ["grants", i, "currency"], message: "Listed twice" });
      seen.add(`c:${g.currency}`);
    });
    value.items.forEach((item, i) => {
      if (seen.has(`i:${item.sku}`)) ctx.addIssue({ code: "custom", path: ["items", i, "sku"], message: "Listed twice" });
      seen.add(`i:${item.sku}`);
    });
  });
export type IssueGiftCodesRequest = z.infer<typeof IssueGiftCodesRequest>;

/**
 * Grants and items must name active catalog entries. Refused as 400 VALIDATION_FAILED with one field
 * error per bad line (not 404), so the dashboard form can mark every wrong line at once.
 */
export async function checkGiftCodeCatalog(db: Db, scope: GameScope, input: Pick<IssueGiftCodesRequest, "grants" | "items">): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const codes = input.grants.map((g) => g.currency);
  const skus = input.items.map((i) => i.sku);
  const activeCurrencies = new Set(
    codes.length === 0
      ? []
      : (
          await db
            .select({ code: currencies.code })
            .from(currencies)
            .where(and(eq(currencies.gameId, scope.gameId), eq(currencies.env, scope.env), eq(currencies.status, "active"), inArray(currencies.code, codes)))
        ).map((r) => r.code),
  );
  const activeItems = new Set(
    skus.length === 0
      ? []
      : (await db.select({ sku: items.sku }).from(items).where(and(eq(items.gameId, scope.gameId), eq(items.env, scope.env), eq(items.status, "active"), inArray(items.sku, skus)))).map(
          (r) => r.sku,
        ),
  );
  codes.forEach((code, i) => {
    if (!activeCurrencies.has(code)) errors[`grants.${i}.currency`] = ["Not an active currency of this game"];
  });
  skus.forEach((sku, i) => {
    if (!activeItems.has(sku)) errors[`items.${i}.sku`] = ["Not an active item of this game"];
  });
  return errors;
}

/** Rounds of fresh codes tried when some collide with existing ones (2^59 space: one round in practice). */
const MAX_ROUNDS = 5;

export type IssueGiftCodesOptions = { batchId?: string | null } & IssueGiftCodesRequest;

/**
 * Issues `count` random codes in the scope's game and environment; returns them in creation order.
 * Call it inside a transaction so that a failure leaves no partial batch. `batchId` ties them to a
 * labelled dashboard batch (gift-code-batches.ts), which must already exist in the same transaction.
 */
export async function issueGiftCodes(db: Db, scope: GameScope, { batchId = null, ...input }: IssueGiftCodesOptions): Promise<GiftCodeView[]> {
  const now = clock.now();
  const expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt);
  const errors = await checkGiftCodeCatalog(db, scope, input);
  if (expiresAt !== null && expiresAt <= now) errors.expiresAt = ["Must be in the future"];
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const issued: GiftCodeView[] = [];
  for (let round = 0; round < MAX_ROUNDS && issued.length < input.count; round += 1) {
    const batch = new Map<string, string>();
    while (batch.size < input.count - issued.length) {
      const generated = generateGiftCode(input.prefix);
      batch.set(generated.code, generated.displayCode);
    }
    const rows = await db
      .insert(giftCodes)
      .values(
        [...batch].map(([code, displayCode]) => ({
          id: newId(),
          gameId: scope.gameId,
          env: scope.env,
          code,
          displayCode,
          maxUses: input.maxUses,
          expiresAt,
          grants: input.grants,
          items: input.items,
          batchId,
          createdAt: now,
        })),
      )
      // CONCURRENCY: the unique (game, env, code) index decides collisions; a collided code is redrawn.
      .onConflictDoNothing()
      .returning();
    issued.push(...rows.sort((a, b) => (a.id < b.id ? -1 : 1)).map(toGiftCodeView));
  }
  if (issued.length < input.count) throw new AppError("INTERNAL_ERROR", "Could not draw enough unique gift codes.");
  return issued;
}
