import "server-only";
import { and, notInArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders, stores } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";
import { applyMovement, emptyLine, moneySums, movedIn, movements, sumLines, type MoneyLine } from "./money-movements";
import type { Period } from "./period";

/** One line of an EU OSS return: the buyer's member state and the rate applied there. */
export type VatCountryLine = MoneyLine & { country: string; vatRateBp: number };
export type VatByCountry = { period: Period; lines: VatCountryLine[]; totals: MoneyLine };

/**
 * The figures an EU OSS VAT return needs for the period, per member state of consumption and VAT
 * rate: taxable amount (`netCents`), VAT (`vatCents`) and number of orders. A refund or chargeback of
 * an order is a correction in the period it happens, at the rate of the original order. Rates are
 * kept apart (not only countries) because a rate can change inside a period. App Store and Google
 * Play sales are left out: the store is the merchant of record and declares their VAT.
 */
export async function vatByCountry(db: Db, scope: GameScope, period: Period): Promise<VatByCountry> {
  const lines = new Map<string, VatCountryLine>();
  for (const movement of movements) {
    const rows = await db
      .select({ country: orders.country, vatRateBp: orders.vatRateBp, ...moneySums })
      .from(orders)
      // A store sale's VAT is the store's to declare (it is the merchant of record): not on the studio's return.
      .where(and(movedIn(scope, { movement, period }), notInArray(orders.provider, [...stores])))
      .groupBy(orders.country, orders.vatRateBp);
    for (const row of rows) {
      const key = `${row.country}:${row.vatRateBp}`;
      let line = lines.get(key);
      if (!line) {
        line = { country: row.country, vatRateBp: row.vatRateBp, ...emptyLine() };
        lines.set(key, line);
      }
      applyMovement(line, movement, row);
    }
  }
  const sorted = [...lines.values()].sort((a, b) => a.country.localeCompare(b.country) || a.vatRateBp - b.vatRateBp);
  return { period, lines: sorted, totals: sumLines(sorted) };
}
