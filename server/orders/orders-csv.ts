import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders, players } from "@/db/schema";
import type { CsvRecord, CsvStreamSource } from "@/server/lib/csv";
import type { GameScope } from "@/server/lib/scope";
import { centsToDecimal } from "@/server/revenue/revenue-csv";
import { channelOfProvider } from "@/server/revenue/sales-channel";
import { filterConditions, type OrderFilter } from "./list-orders";
import { staffVatEvidence } from "./staff-order-view";

const BATCH = 1000;

export const ORDERS_CSV_HEADER = [
  "order_id",
  "created_at",
  "status",
  "player_id",
  "player_external_id",
  "player_display_name",
  "pack_sku",
  "pack_name",
  "amount_eur",
  "vat_eur",
  "net_eur",
  "country",
  "creator_code",
  "provider_reference",
  "paid_at",
  "refunded_at",
  "ip_country",
  "payment_country",
  "vat_evidence",
  "channel",
];

const iso = (d: Date | null) => d?.toISOString() ?? "";

/** The file's date (its name) and the studio's time zone (its dates). */
export type CsvDay = { today: string; timeZone?: string };

export type OrdersCsvOptions = { filter: OrderFilter } & CsvDay;

/**
 * Every order the list's filters match (not only the page on screen), newest first like the list,
 * read in keyset batches on (created_at, id) as the file streams. Amounts in euros with two decimals,
 * instants ISO UTC.
 */
export function ordersCsv(db: Db, scope: GameScope, { filter, today, timeZone = "UTC" }: OrdersCsvOptions): CsvStreamSource {
  return { filename: `orders-${scope.env}-${today}.csv`, header: ORDERS_CSV_HEADER, records: orderRecords(db, scope, { filter, timeZone }) };
}

async function* orderRecords(db: Db, scope: GameScope, { filter, timeZone }: { filter: OrderFilter; timeZone: string }): AsyncGenerator<CsvRecord> {
  for (let after: string | null = null; ; ) {
    const conditions = filterConditions(scope, filter, timeZone);
    // The cursor row's own created_at (read in the database, microseconds kept), as the list pages do.
    if (after) conditions.push(sql`(${orders.createdAt}, ${orders.id}) < (select c.created_at, c.id from ${orders} c where c.id = ${after})`);
    const rows = await db
      .select({ order: orders, externalId: players.externalId, displayName: players.displayName })
      .from(orders)
      .leftJoin(players, eq(players.id, orders.playerId))
      .where(and(...conditions))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(BATCH);
    for (const { order: o, externalId, displayName } of rows) {
      yield [
        o.id,
        o.createdAt.toISOString(),
        o.status,
        o.playerId,
        externalId ?? "",
        displayName ?? "",
        o.packSku,
        o.packName,
        centsToDecimal(o.amountCents),
        centsToDecimal(o.vatCents),
        centsToDecimal(o.netCents),
        o.country,
        o.creatorCode ?? "",
        o.providerReference ?? "",
        iso(o.paidAt),
        iso(o.refundedAt),
        o.ipCountry ?? "",
        o.paymentCountry ?? "",
        staffVatEvidence(o)?.status ?? "",
        channelOfProvider(o.provider),
      ];
    }
    const last = rows[rows.length - 1];
    if (rows.length < BATCH || !last) return;
    after = last.order.id;
  }
}
