import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { storeTransactions, stores } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";
import type { OrderRow } from "./order-view";

/**
 * An App Store or Google Play sale as staff see it: the store's transaction, and what the buyer paid
 * the store when it said (Apple does; Google's API does not), in milli-units of `currency`.
 */
export type StoreSaleView = {
  store: string;
  transactionId: string;
  productId: string | null;
  priceMillis: number | null;
  currency: string | null;
  storefront: string | null;
  consumedAt: string | null;
  revokedAt: string | null;
  revocationReason: string | null;
};

export function isStoreSale(order: Pick<OrderRow, "provider">): boolean {
  return (stores as readonly string[]).includes(order.provider);
}

export async function storeSaleOf(db: Db, scope: GameScope, order: OrderRow): Promise<StoreSaleView | null> {
  if (!isStoreSale(order)) return null;
  const rows = await db
    .select()
    .from(storeTransactions)
    .where(and(eq(storeTransactions.gameId, scope.gameId), eq(storeTransactions.env, scope.env), eq(storeTransactions.orderId, order.id)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    store: row.store,
    transactionId: row.transactionId,
    productId: row.productId,
    priceMillis: row.priceMillis,
    currency: row.currency,
    storefront: row.storefront,
    consumedAt: row.consumedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revocationReason: row.revocationReason,
  };
}
