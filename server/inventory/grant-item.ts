import "server-only";
import type { Db } from "@/db/client";
import { requireActiveItem } from "@/server/catalog/find-catalog-entries";
import { assertNotBlocked } from "@/server/players/find-player";
import type { PlayerRow } from "@/server/players/player-view";
import type { GameScope } from "@/server/lib/scope";
import { addItem } from "./inventory-moves";
import type { InventoryItemView, ItemQuantityRequest } from "./schemas";

/** The player an item move is for, and the sku and quantity asked for. */
export type PlayerItemRequest = { player: PlayerRow; request: ItemQuantityRequest };

export async function grantItem(db: Db, scope: GameScope, { player, request: input }: PlayerItemRequest): Promise<{ item: InventoryItemView }> {
  assertNotBlocked(player);
  const item = await requireActiveItem(db, scope, input.sku);
  return { item: await addItem(db, scope, { playerId: player.id, sku: item.sku, quantity: input.quantity, maxOwned: item.maxOwned }) };
}
