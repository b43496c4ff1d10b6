import "server-only";
import type { Db } from "@/db/client";
import type { GameScope } from "@/server/lib/scope";
import type { Period } from "@/server/revenue/period";
import { centsToDecimal, filename, num, record, type CsvExport } from "@/server/revenue/revenue-csv";
import { creatorCodeSales } from "./creator-code-sales";

export const CREATOR_PAYOUTS_CSV_HEADER = ["code", "creator", "current_rate_percent", "orders", "refunds", "chargebacks", "net_sales_eur", "payout_eur"];

/**
 * What each creator is owed for the period: one line per code (quiet ones at zero), then a `total`
 * line. The payout is the sum of the shares fixed on the orders, with refunds and chargebacks of the
 * period taken back, so it can be negative; the rate column is today's rate, for reference only.
 * Amounts are euros with two decimals, from integer cents (no float can move a cent).
 */
export async function creatorPayoutsCsv(db: Db, scope: GameScope, period: Period): Promise<CsvExport> {
  const report = await creatorCodeSales(db, scope, period);
  let csv = record(CREATOR_PAYOUTS_CSV_HEADER);
  for (const line of report.lines) {
    csv += record([
      line.code,
      line.creatorName,
      line.rateBp === null ? "" : num(centsToDecimal(line.rateBp)),
      num(line.sales),
      num(line.refunds),
      num(line.chargebacks),
      num(centsToDecimal(line.netCents)),
      num(centsToDecimal(line.shareCents)),
    ]);
  }
  const t = report.totals;
  csv += record(["total", "", "", num(t.sales), num(t.refunds), num(t.chargebacks), num(centsToDecimal(t.netCents)), num(centsToDecimal(t.shareCents))]);
  return { filename: filename("creator-payouts", scope, period), csv };
}
