import "server-only";
import { eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { creatorCodes, orders } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";
import { applyMovement, emptyLine, moneySums, movedIn, movements, sumLines, type MoneyLine } from "@/server/revenue/money-movements";
import type { Period } from "@/server/revenue/period";

export type CreatorSalesLine = MoneyLine & { code: string; creatorName: string; rateBp: number | null; active: boolean | null };
export type CreatorSales = { period: Period; lines: CreatorSalesLine[]; totals: MoneyLine };

/**
 * Sales per creator code in the period, with the creator's share (the sum of the shares fixed on the
 * orders, never recomputed from today's rate). Same rules as the revenue report: a sale counts on its
 * payment day, a refund or chargeback takes its share back on its own day. Every code of the game is
 * listed (quiet ones at zero); a code with orders but since removed still shows, under its last name.
 */
export async function creatorCodeSales(db: Db, scope: GameScope, period: Period): Promise<CreatorSales> {
  const codes = await db.select().from(creatorCodes).where(eq(creatorCodes.gameId, scope.gameId));
  const lines = new Map<string, CreatorSalesLine>(
    codes.map((c) => [c.code, { code: c.code, creatorName: c.creatorName, rateBp: c.rateBp, active: c.active, ...emptyLine() }]),
  );
  for (const movement of movements) {
    const rows = await db
      .select({ code: orders.creatorCode, creatorName: orders.creatorName, ...moneySums })
      .from(orders)
      .where(movedIn(scope, { movement, period, extra: isNotNull(orders.creatorCode) }))
      .groupBy(orders.creatorCode, orders.creatorName);
    for (const row of rows) {
      if (!row.code) continue;
      let line = lines.get(row.code);
      if (!line) {
        line = { code: row.code, creatorName: row.creatorName ?? row.code, rateBp: null, active: null, ...emptyLine() };
        lines.set(row.code, line);
      }
      applyMovement(line, movement, row);
    }
  }
  const sorted = [...lines.values()].sort((a, b) => a.code.localeCompare(b.code));
  return { period, lines: sorted, totals: sumLines(sorted) };
}
