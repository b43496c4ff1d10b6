import "server-only";
import { and, asc, eq, gt, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { ledgerEntries } from "@/db/schema";
import { csvFile } from "@/server/lib/csv";
import type { GameScope } from "@/server/lib/scope";
import { requirePlayer } from "./get-player-detail";
import type { CsvExport } from "./players-csv";

const BATCH = 1000;

export const LEDGER_CSV_HEADER = [
  "entry_id",
  "created_at",
  "type",
  "currency",
  "paid_delta",
  "bonus_delta",
  "paid_after",
  "bonus_after",
  "total_after",
  "reason",
  "order_id",
  "item_sku",
];

/**
 * Every ledger entry of one player, oldest first (the order an accountant replays them in), read in
 * keyset batches on the (player, id) index so a long history never loads in one query.
 */
export async function playerLedgerCsv(db: Db, scope: GameScope, playerId: string): Promise<CsvExport> {
  const player = await requirePlayer(db, scope, playerId);
  const records: (string | number)[][] = [];
  for (let after: string | null = null; ; ) {
    const conditions: SQL[] = [eq(ledgerEntries.playerId, player.id), eq(ledgerEntries.gameId, scope.gameId), eq(ledgerEntries.env, scope.env)];
    if (after) conditions.push(gt(ledgerEntries.id, after));
    const rows = await db
      .select()
      .from(ledgerEntries)
      .where(and(...conditions))
      .orderBy(asc(ledgerEntries.id))
      .limit(BATCH);
    for (const e of rows) {
      records.push([
        e.id,
        e.createdAt.toISOString(),
        e.type,
        e.currency,
        e.paidDelta,
        e.bonusDelta,
        e.paidAfter,
        e.bonusAfter,
        e.paidAfter + e.bonusAfter,
        e.reason ?? "",
        e.orderId ?? "",
        e.itemSku ?? "",
      ]);
    }
    const last = rows[rows.length - 1];
    if (rows.length < BATCH || !last) break;
    after = last.id;
  }
  return { filename: `ledger-${player.id}-${scope.env}.csv`, csv: csvFile(LEDGER_CSV_HEADER, records) };
}
