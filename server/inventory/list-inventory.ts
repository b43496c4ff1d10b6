import "server-only";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inventory } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";
import type { InventoryItemView } from "./schemas";

/** Owned items only (quantity above 0). */
export async function listInventory(db: Db, scope: GameScope, playerId: string): Promise<InventoryItemView[]> {
  const rows = await db
    .select()
    .from(inventory)
    .where(and(eq(inventory.playerId, playerId), eq(inventory.gameId, scope.gameId), eq(inventory.env, scope.env), gt(inventory.quantity, 0)))
    .orderBy(asc(inventory.sku));
  return rows.map((r) => ({ sku: r.sku, quantity: r.quantity, updatedAt: r.updatedAt.toISOString() }));
}
