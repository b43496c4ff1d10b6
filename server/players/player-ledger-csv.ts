import "server-only";
import { and, asc, eq, gt, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { ledgerEntries } from "@/db/schema";
import type { CsvRecord, CsvStreamSource } from "@/server/lib/csv";
import type { GameScope } from "@/server/lib/scope";
import { playerOfScope } from "./get-player-detail";

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
 * keyset batches on the (player, id) index as the file streams. 404 for an unknown player, before a byte.
 */
export async function playerLedgerCsv(db: Db, scope: GameScope, playerId: string): Promise<CsvStreamSource> {
  const player = await playerOfScope(db, scope, playerId);
  return { filename: `ledger-${player.id}-${scope.env}.csv`, header: LEDGER_CSV_HEADER, records: ledgerRecords(db, scope, player.id) };
}

async function* ledgerRecords(db: Db, scope: GameScope, playerId: string): AsyncGenerator<CsvRecord> {
  for (let after: string | null = null; ; ) {
    const conditions: SQL[] = [eq(ledgerEntries.playerId, playerId), eq(ledgerEntries.gameId, scope.gameId), eq(ledgerEntries.env, scope.env)];
    if (after) conditions.push(gt(ledgerEntries.id, after));
    const rows = await db
      .select()
      .from(ledgerEntries)
      .where(and(...conditions))
      .orderBy(asc(ledgerEntries.id))
      .limit(BATCH);
    for (const e of rows) {
      yield [
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
      ];
    }
    const last = rows[rows.length - 1];
    if (rows.length < BATCH || !last) return;
    after = last.id;
  }
}
