import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inventory } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import type { InventoryItemView } from "./schemas";

async function ownedQuantity(db: Db, playerId: string, sku: string): Promise<number> {
  const rows = await db
    .select({ quantity: inventory.quantity })
    .from(inventory)
    .where(and(eq(inventory.playerId, playerId), eq(inventory.sku, sku)));
  return rows[0]?.quantity ?? 0;
}

function limitReached(maxOwned: number, owned: number): AppError {
  return new AppError("LIMIT_REACHED", `At most ${maxOwned} of this item can be owned.`, { maxOwned, owned });
}

/**
 * Adds `quantity` of an item; all or nothing when `maxOwned` would be passed.
 * CONCURRENCY: the limit is checked in the same statement that adds, on the locked row.
 */
export async function addItem(
  db: Db,
  scope: GameScope,
  playerId: string,
  sku: string,
  quantity: number,
  maxOwned: number | null,
): Promise<InventoryItemView> {
  if (maxOwned !== null && quantity > maxOwned) throw limitReached(maxOwned, await ownedQuantity(db, playerId, sku));
  const now = clock.now();
  const rows = await db
    .insert(inventory)
    .values({ playerId, sku, gameId: scope.gameId, env: scope.env, quantity, updatedAt: now })
    .onConflictDoUpdate({
      target: [inventory.playerId, inventory.sku],
      set: { quantity: sql`${inventory.quantity} + excluded.quantity`, updatedAt: now },
      setWhere: maxOwned === null ? undefined : sql`${inventory.quantity} + excluded.quantity <= ${maxOwned}::bigint`,
    })
    .returning({ quantity: inventory.quantity, updatedAt: inventory.updatedAt });
  const row = rows[0];
  if (!row) throw limitReached(maxOwned ?? 0, await ownedQuantity(db, playerId, sku));
  return { sku, quantity: row.quantity, updatedAt: row.updatedAt.toISOString() };
}

/** Removes `quantity` owned units; all or nothing. */
export async function removeItem(db: Db, playerId: string, sku: string, quantity: number): Promise<InventoryItemView> {
  const rows = await db
    .update(inventory)
    .set({ quantity: sql`${inventory.quantity} - ${quantity}::bigint`, updatedAt: clock.now() })
    .where(and(eq(inventory.playerId, playerId), eq(inventory.sku, sku), sql`${inventory.quantity} >= ${quantity}::bigint`))
    .returning({ quantity: inventory.quantity, updatedAt: inventory.updatedAt });
  const row = rows[0];
  if (!row) {
    throw new AppError("INSUFFICIENT_FUNDS", "Not enough of this item is owned.", {
      required: quantity,
      available: await ownedQuantity(db, playerId, sku),
    });
  }
  return { sku, quantity: row.quantity, updatedAt: row.updatedAt.toISOString() };
}
