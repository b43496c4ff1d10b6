import "server-only";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import { clock } from "@/server/lib/clock";
import { newId } from "@/server/lib/ids";
import { newSecret, sha256Hex } from "@/server/lib/secrets";
import type { GameScope } from "@/server/lib/scope";
import { payOrder } from "@/server/orders/pay-order";
import type { OrderView } from "@/server/orders/order-view";
import { packSnapshot } from "@/server/orders/pack-snapshot";
import type { PlayerRow } from "@/server/players/player-view";
import type { PackRow } from "@/server/stores/settings/find-pack-by-store-product";
import type { VerifiedStorePurchase } from "./verified-purchase";

/** ISO 3166 "unknown or unspecified": a store sale whose country neither the store nor the player gave. */
const UNKNOWN_COUNTRY = "ZZ";

/**
 * The order of a store sale, fulfilled at once through the ordinary delivery (`payOrder`: coins, items,
 * `order.fulfilled` and `wallet.credited`). The store is the merchant of record (docs/decisions.md):
 * `provider` is the store, `providerReference` its transaction id, `amountCents`/`netCents` the pack's
 * catalog price as the sale's value in euros, and VAT zero because the store accounts for it.
 */
export type StoreSale = { player: PlayerRow; pack: PackRow; purchase: VerifiedStorePurchase };

export async function fulfilStoreOrder(db: Db, scope: GameScope, { player, pack, purchase }: StoreSale): Promise<OrderView> {
  const now = clock.now();
  const region = purchase.storefront && /^[A-Z]{2}$/.test(purchase.storefront) ? purchase.storefront : null;
  const inserted = await db
    .insert(orders)
    .values({
      id: newId(),
      gameId: scope.gameId,
      env: scope.env,
      playerId: player.id,
      status: "pending",
      ...packSnapshot(pack),
      country: region ?? player.country ?? UNKNOWN_COUNTRY,
      countryIsFallback: region === null && player.country === null,
      vatRateBp: 0,
      vatCents: 0,
      netCents: pack.priceCents,
      // No hosted page: a random hash nobody holds the token of.
      checkoutTokenHash: sha256Hex(newSecret("", 32)),
      provider: purchase.store,
      createdAt: now,
      expiresAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id });
  const order = inserted[0];
  if (!order) throw new AppError("INTERNAL_ERROR", "The order could not be created.");
  return payOrder(db, scope, { orderId: order.id, providerReference: purchase.transactionId });
}
