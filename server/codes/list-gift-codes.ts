import "server-only";
import { and, desc, eq, isNull, like, lt, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { giftCodes } from "@/db/schema";
import { normalizeGiftCode } from "@/server/lib/code-format";
import { Cursor, decodeCursor, encodeCursor, Limit } from "@/server/lib/cursor";
import { validationError } from "@/server/lib/errors";
import { ID_PATTERN } from "@/server/lib/ids";
import type { GameScope } from "@/server/lib/scope";
import { toGiftCodeView, type GiftCodeRow, type GiftCodeView } from "./gift-code-view";

/** `none`: the codes issued outside any dashboard batch (fixture, API). */
export const NO_BATCH = "none";

/**
 * Which codes a list or an export covers: `search` is a part of the code, matched like a redemption;
 * `batchId` one dashboard batch, or NO_BATCH.
 */
export const GiftCodesFilter = z.strictObject({
  search: z.string().max(64, "Must be at most 64 characters").optional(),
  batchId: z
    .string()
    .refine((v) => v === NO_BATCH || ID_PATTERN.test(v), "Not a batch of this game")
    .optional(),
});
export type GiftCodesFilter = z.infer<typeof GiftCodesFilter>;

export const ListGiftCodesQuery = GiftCodesFilter.extend({ limit: Limit, cursor: Cursor.optional() });
export type ListGiftCodesQuery = z.infer<typeof ListGiftCodesQuery>;

export type GiftCodePage = { codes: GiftCodeView[]; nextCursor: string | null };

/** `%`, `_` and `\` in a search are literal characters, not LIKE wildcards. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export type GiftCodesQuery = { filter: GiftCodesFilter; afterId: string | null; limit: number };

/** Newest first, after `afterId` when given: the one query behind both the list and the CSV export. */
export async function selectGiftCodes(db: Db, scope: GameScope, { filter, ...page }: GiftCodesQuery): Promise<GiftCodeRow[]> {
  const conditions: SQL[] = [eq(giftCodes.gameId, scope.gameId), eq(giftCodes.env, scope.env)];
  // Normalized like a redemption, so `abcd-efgh` finds `ABCD-EFGH-JKMN`.
  const search = normalizeGiftCode(filter.search ?? "");
  if (search) conditions.push(like(giftCodes.code, `%${likeLiteral(search)}%`));
  if (filter.batchId) conditions.push(filter.batchId === NO_BATCH ? isNull(giftCodes.batchId) : eq(giftCodes.batchId, filter.batchId));
  if (page.afterId) conditions.push(lt(giftCodes.id, page.afterId));
  return db
    .select()
    .from(giftCodes)
    .where(and(...conditions))
    .orderBy(desc(giftCodes.id))
    .limit(page.limit);
}

/** One page of the scope's codes, newest first; the cursor is the last id of the previous page. */
export async function listGiftCodes(db: Db, scope: GameScope, query: GiftCodesFilter & { limit: number; cursor?: string }): Promise<GiftCodePage> {
  const afterId = query.cursor === undefined ? null : decodeCursor(query.cursor);
  if (query.cursor !== undefined && afterId === null) throw validationError({ cursor: ["Not a valid cursor"] });
  const rows = await selectGiftCodes(db, scope, { filter: { search: query.search, batchId: query.batchId }, afterId, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    codes: page.map(toGiftCodeView),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.id) : null,
  };
}
