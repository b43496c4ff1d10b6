import "server-only";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";
import { applyMovement, emptyLine, moneySums, movedIn, movementDay, movements, sumLines, type MoneyLine } from "./money-movements";
import { daysOf, type Period } from "./period";

export type RevenueDay = MoneyLine & { day: string };
export type DailyRevenue = { period: Period; days: RevenueDay[]; totals: MoneyLine };

/**
 * Gross, VAT and net per UTC day of the period: sales on their payment day, minus refunds and
 * chargebacks on theirs (see money-movements.ts). Every day of the period is listed, quiet ones at zero.
 */
export async function dailyRevenue(db: Db, scope: GameScope, period: Period): Promise<DailyRevenue> {
  const lines = new Map(daysOf(period).map((day) => [day, emptyLine()]));
  for (const movement of movements) {
    const day = movementDay(movement);
    const rows = await db.select({ day, ...moneySums }).from(orders).where(movedIn(scope, { movement, period })).groupBy(day);
    for (const row of rows) {
      const line = lines.get(row.day);
      if (line) applyMovement(line, movement, row);
    }
  }
  const days = [...lines].map(([day, line]) => ({ day, ...line }));
  return { period, days, totals: sumLines(days) };
}
