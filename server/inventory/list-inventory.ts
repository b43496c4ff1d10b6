import "server-only";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inventory } from "@/db/schema";
import { preparedQuery } from "@/server/db/prepared-query";
import type { GameScope } from "@/server/lib/scope";
import type { InventoryItemView } from "./schemas";

const ownedItems = preparedQuery((db) =>
  db
    .select()
    .from(inventory)
    .where(
      and(
        eq(inventory.playerId, sql.placeholder("playerId")),
        eq(inventory.gameId, sql.placeholder("gameId")),
        eq(inventory.env, sql.placeholder("env")),
        gt(inventory.quantity, 0),
      ),
    )
    .orderBy(asc(inventory.sku))
    .prepare("owned_items"),
);

/** Owned items only (quantity above 0). */
export async function listInventory(db: Db, scope: GameScope, playerId: string): Promise<InventoryItemView[]> {
  const rows = await ownedItems(db).execute({ playerId, gameId: scope.gameId, env: scope.env });
  return rows.map((r) => ({ sku: r.sku, quantity: r.quantity, updatedAt: r.updatedAt.toISOString() }));
}
