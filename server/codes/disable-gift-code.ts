import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { giftCodes } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError, notFound } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { findGiftCode } from "./find-gift-code";
import { giftCodeOver, toGiftCodeView, type GiftCodeView } from "./gift-code-view";

/**
 * Stops a code for good (there is no enabling again: a leaked code stays dead). Disabling a disabled
 * code answers the same. Redemptions already made are kept. 404 outside the scope's game and
 * environment; 409 for a used-up or expired code, which no player can redeem any more: disabling it
 * would change nothing but the record of how it ended.
 */
export async function disableGiftCode(db: Db, scope: GameScope, id: string): Promise<GiftCodeView> {
  // CONCURRENCY: the row lock waits for a redemption holding it, so no redemption can start after this
  // commits, and the use count checked here is the final one.
  const current = await findGiftCode(db, scope, { id, forUpdate: true });
  if (current.disabled) return current;
  const over = giftCodeOver(current, clock.now());
  if (over === "used_up") throw new AppError("CONFLICT", "This code is used up: every use has been redeemed, so there is nothing left to disable.");
  if (over === "expired") throw new AppError("CONFLICT", "This code has expired: players can no longer redeem it, so there is nothing left to disable.");
  const rows = await db
    .update(giftCodes)
    .set({ disabled: true })
    .where(and(eq(giftCodes.id, id), eq(giftCodes.gameId, scope.gameId), eq(giftCodes.env, scope.env)))
    .returning();
  const row = rows[0];
  if (!row) throw notFound("Gift code");
  return toGiftCodeView(row);
}
