import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { giftCodes } from "@/db/schema";
import { notFound } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { toGiftCodeView, type GiftCodeView } from "./gift-code-view";

export type FindGiftCodeOptions = { id: string; forUpdate?: boolean };

/**
 * One code of the scope's game and environment, or NOT_FOUND. With `forUpdate` the row stays locked
 * until the transaction ends, so the dashboard's "before" snapshot is the state the change replaced.
 */
export async function findGiftCode(db: Db, scope: GameScope, { id, ...options }: FindGiftCodeOptions): Promise<GiftCodeView> {
  const query = db
    .select()
    .from(giftCodes)
    .where(and(eq(giftCodes.id, id), eq(giftCodes.gameId, scope.gameId), eq(giftCodes.env, scope.env)))
    .limit(1);
  const rows = options.forUpdate ? await query.for("update") : await query;
  const row = rows[0];
  if (!row) throw notFound("Gift code");
  return toGiftCodeView(row);
}
