import "server-only";
import { and, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { orders, orderStatuses, players } from "@/db/schema";
import { CREATOR_CODE_PATTERN, normalizeCreatorCode } from "@/server/lib/code-format";
import { Cursor, decodeCursor, encodeCursor, Limit } from "@/server/lib/cursor";
import { ID_PATTERN } from "@/server/lib/ids";
import type { GameScope } from "@/server/lib/scope";
import { nextDay, startOfZonedDay } from "@/server/lib/zoned-time";
import { checkPeriod, startOfDay, UtcDay } from "@/server/revenue/period";
import { staffVatEvidence } from "./staff-order-view";
import type { OrderView } from "./order-view";

/**
 * What the orders list can be narrowed by; `from` and `to` are days of creation, both inclusive, in the
 * zone the caller passes (the dashboard: the studio's time zone; UTC by default).
 */
export const OrderFilter = z.strictObject({
  status: z.enum(orderStatuses).optional(),
  packSku: z.string().trim().min(1, "Must not be empty").max(48, "Must be at most 48 characters").optional(),
  from: UtcDay.optional(),
  to: UtcDay.optional(),
  creatorCode: z
    .string()
    .max(64, "Not a creator code")
    .transform(normalizeCreatorCode)
    .pipe(z.string().regex(CREATOR_CODE_PATTERN, "2 to 32 letters, digits, _ or -"))
    .optional(),
  playerId: z.string().regex(ID_PATTERN, "Not a player id").optional(),
  /**
   * What a buyer quotes to support: the order reference of the receipt and payment page (the order
   * id, any case) or the payment provider's reference (Stripe's pi_…), exact.
   */
  orderId: z.string().trim().min(1, "Must not be empty").max(200, "Must be at most 200 characters").optional(),
});
export type OrderFilter = z.infer<typeof OrderFilter>;

export const ListOrdersInput = OrderFilter.extend({ limit: Limit, cursor: Cursor.optional() });
export type ListOrdersInput = z.infer<typeof ListOrdersInput>;

/** The period rule of the filter, for inputs that extend it (zod drops refinements on `.extend`). */
export const checkOrderFilter = checkPeriod;

export type OrderListRow = Pick<OrderView, "id" | "playerId" | "status" | "pack" | "amountCents" | "currency" | "country" | "createdAt"> & {
  player: { externalId: string | null; displayName: string | null };
  creatorCode: string | null;
  /** A paid order whose evidence of the buyer's country disagrees or is too thin (vat-evidence.ts): a warning in the list. */
  vatEvidenceFlagged: boolean;
};

export type OrderPage = { orders: OrderListRow[]; nextCursor: string | null };

/** The first instant of `day` in `timeZone` (days are validated by the filter's schema). */
function dayStart(day: string, timeZone: string): Date {
  return startOfZonedDay(day, timeZone) ?? startOfDay(day);
}

export function filterConditions(scope: GameScope, filter: OrderFilter, timeZone = "UTC"): SQL[] {
  const conditions: SQL[] = [eq(orders.gameId, scope.gameId), eq(orders.env, scope.env)];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.packSku) conditions.push(eq(orders.packSku, filter.packSku));
  if (filter.creatorCode) conditions.push(eq(orders.creatorCode, filter.creatorCode));
  if (filter.playerId) conditions.push(eq(orders.playerId, filter.playerId));
  if (filter.orderId) {
    const id = filter.orderId.toLowerCase();
    const match = or(ID_PATTERN.test(id) ? eq(orders.id, id) : undefined, eq(orders.providerReference, filter.orderId));
    if (match) conditions.push(match);
  }
  if (filter.from) conditions.push(gte(orders.createdAt, dayStart(filter.from, timeZone)));
  if (filter.to) conditions.push(lt(orders.createdAt, dayStart(nextDay(filter.to), timeZone)));
  return conditions;
}

export type ListOrdersOptions = { timeZone?: string } & ListOrdersInput;

/**
 * Orders of the scope, newest first, one page at a time. The page is ordered by (created_at, id),
 * which the (game, env, created_at) index serves; the cursor is the last row's id and the next page
 * starts strictly after that row, so rows inserted meanwhile never shift or repeat a page.
 */
export async function listOrders(db: Db, scope: GameScope, { timeZone = "UTC", ...input }: ListOrdersOptions): Promise<OrderPage> {
  const conditions = filterConditions(scope, input, timeZone);
  const afterId = input.cursor ? decodeCursor(input.cursor) : null;
  if (afterId) {
    conditions.push(
      sql`(${orders.createdAt}, ${orders.id}) < (select c.created_at, c.id from ${orders} c where c.id = ${afterId} and c.game_id = ${scope.gameId} and c.env = ${scope.env})`,
    );
  }
  const rows = await db
    .select({
      id: orders.id,
      playerId: orders.playerId,
      status: orders.status,
      packSku: orders.packSku,
      packName: orders.packName,
      amountCents: orders.amountCents,
      country: orders.country,
      creatorCode: orders.creatorCode,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      ipCountry: orders.ipCountry,
      paymentCountry: orders.paymentCountry,
      paymentCountrySource: orders.paymentCountrySource,
      externalId: players.externalId,
      displayName: players.displayName,
    })
    .from(orders)
    .leftJoin(players, eq(players.id, orders.playerId))
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    orders: page.map((r) => ({
      id: r.id,
      playerId: r.playerId,
      player: { externalId: r.externalId, displayName: r.displayName },
      status: r.status,
      pack: { sku: r.packSku, name: r.packName },
      amountCents: r.amountCents,
      currency: "EUR" as const,
      country: r.country,
      creatorCode: r.creatorCode,
      createdAt: r.createdAt.toISOString(),
      vatEvidenceFlagged: staffVatEvidence(r)?.flagged ?? false,
    })),
    nextCursor: rows.length > input.limit && last ? encodeCursor(last.id) : null,
  };
}

/** The packs that appear in the scope's orders, for the list's pack filter (past packs included). */
export async function orderedPacks(db: Db, scope: GameScope): Promise<{ sku: string; name: string }[]> {
  const rows = await db
    .selectDistinctOn([orders.packSku], { sku: orders.packSku, name: orders.packName })
    .from(orders)
    .where(and(eq(orders.gameId, scope.gameId), eq(orders.env, scope.env)))
    .orderBy(orders.packSku, desc(orders.createdAt));
  return rows;
}
