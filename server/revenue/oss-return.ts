import "server-only";
import { and, eq, gt, gte, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { games, orders } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";
import { addDays, periodBounds, type Period } from "./period";

/** A calendar quarter, as OSS returns are filed: `2026-Q3`. */
export const Quarter = z.string().regex(/^\d{4}-Q[1-4]$/, "Must be a quarter like 2026-Q3");
export type Quarter = z.infer<typeof Quarter>;

/** The UTC days of a quarter. */
export function quarterPeriod(quarter: Quarter): Period {
  const year = Number(quarter.slice(0, 4));
  const q = Number(quarter.slice(6));
  const from = `${year}-${String((q - 1) * 3 + 1).padStart(2, "0")}-01`;
  const next = q === 4 ? `${year + 1}-01-01` : `${year}-${String(q * 3 + 1).padStart(2, "0")}-01`;
  return { from, to: addDays(next, -1) };
}

/**
 * One line of a quarter's OSS return (Council Implementing Regulation 282/2011 art. 59a, VAT Directive
 * art. 369g): per member state of consumption and VAT rate, the taxable amount (net) and the VAT.
 * - `supply`: sales paid in the quarter, less the refunds and chargebacks of those same sales made in
 *   the quarter (the return is not filed yet, so they simply reduce it);
 * - `correction`: refunds and chargebacks made in the quarter of sales paid in an earlier quarter
 *   (`correctedQuarter`), negative, declared as corrections of that earlier return (art. 369k(1)).
 * `declareIn` is `domestic` for the seller's own member state (its VAT number's prefix): those sales go
 * in the national VAT return, not in OSS.
 */
export type OssLine = {
  kind: "supply" | "correction";
  country: string;
  vatRateBp: number;
  correctedQuarter: string | null;
  taxableCents: number;
  vatCents: number;
  orders: number;
  declareIn: "oss" | "domestic";
};

export type OssReturn = { quarter: Quarter; period: Period; sellerCountry: string | null; lines: OssLine[]; ossVatCents: number };

/** The quarter an instant belongs to (UTC), as SQL. */
const quarterOf = (column: typeof orders.paidAt) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY') || '-Q' || to_char(${column} at time zone 'UTC', 'Q')`;

const sums = { taxable: sql<string>`coalesce(sum(${orders.netCents}), 0)::text`, vat: sql<string>`coalesce(sum(${orders.vatCents}), 0)::text`, count: sql<string>`count(*)::text` };

/** VAT numbers name Greece EL; ISO 3166 (and the orders) name it GR. */
function countryOfVatNumber(vatNumber: string | null): string | null {
  const prefix = vatNumber?.slice(0, 2) ?? null;
  return prefix === "EL" ? "GR" : prefix;
}

export async function ossReturn(db: Db, scope: GameScope, quarter: Quarter): Promise<OssReturn> {
  const period = quarterPeriod(quarter);
  const { start, end } = periodBounds(period);
  const inScope = [eq(orders.gameId, scope.gameId), eq(orders.env, scope.env), gt(orders.amountCents, 0)];
  const game = await db.select({ vatNumber: games.sellerVatNumber }).from(games).where(eq(games.id, scope.gameId)).limit(1);
  const sellerCountry = countryOfVatNumber(game[0]?.vatNumber ?? null);

  const lines = new Map<string, OssLine>();
  const add = (kind: OssLine["kind"], row: { country: string; vatRateBp: number; corrected: string | null; taxable: string; vat: string; count: string }, sign: 1 | -1) => {
    const key = `${kind}:${row.country}:${row.vatRateBp}:${row.corrected ?? ""}`;
    let line = lines.get(key);
    if (!line) {
      line = { kind, country: row.country, vatRateBp: row.vatRateBp, correctedQuarter: row.corrected, taxableCents: 0, vatCents: 0, orders: 0, declareIn: row.country === sellerCountry ? "domestic" : "oss" };
      lines.set(key, line);
    }
    line.taxableCents += sign * Number(row.taxable);
    line.vatCents += sign * Number(row.vat);
    // A sale counts once; its reversal in the same quarter takes the amounts back, not the count.
    if (sign === 1 || kind === "correction") line.orders += Number(row.count);
  };

  const sales = await db
    .select({ country: orders.country, vatRateBp: orders.vatRateBp, ...sums })
    .from(orders)
    .where(and(...inScope, gte(orders.paidAt, start), lt(orders.paidAt, end)))
    .groupBy(orders.country, orders.vatRateBp);
  for (const row of sales) add("supply", { ...row, corrected: null }, 1);

  for (const reversedAt of [orders.refundedAt, orders.chargebackAt]) {
    const corrected = quarterOf(orders.paidAt);
    const reversals = await db
      .select({ country: orders.country, vatRateBp: orders.vatRateBp, corrected, ...sums })
      .from(orders)
      .where(and(...inScope, gte(reversedAt, start), lt(reversedAt, end)))
      .groupBy(orders.country, orders.vatRateBp, corrected);
    for (const row of reversals) {
      if (row.corrected === quarter) add("supply", { ...row, corrected: null }, -1);
      else add("correction", row, -1);
    }
  }

  const sorted = [...lines.values()].sort(
    (a, b) =>
      (a.kind === b.kind ? 0 : a.kind === "supply" ? -1 : 1) ||
      (a.correctedQuarter ?? "").localeCompare(b.correctedQuarter ?? "") ||
      a.country.localeCompare(b.country) ||
      a.vatRateBp - b.vatRateBp,
  );
  const ossVatCents = sorted.filter((line) => line.declareIn === "oss").reduce((sum, line) => sum + line.vatCents, 0);
  return { quarter, period, sellerCountry, lines: sorted, ossVatCents };
}
