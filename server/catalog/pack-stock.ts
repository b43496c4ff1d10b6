import "server-only";
import { and, count, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { holdingOrderStatuses, orders } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";

/**
 * Units of each pack taken in one environment: pending orders hold one, and delivered orders keep
 * theirs (also after a refund or chargeback, so a limited edition is never sold twice).
 */
export async function unitsTakenByPack(db: Db, scope: GameScope, skus: string[]): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ sku: orders.packSku, taken: count() })
    .from(orders)
    .where(
      and(
        eq(orders.gameId, scope.gameId),
        eq(orders.env, scope.env),
        inArray(orders.packSku, skus),
        inArray(orders.status, holdingOrderStatuses),
      ),
    )
    .groupBy(orders.packSku);
  return new Map(rows.map((row) => [row.sku, Number(row.taken)]));
}
