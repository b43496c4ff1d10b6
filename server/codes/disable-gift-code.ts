import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { giftCodes } from "@/db/schema";
import { notFound } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { toGiftCodeView, type GiftCodeView } from "./gift-code-view";

/**
 * Stops a code for good (there is no enabling again: a leaked code stays dead). Disabling a disabled
 * code answers the same. Redemptions already made are kept. 404 outside the scope's game and environment.
 */
export async function disableGiftCode(db: Db, scope: GameScope, id: string): Promise<GiftCodeView> {
  // CONCURRENCY: the update waits for a redemption holding the code's row lock, so no redemption
  // can start after this commits.
  const rows = await db
    .update(giftCodes)
    .set({ disabled: true })
    .where(and(eq(giftCodes.id, id), eq(giftCodes.gameId, scope.gameId), eq(giftCodes.env, scope.env)))
    .returning();
  const row = rows[0];
  if (!row) throw notFound("Gift code");
  return toGiftCodeView(row);
}
