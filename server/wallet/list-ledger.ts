import "server-only";
import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { ledgerEntries } from "@/db/schema";
import { CurrencyCode } from "@/server/catalog/catalog-codes";
import { Cursor, decodeCursor, encodeCursor, Limit } from "@/server/lib/cursor";
import type { GameScope } from "@/server/lib/scope";
import { LedgerEntrySchema, toLedgerEntryView } from "./wallet-views";

export const ListLedgerQuery = z.strictObject({
  limit: Limit,
  cursor: Cursor.optional(),
  currency: CurrencyCode.optional(),
});
export type ListLedgerQuery = z.infer<typeof ListLedgerQuery>;

/** One page of the ledger, defined once (server/api registers it as the LedgerPage component). */
export const LedgerPageSchema = z.object({ entries: z.array(LedgerEntrySchema), nextCursor: z.string().nullable() });
export type LedgerPage = z.infer<typeof LedgerPageSchema>;

/** Newest first; the cursor is the last id of the previous page. */
export async function listLedger(db: Db, scope: GameScope, playerId: string, query: ListLedgerQuery): Promise<LedgerPage> {
  const conditions: SQL[] = [
    eq(ledgerEntries.playerId, playerId),
    eq(ledgerEntries.gameId, scope.gameId),
    eq(ledgerEntries.env, scope.env),
  ];
  if (query.currency) conditions.push(eq(ledgerEntries.currency, query.currency));
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  if (after) conditions.push(lt(ledgerEntries.id, after));
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(and(...conditions))
    .orderBy(desc(ledgerEntries.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map(toLedgerEntryView),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.id) : null,
  };
}
