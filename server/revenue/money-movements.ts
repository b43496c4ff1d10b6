import "server-only";
import { and, eq, gt, gte, lt, sql, type SQL } from "drizzle-orm";
import { orders } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";
import { periodBounds, type Period } from "./period";

/**
 * How money moves through an order, for every report (revenue, VAT, creator sales):
 * - a **sale** counts on the day it was paid (`paid_at`): money was received, VAT is due;
 * - a **refund** or **chargeback** counts negatively on its own day, with the original amounts.
 * A past day therefore never changes when an old order is refunded later: the refund is a new line,
 * as in a bookkeeping journal and in an EU OSS return (corrections go in the period they happen).
 * Free orders (0 cents) move no money and are left out.
 */
export const movements = ["sale", "refund", "chargeback"] as const;
export type Movement = (typeof movements)[number];

const momentOf = {
  sale: orders.paidAt,
  refund: orders.refundedAt,
  chargeback: orders.chargebackAt,
} as const;

/** The UTC day of the movement, as `YYYY-MM-DD` (independent of the session's time zone). */
export function movementDay(movement: Movement): SQL<string> {
  return sql<string>`to_char(${momentOf[movement]} at time zone 'UTC', 'YYYY-MM-DD')`;
}

/** A movement of orders, the period it happened in, and any extra condition on the orders. */
export type MovementFilter = { movement: Movement; period: Period; extra?: SQL };

/** Orders of the scope with this movement inside the period (plus any extra condition). */
export function movedIn(scope: GameScope, { movement, period, extra }: MovementFilter): SQL {
  const { start, end } = periodBounds(period);
  const at = momentOf[movement];
  const conditions = [eq(orders.gameId, scope.gameId), eq(orders.env, scope.env), gte(at, start), lt(at, end), gt(orders.amountCents, 0)];
  if (extra) conditions.push(extra);
  return and(...conditions) ?? sql`false`;
}

/**
 * Sums of a group of orders. Postgres sums integers as bigint (or numeric); they travel as text and are
 * read with Number, which is exact far beyond any real turnover (2^53 cents).
 */
export const moneySums = {
  count: sql<string>`count(*)::text`,
  gross: sql<string>`coalesce(sum(${orders.amountCents}), 0)::text`,
  vat: sql<string>`coalesce(sum(${orders.vatCents}), 0)::text`,
  net: sql<string>`coalesce(sum(${orders.netCents}), 0)::text`,
  share: sql<string>`coalesce(sum(${orders.creatorShareCents}), 0)::text`,
};

type SumsRow = { count: string; gross: string; vat: string; net: string; share: string };

/**
 * The figures of a group of orders (a day, a country and rate, a creator code). Sales add, refunds
 * and chargebacks subtract: `grossCents`, `vatCents`, `netCents` and `shareCents` are what remains;
 * `salesGrossCents` and `reversedGrossCents` show both sides. `grossCents = vatCents + netCents`
 * always holds, because it holds for every order and sums keep it.
 */
export type MoneyLine = {
  sales: number;
  refunds: number;
  chargebacks: number;
  salesGrossCents: number;
  reversedGrossCents: number;
  grossCents: number;
  vatCents: number;
  netCents: number;
  /** Creators' share of these orders (also reversed by a refund: a creator earns on kept sales only). */
  shareCents: number;
};

export function emptyLine(): MoneyLine {
  return { sales: 0, refunds: 0, chargebacks: 0, salesGrossCents: 0, reversedGrossCents: 0, grossCents: 0, vatCents: 0, netCents: 0, shareCents: 0 };
}

/** Adds one movement's sums to a line, in place. */
export function applyMovement(line: MoneyLine, movement: Movement, row: SumsRow): void {
  const count = Number(row.count);
  const sign = movement === "sale" ? 1 : -1;
  const gross = Number(row.gross);
  if (movement === "sale") {
    line.sales += count;
    line.salesGrossCents += gross;
  } else {
    if (movement === "refund") line.refunds += count;
    else line.chargebacks += count;
    line.reversedGrossCents += gross;
  }
  line.grossCents += sign * gross;
  line.vatCents += sign * Number(row.vat);
  line.netCents += sign * Number(row.net);
  line.shareCents += sign * Number(row.share);
}

/** The sum of several lines (a report's totals). */
export function sumLines(lines: MoneyLine[]): MoneyLine {
  const total = emptyLine();
  for (const line of lines) {
    for (const key of Object.keys(total) as (keyof MoneyLine)[]) total[key] += line[key];
  }
  return total;
}
