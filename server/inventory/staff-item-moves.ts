import "server-only";
import type { Db } from "@/db/client";
import type { GameScope } from "@/server/lib/scope";
import { playerOfScope } from "@/server/players/get-player-detail";
import { listInventory } from "./list-inventory";
import { grantItem } from "./grant-item";
import { removeItem } from "./inventory-moves";
import type { InventoryItemView, ItemQuantityRequest } from "./schemas";

/** The player support moves items of (by id), and the sku and quantity. */
export type StaffItemRequest = { playerId: string; request: ItemQuantityRequest };

/** What support's move did, for the audit entry: the owned quantity before and after. */
export type StaffItemMove = { sku: string; quantity: number; before: number; after: number; item: InventoryItemView };

async function ownedNow(db: Db, scope: GameScope, { playerId, sku }: { playerId: string; sku: string }): Promise<number> {
  return (await listInventory(db, scope, playerId)).find((i) => i.sku === sku)?.quantity ?? 0;
}

/**
 * Support gives items, with the same move as the server API's grant: active items only, `maxOwned`
 * and the 10^15 cap refuse with LIMIT_REACHED, a blocked player is refused with PLAYER_BLOCKED.
 */
export async function staffGrantItem(db: Db, scope: GameScope, { playerId, request: input }: StaffItemRequest): Promise<StaffItemMove> {
  const player = await playerOfScope(db, scope, playerId);
  const before = await ownedNow(db, scope, { playerId: player.id, sku: input.sku });
  const { item } = await grantItem(db, scope, { player, request: input });
  return { sku: item.sku, quantity: input.quantity, before, after: item.quantity, item };
}

/**
 * Support takes items back (a grant made by mistake, an exploit): all or nothing, refused with
 * INSUFFICIENT_FUNDS beyond what is owned. Unlike the API's consume it also takes durable items and
 * items no longer in the catalog, and works on a blocked player (blocking stops the player, not support).
 */
export async function staffRemoveItem(db: Db, scope: GameScope, { playerId, request: input }: StaffItemRequest): Promise<StaffItemMove> {
  const player = await playerOfScope(db, scope, playerId);
  const before = await ownedNow(db, scope, { playerId: player.id, sku: input.sku });
  const item = await removeItem(db, { playerId: player.id, sku: input.sku, quantity: input.quantity });
  return { sku: item.sku, quantity: input.quantity, before, after: item.quantity, item };
}
