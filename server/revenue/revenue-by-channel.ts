import "server-only";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders, stores } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";
import { applyMovement, emptyLine, moneySums, movedIn, movements, sumLines, type MoneyLine } from "./money-movements";
import type { Period } from "./period";
import { channelOfProvider, salesChannels, type SalesChannel } from "./sales-channel";

export type { SalesChannel };

/**
 * One channel's figures. A store channel's amounts are catalog-price equivalents (`catalogPriceEquivalent`):
 * the store is the merchant of record, charges its own price in the buyer's currency, keeps the VAT and its
 * fee, and pays the studio itself; the store's real price is on each order's store sale.
 */
export type ChannelLine = MoneyLine & { channel: SalesChannel; catalogPriceEquivalent: boolean };
export type RevenueByChannel = { period: Period; lines: ChannelLine[]; totals: MoneyLine };

/**
 * The period's sales per channel, with the same movements as the daily report (a sale on its payment
 * day, a refund or chargeback subtracted on its own day). Every channel has a line, in a fixed order,
 * so a quiet channel reads as zero rather than disappearing.
 */
export async function revenueByChannel(db: Db, scope: GameScope, period: Period): Promise<RevenueByChannel> {
  const lines = new Map<SalesChannel, ChannelLine>(
    salesChannels.map((channel) => [channel, { channel, catalogPriceEquivalent: channel !== "web", ...emptyLine() }]),
  );
  const isStoreSale = inArray(orders.provider, [...stores]);
  for (const movement of movements) {
    const rows = await db
      .select({ channel: sql<string>`case when ${isStoreSale} then ${orders.provider} else 'web' end`, ...moneySums })
      .from(orders)
      .where(movedIn(scope, { movement, period }))
      // By position: the channel's expression carries bound parameters, which Postgres would not match twice.
      .groupBy(sql`1`);
    for (const row of rows) {
      const line = lines.get(channelOfProvider(row.channel));
      if (line) applyMovement(line, movement, row);
    }
  }
  const sorted = [...lines.values()];
  return { period, lines: sorted, totals: sumLines(sorted) };
}
