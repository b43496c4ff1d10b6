import "server-only";
import { and, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { ledgerEntries } from "@/db/schema";
import { CurrencyCode } from "@/server/catalog/catalog-codes";
import { Cursor, decodeCursor, encodeCursor, Limit } from "@/server/lib/cursor";
import { preparedQuery } from "@/server/db/prepared-query";
import type { GameScope } from "@/server/lib/scope";
import { JsonText } from "@/server/lib/json-text";
import { LedgerEntrySchema, ledgerEntryText, parseLedgerEntry } from "./wallet-views";

export const ListLedgerQuery = z.strictObject({
  limit: Limit,
  cursor: Cursor.optional(),
  currency: CurrencyCode.optional(),
});
export type ListLedgerQuery = z.infer<typeof ListLedgerQuery>;

/** One page of the ledger, defined once (server/api registers it as the LedgerPage component). */
export const LedgerPageSchema = z.object({ entries: z.array(LedgerEntrySchema), nextCursor: z.string().nullable() });
export type LedgerPage = z.infer<typeof LedgerPageSchema>;

/** A page as the database wrote its entries: each entry's JSON text (see ledgerEntryText). */
export type LedgerPageTexts = { entries: string[]; nextCursor: string | null };

/** Whose ledger, and which page of it. */
export type LedgerRequest = { playerId: string; query: ListLedgerQuery };

/** The page's statement for each shape (a currency filter, a cursor), built once per handle (server/db/prepared-query.ts). */
function pageQuery(shape: { currency: boolean; cursor: boolean }) {
  return preparedQuery((db) => {
    const conditions: SQL[] = [
      eq(ledgerEntries.playerId, sql`(SELECT ${sql.placeholder("playerId")}::text)`),
      eq(ledgerEntries.gameId, sql.placeholder("gameId")),
      eq(ledgerEntries.env, sql.placeholder("env")),
    ];
    if (shape.currency) conditions.push(eq(ledgerEntries.currency, sql.placeholder("currency")));
    if (shape.cursor) conditions.push(lt(ledgerEntries.id, sql.placeholder("after")));
    return db
      .select({ id: ledgerEntries.id, text: ledgerEntryText })
      .from(ledgerEntries)
      .where(and(...conditions))
      .orderBy(desc(ledgerEntries.id))
      .limit(sql.placeholder("limit"))
      .prepare(`ledger_page${shape.currency ? "_currency" : ""}${shape.cursor ? "_after" : ""}`);
  });
}

const pageQueries = {
  all: pageQuery({ currency: false, cursor: false }),
  after: pageQuery({ currency: false, cursor: true }),
  currency: pageQuery({ currency: true, cursor: false }),
  currencyAfter: pageQuery({ currency: true, cursor: true }),
};

/**
 * Newest first; the cursor is the last id of the previous page.
 *
 * PERFORMANCE: the player id is compared to `(SELECT $1)`, a value the planner does not see. With the
 * plain `player_id = $1`, Postgres estimates the rows of that very player from its statistics; for a
 * player who owns most of the table (1,000,000 entries) it then walks the primary key backwards and
 * filters out every newer entry of all other players (100,000 rows, 38 ms, instead of 0.1 ms). Unseen,
 * the value gets the average estimate and the plan is the (player_id, id) index for every player
 * (docs/performance.md, the ledger page target).
 */
export async function listLedger(db: Db, scope: GameScope, { playerId, query }: LedgerRequest): Promise<LedgerPageTexts> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const shape = query.currency ? (after ? "currencyAfter" : "currency") : after ? "after" : "all";
  const rows = await pageQueries[shape](db).execute({
    playerId,
    gameId: scope.gameId,
    env: scope.env,
    currency: query.currency ?? null,
    after,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map((row) => row.text),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.id) : null,
  };
}

/** The page as SPEC's LedgerPage, written around the entries' own text (the API's answer). */
export function ledgerPageText(page: LedgerPageTexts): JsonText<LedgerPage> {
  return new JsonText(`{"entries":[${page.entries.join(",")}],"nextCursor":${JSON.stringify(page.nextCursor)}}`);
}

/** The page as values (the dashboard's procedure, which tRPC serializes itself). */
export function ledgerPageValue(page: LedgerPageTexts): LedgerPage {
  return { entries: page.entries.map(parseLedgerEntry), nextCursor: page.nextCursor };
}
