import "server-only";
import type { Db } from "@/db/client";
import { requireActiveItem } from "@/server/catalog/find-catalog-entries";
import { AppError } from "@/server/lib/errors";
import { assertNotBlocked } from "@/server/players/find-player";
import type { GameScope } from "@/server/lib/scope";
import type { PlayerItemRequest } from "./grant-item";
import { removeItem } from "./inventory-moves";
import type { InventoryItemView } from "./schemas";

/** Only consumables can be consumed; a consumption to 0 still returns the item. */
export async function consumeItem(db: Db, scope: GameScope, { player, request: input }: PlayerItemRequest): Promise<{ item: InventoryItemView }> {
  assertNotBlocked(player);
  const item = await requireActiveItem(db, scope, input.sku);
  if (item.type !== "consumable") throw new AppError("CONFLICT", `Item "${item.sku}" is durable and cannot be consumed.`);
  return { item: await removeItem(db, { playerId: player.id, sku: item.sku, quantity: input.quantity }) };
}
