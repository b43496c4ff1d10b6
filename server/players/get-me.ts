import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import { listInventory } from "@/server/inventory/list-inventory";
import { InventoryItemSchema } from "@/server/inventory/schemas";
import type { GameScope } from "@/server/lib/scope";
import { getWallet } from "@/server/wallet/get-wallet";
import { WalletSchema } from "@/server/wallet/wallet-views";
import { PlayerSchema, toPlayerView, type PlayerRow } from "./player-view";

/** The Me resource, defined once (server/api registers it as a component). */
export const MeSchema = z.object({ player: PlayerSchema, wallet: WalletSchema, inventory: z.array(InventoryItemSchema) });
export type MeView = z.infer<typeof MeSchema>;

/** Everything a game client shows about its player, in one call. */
export async function getMe(db: Db, scope: GameScope, player: PlayerRow): Promise<MeView> {
  const [wallet, inventory] = await Promise.all([getWallet(db, scope, player.id), listInventory(db, scope, player.id)]);
  return { player: toPlayerView(player), wallet, inventory };
}
