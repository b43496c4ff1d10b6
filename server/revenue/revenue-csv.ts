import "server-only";
import type { Db } from "@/db/client";
import { csvField } from "@/server/lib/csv";
import type { GameScope } from "@/server/lib/scope";
import { dailyRevenue } from "./daily-revenue";
import type { MoneyLine } from "./money-movements";
import type { Period } from "./period";
import { vatByCountry } from "./vat-by-country";

export type CsvExport = { filename: string; csv: string };

/**
 * Cents as a decimal with two places ("-12.05"): what accounting tools import. Integer arithmetic
 * only, so no float can move a cent. Numbers are written bare, so a spreadsheet reads them as numbers.
 */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A number we formatted ourselves: written bare (a leading "-" is a sign here, not a formula). */
export type Numeric = { numeric: string };
export const num = (value: number | string): Numeric => ({ numeric: String(value) });

/** One RFC 4180 record: text through the shared CSV escaping (formula-safe), numbers bare. */
export function record(fields: (string | Numeric)[]): string {
  return `${fields.map((f) => (typeof f === "string" ? csvField(f) : f.numeric)).join(",")}\r\n`;
}

const moneyHeader = ["orders", "refunds", "chargebacks", "sales_gross_eur", "reversed_gross_eur", "gross_eur", "vat_eur", "net_eur"];

function moneyFields(line: MoneyLine): Numeric[] {
  return [
    num(line.sales),
    num(line.refunds),
    num(line.chargebacks),
    num(centsToDecimal(line.salesGrossCents)),
    num(centsToDecimal(line.reversedGrossCents)),
    num(centsToDecimal(line.grossCents)),
    num(centsToDecimal(line.vatCents)),
    num(centsToDecimal(line.netCents)),
  ];
}

/** `<kind>-<env>-<from>-to-<to>.csv`: every money export of a period is named the same way. */
export function filename(kind: string, scope: GameScope, period: Period): string {
  return `${kind}-${scope.env}-${period.from}-to-${period.to}.csv`;
}

/** One line per UTC day of the period, then a `total` line. */
export async function dailyRevenueCsv(db: Db, scope: GameScope, period: Period): Promise<CsvExport> {
  const report = await dailyRevenue(db, scope, period);
  let csv = record(["day", ...moneyHeader]);
  for (const day of report.days) csv += record([day.day, ...moneyFields(day)]);
  csv += record(["total", ...moneyFields(report.totals)]);
  return { filename: filename("revenue", scope, period), csv };
}

/** One line per country and VAT rate (rate in percent, e.g. 21.00), then a `total` line. */
export async function vatByCountryCsv(db: Db, scope: GameScope, period: Period): Promise<CsvExport> {
  const report = await vatByCountry(db, scope, period);
  let csv = record(["country", "vat_rate_percent", ...moneyHeader]);
  for (const line of report.lines) csv += record([line.country, num(centsToDecimal(line.vatRateBp)), ...moneyFields(line)]);
  csv += record(["total", "", ...moneyFields(report.totals)]);
  return { filename: filename("vat-by-country", scope, period), csv };
}
