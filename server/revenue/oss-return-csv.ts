import "server-only";
import type { Db } from "@/db/client";
import type { GameScope } from "@/server/lib/scope";
import { ossReturn, type Quarter } from "./oss-return";
import { centsToDecimal, num, record, type CsvExport } from "./revenue-csv";

export const OSS_RETURN_HEADER = ["quarter", "kind", "member_state", "vat_rate_percent", "taxable_amount_eur", "vat_eur", "orders", "corrected_quarter", "declare_in"];

/**
 * A quarter's OSS return as CSV, one line per member state and rate (supplies, then corrections of
 * earlier quarters), then a `total` line: the VAT due under OSS. docs/compliance.md maps each column
 * onto the Belgian, French and Dutch OSS portals.
 */
export async function ossReturnCsv(db: Db, scope: GameScope, quarter: Quarter): Promise<CsvExport> {
  const report = await ossReturn(db, scope, quarter);
  let csv = record(OSS_RETURN_HEADER);
  for (const line of report.lines) {
    csv += record([
      report.quarter,
      line.kind,
      line.country,
      num(centsToDecimal(line.vatRateBp)),
      num(centsToDecimal(line.taxableCents)),
      num(centsToDecimal(line.vatCents)),
      num(line.orders),
      line.correctedQuarter ?? "",
      line.declareIn,
    ]);
  }
  csv += record([report.quarter, "total", "", "", "", num(centsToDecimal(report.ossVatCents)), "", "", "oss"]);
  return { filename: `oss-return-${scope.env}-${quarter}.csv`, csv };
}
