import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inventory } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import { MAX_OWNED_QUANTITY, type InventoryItemView } from "./schemas";

async function ownedQuantity(db: Db, playerId: string, sku: string): Promise<number> {
  const rows = await db
    .select({ quantity: inventory.quantity })
    .from(inventory)
    .where(and(eq(inventory.playerId, playerId), eq(inventory.sku, sku)));
  return rows[0]?.quantity ?? 0;
}

/** The most of this item one player may own: the catalog's `maxOwned` when set, never above 10^15. */
function ceilingOf(maxOwned: number | null): number {
  return maxOwned === null ? MAX_OWNED_QUANTITY : Math.min(maxOwned, MAX_OWNED_QUANTITY);
}

export function limitReached(maxOwned: number | null, owned: number, requested: number): AppError {
  if (maxOwned !== null && maxOwned <= MAX_OWNED_QUANTITY) {
    return new AppError("LIMIT_REACHED", `At most ${maxOwned} of this item can be owned.`, { maxOwned, owned });
  }
  return new AppError("LIMIT_REACHED", `No player can own more than ${MAX_OWNED_QUANTITY} of an item.`, {
    limit: MAX_OWNED_QUANTITY,
    owned,
    requested,
  });
}

/**
 * Adds `quantity` in one statement unless the owned quantity would pass `ceiling`; null when refused.
 * CONCURRENCY: the ceiling is checked on the row the upsert updates, which Postgres re-reads after a
 * concurrent writer commits, so two adds can never pass it together.
 */
async function addWithin(
  db: Db,
  scope: GameScope,
  { playerId, sku, quantity, ceiling }: { playerId: string; sku: string; quantity: number; ceiling: number },
): Promise<InventoryItemView | null> {
  if (quantity > ceiling) return null;
  const now = clock.now();
  const rows = await db
    .insert(inventory)
    .values({ playerId, sku, gameId: scope.gameId, env: scope.env, quantity, updatedAt: now })
    .onConflictDoUpdate({
      target: [inventory.playerId, inventory.sku],
      set: { quantity: sql`${inventory.quantity} + excluded.quantity`, updatedAt: now },
      setWhere: sql`${inventory.quantity} + excluded.quantity <= ${ceiling}::bigint`,
    })
    .returning({ quantity: inventory.quantity, updatedAt: inventory.updatedAt });
  const row = rows[0];
  return row ? { sku, quantity: row.quantity, updatedAt: row.updatedAt.toISOString() } : null;
}

/** `quantity` units of `sku` for one player, under the catalog's `maxOwned` (null: only the 10^15 cap). */
export type ItemAddition = { playerId: string; sku: string; quantity: number; maxOwned: number | null };

/**
 * Adds `quantity` of an item, all or nothing: `409 LIMIT_REACHED` when `maxOwned` or the 10^15 cap
 * would be passed (grants and purchases).
 */
export async function addItem(db: Db, scope: GameScope, { playerId, sku, quantity, maxOwned }: ItemAddition): Promise<InventoryItemView> {
  const added = await addWithin(db, scope, { playerId, sku, quantity, ceiling: ceilingOf(maxOwned) });
  if (!added) throw limitReached(maxOwned, await ownedQuantity(db, playerId, sku), quantity);
  return added;
}

/** After the first refusal, a concurrent first insert can beat a pass at most once; spare passes absorb a deleted row. */
const MAX_PASSES = 3;

/** Up to `wanted` units of `sku` for one player, as far as the catalog's `maxOwned` and the 10^15 cap allow. */
export type ItemDeliveryWanted = { playerId: string; sku: string; wanted: number; maxOwned: number | null };

/**
 * Adds as much of `wanted` as fits under `maxOwned` and the 10^15 cap; returns the quantity added
 * (0 when nothing fits). Orders and gift codes deliver with it; each decides what to say about the rest.
 * CONCURRENCY: when all of `wanted` does not fit, the owned row is locked before the room is computed.
 * When the player owned none, there is no row to lock and a concurrent first insert can win; the
 * guarded upsert then refuses (nothing is over-granted) and the next pass, now seeing and locking the
 * committed row, delivers what still fits.
 */
export async function addUpToLimit(db: Db, scope: GameScope, { playerId, sku, wanted, maxOwned }: ItemDeliveryWanted): Promise<number> {
  const ceiling = ceilingOf(maxOwned);
  if (await addWithin(db, scope, { playerId, sku, quantity: wanted, ceiling })) return wanted;
  for (let pass = 1; ; pass += 1) {
    const owned = await db
      .select({ quantity: inventory.quantity })
      .from(inventory)
      .where(and(eq(inventory.playerId, playerId), eq(inventory.sku, sku)))
      .for("update");
    const quantity = Math.min(wanted, Math.max(0, ceiling - (owned[0]?.quantity ?? 0)));
    if (quantity === 0) return 0;
    if (await addWithin(db, scope, { playerId, sku, quantity, ceiling })) return quantity;
    if (pass === MAX_PASSES) throw limitReached(maxOwned, await ownedQuantity(db, playerId, sku), quantity);
  }
}

/** `quantity` owned units of `sku` to take from one player. */
export type ItemRemoval = { playerId: string; sku: string; quantity: number };

/** Removes `quantity` owned units; all or nothing. */
export async function removeItem(db: Db, { playerId, sku, quantity }: ItemRemoval): Promise<InventoryItemView> {
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
