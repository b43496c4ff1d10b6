import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { balances, currencies } from "@/db/schema";
import type { CsvRecord, CsvStreamSource } from "@/server/lib/csv";
import type { GameScope } from "@/server/lib/scope";
import { playersPage, type PlayerFilter, type PlayerListRow } from "./search-players";

/** Rows read per query: the export walks the same keyset pages as the list, never one unbounded read. */
const BATCH = 500;

/** Which players to export, and the day the file name carries. */
export type PlayersCsvRequest = { filter: PlayerFilter; today: string };

/**
 * Every player the filter matches (not only the page on screen), newest first, streamed in the list's
 * keyset pages. One `balance_<code>` column (paid + bonus) per currency of the environment's catalog,
 * then any other currency a player of the environment still holds (known before the first row, so the
 * header never changes under a streaming file); instants in ISO 8601 UTC.
 */
export async function playersCsv(db: Db, scope: GameScope, { filter, today }: PlayersCsvRequest): Promise<CsvStreamSource> {
  const catalog = await db
    .select({ code: currencies.code })
    .from(currencies)
    .where(and(eq(currencies.gameId, scope.gameId), eq(currencies.env, scope.env)))
    .orderBy(asc(currencies.position), asc(currencies.code));
  const codes = catalog.map((c) => c.code);
  const held = await db
    .selectDistinct({ currency: balances.currency })
    .from(balances)
    .where(and(eq(balances.gameId, scope.gameId), eq(balances.env, scope.env)));
  const extra = held.map((h) => h.currency).filter((c) => !codes.includes(c)).sort();
  const columns = [...codes, ...extra];
  const header = ["id", "external_id", "display_name", "email", "country", "blocked", ...columns.map((c) => `balance_${c}`), "created_at"];
  return { filename: `players-${scope.env}-${today}.csv`, header, records: playerRecords(db, scope, { filter, columns }) };
}

async function* playerRecords(db: Db, scope: GameScope, { filter, columns }: { filter: PlayerFilter; columns: string[] }): AsyncGenerator<CsvRecord> {
  for (let after: string | null = null; ; ) {
    const batch: PlayerListRow[] = await playersPage(db, scope, { filter, limit: BATCH, afterId: after });
    for (const p of batch) {
      const totals = new Map(p.balances.map((b) => [b.currency, b.total]));
      yield [
        p.id,
        p.externalId ?? "",
        p.displayName ?? "",
        p.linkedEmail ?? p.email ?? "",
        p.country ?? "",
        p.blocked ? "true" : "false",
        ...columns.map((c) => totals.get(c) ?? 0),
        p.createdAt,
      ];
    }
    const last = batch[batch.length - 1];
    if (batch.length < BATCH || !last) return;
    after = last.id;
  }
}
