import type { Db } from "@/db/client";
import { listInventory } from "@/server/inventory/list-inventory";
import type { InventoryItemView } from "@/server/inventory/schemas";
import type { GameScope } from "@/server/lib/scope";
import { getWallet } from "@/server/wallet/get-wallet";
import type { WalletView } from "@/server/wallet/wallet-views";
import { toPlayerView, type PlayerRow, type PlayerView } from "./player-view";

export type MeView = { player: PlayerView; wallet: WalletView; inventory: InventoryItemView[] };

/** Everything a game client shows about its player, in one call. */
export async function getMe(db: Db, scope: GameScope, player: PlayerRow): Promise<MeView> {
  const [wallet, inventory] = await Promise.all([getWallet(db, scope, player.id), listInventory(db, scope, player.id)]);
  return { player: toPlayerView(player), wallet, inventory };
}
