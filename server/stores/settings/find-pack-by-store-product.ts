import "server-only";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "@/db/client";
import { packs, type StoreName } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";

export type PackRow = typeof packs.$inferSelect;

export type StoreProduct = { store: StoreName; productId: string };

/**
 * The pack a store product delivers in this environment, or null when none is mapped. Archived packs
 * never answer (a product moves to a new pack by archiving the old one); a draft pack does, and the
 * caller decides whether it sells.
 */
export async function findPackByStoreProduct(db: Db, scope: GameScope, { store, productId }: StoreProduct): Promise<PackRow | null> {
  const column = store === "app_store" ? packs.appStoreProductId : packs.googlePlayProductId;
  const rows = await db
    .select()
    .from(packs)
    .where(and(eq(packs.gameId, scope.gameId), eq(packs.env, scope.env), eq(column, productId), ne(packs.status, "archived")))
    .limit(1);
  return rows[0] ?? null;
}
