import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { giftCodes } from "@/db/schema";
import { normalizeGiftCode } from "@/server/lib/code-format";
import { AppError, validationError } from "@/server/lib/errors";
import { newId } from "@/server/lib/ids";
import type { GameScope } from "@/server/lib/scope";
import { clock } from "@/server/lib/clock";
import { toGiftCodeView, type GiftCodeRow, type GiftCodeView } from "./gift-code-view";
import { checkGiftCodeCatalog } from "./issue-gift-codes";

/** A code given in full, as a fixture names it: the code as written (display code) and what it gives. */
export type GiftCodeSpec = {
  code: string;
  maxUses: number;
  expiresAt: Date | null;
  disabled: boolean;
  grants: { currency: string; amount: number }[];
  items: { sku: string; quantity: number }[];
};

function lines(spec: Pick<GiftCodeSpec, "grants" | "items">): string {
  return JSON.stringify([spec.grants.map((g) => [g.currency, g.amount]), spec.items.map((i) => [i.sku, i.quantity])]);
}

function unchanged(row: GiftCodeRow, spec: GiftCodeSpec): boolean {
  return (
    row.displayCode === spec.code &&
    row.maxUses === spec.maxUses &&
    (row.expiresAt?.getTime() ?? null) === (spec.expiresAt?.getTime() ?? null) &&
    row.disabled === spec.disabled &&
    lines(row) === lines(spec)
  );
}

/**
 * Creates or rewrites the code by its normalized form within the scope's game and environment (the
 * fixture loader's codes are fixed, so loading a file twice finds them). Grants and items must name
 * active catalog entries, as for an issued batch; the use count and redemptions are never touched, and
 * an unchanged code is not written. Unlike a dashboard batch, an expiry already past is kept as given.
 */
export async function upsertGiftCode(db: Db, scope: GameScope, spec: GiftCodeSpec): Promise<GiftCodeView> {
  const errors = await checkGiftCodeCatalog(db, scope, spec);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const code = normalizeGiftCode(spec.code);
  const columns = { displayCode: spec.code, maxUses: spec.maxUses, expiresAt: spec.expiresAt, disabled: spec.disabled, grants: spec.grants, items: spec.items };
  const where = and(eq(giftCodes.gameId, scope.gameId), eq(giftCodes.env, scope.env), eq(giftCodes.code, code));
  // CONCURRENCY: the row lock waits for a redemption in progress, so its use count is not overwritten.
  const [current] = await db.select().from(giftCodes).where(where).for("update");
  if (current && unchanged(current, spec)) return toGiftCodeView(current);
  const [row] = current
    ? await db.update(giftCodes).set(columns).where(where).returning()
    : await db
        .insert(giftCodes)
        .values({ id: newId(), gameId: scope.gameId, env: scope.env, code, ...columns, createdAt: clock.now() })
        .returning();
  if (!row) throw new AppError("INTERNAL_ERROR", "The gift code could not be written.");
  return toGiftCodeView(row);
}
