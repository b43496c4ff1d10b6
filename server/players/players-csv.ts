import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { currencies } from "@/db/schema";
import { csvFile } from "@/server/lib/csv";
import type { GameScope } from "@/server/lib/scope";
import { playersPage, type PlayerFilter, type PlayerListRow } from "./search-players";

/** Rows read per query: the export walks the same keyset pages as the list, never one unbounded read. */
const BATCH = 500;

export type CsvExport = { filename: string; csv: string };

/**
 * Every player the filter matches (not only the page on screen), newest first. One `balance_<code>`
 * column (paid + bonus) per currency of the environment's catalog, then any other currency a listed
 * player still holds; instants in ISO 8601 UTC.
 */
export async function playersCsv(db: Db, scope: GameScope, filter: PlayerFilter, today: string): Promise<CsvExport> {
  const rows: PlayerListRow[] = [];
  for (let after: string | null = null; ; ) {
    const batch = await playersPage(db, scope, filter, BATCH, after);
    rows.push(...batch);
    const last = batch[batch.length - 1];
    if (batch.length < BATCH || !last) break;
    after = last.id;
  }
  const catalog = await db
    .select({ code: currencies.code })
    .from(currencies)
    .where(and(eq(currencies.gameId, scope.gameId), eq(currencies.env, scope.env)))
    .orderBy(asc(currencies.position), asc(currencies.code));
  const codes = catalog.map((c) => c.code);
  const extra = [...new Set(rows.flatMap((r) => r.balances.map((b) => b.currency)))].filter((c) => !codes.includes(c)).sort();
  const columns = [...codes, ...extra];
  const header = ["id", "external_id", "display_name", "email", "country", "blocked", ...columns.map((c) => `balance_${c}`), "created_at"];
  const records = rows.map((p) => {
    const totals = new Map(p.balances.map((b) => [b.currency, b.total]));
    return [
      p.id,
      p.externalId ?? "",
      p.displayName ?? "",
      p.linkedEmail ?? p.email ?? "",
      p.country ?? "",
      p.blocked ? "true" : "false",
      ...columns.map((c) => totals.get(c) ?? 0),
      p.createdAt,
    ];
  });
  return { filename: `players-${scope.env}-${today}.csv`, csv: csvFile(header, records) };
}
