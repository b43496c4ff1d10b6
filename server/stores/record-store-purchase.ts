import "server-only";
import type { Db } from "@/db/client";
import { storeTransactions } from "@/db/schema";
import { getDb } from "@/server/db/connection";
import { AppError, notFound } from "@/server/lib/errors";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import { whenCommitted } from "@/server/observability/after-commit";
import { findOrder } from "@/server/orders/find-order";
import { toOrderView, type OrderView } from "@/server/orders/order-view";
import { assertNotBlocked } from "@/server/players/find-player";
import type { PlayerRow } from "@/server/players/player-view";
import { findPackByStoreProduct } from "@/server/stores/settings/find-pack-by-store-product";
import { readStoreSettings } from "@/server/stores/settings/read-store-settings";
import { verifyAppStorePurchase } from "./app-store/verify-app-store-purchase";
import { consumeGooglePlayPurchase } from "./google-play/consume-google-play-purchase";
import { verifyGooglePlayPurchase } from "./google-play/verify-google-play-purchase";
import { fulfilStoreOrder } from "./store-order";
import type { StorePurchaseRequest } from "./store-purchase-request";
import { insertStoreTransaction, lockStoreTransaction, sameStoreTransaction, type StoreTransactionRow } from "./store-transaction-rows";
import { notPurchased, storeLabel, type VerifiedStorePurchase } from "./verified-purchase";

/** `created`: this call recorded the purchase (201); otherwise this player had recorded it before (200). */
export type RecordedStorePurchase = { created: boolean; order: OrderView };

export type RecordStorePurchaseOptions = { player: PlayerRow; input: StorePurchaseRequest };

/**
 * The one way a store purchase becomes coins: the store verifies it (network calls, each bounded by a
 * timeout: on the API they run inside the request's transaction, whose idempotency record commits with
 * the order), then, in one savepoint, the store transaction is claimed (once per game, environment and
 * store, ever) and an order of its mapped pack is created and fulfilled. A transaction
 * this player recorded before answers its order again; another player's, a revoked one or one the store
 * does not call purchased is a 409 and credits nothing.
 */
export async function recordStorePurchase(db: Db, scope: GameScope, { player, input }: RecordStorePurchaseOptions): Promise<RecordedStorePurchase> {
  assertNotBlocked(player);
  const settings = await readStoreSettings(db, scope);
  const purchase =
    input.store === "app_store" ? await verifyAppStorePurchase(settings, input.signedTransaction) : await verifyGooglePlayPurchase(settings, input.productId, input.purchaseToken);
  const recorded = await db.transaction(async (tx) => {
    const now = clock.now();
    const claimed = await insertStoreTransaction(tx, {
      gameId: scope.gameId,
      env: scope.env,
      store: purchase.store,
      transactionId: purchase.transactionId,
      productId: purchase.productId,
      playerId: player.id,
      purchaseToken: purchase.purchaseToken,
      priceMillis: purchase.priceMillis,
      currency: purchase.currency,
      storefront: purchase.storefront,
      createdAt: now,
      updatedAt: now,
    });
    if (!claimed) return { created: false, order: await answerRecorded(tx, scope, { player, purchase }) };
    if (purchase.consumed) {
      throw notPurchased(purchase.store, "consumed", `${storeLabel[purchase.store]} says this purchase was already consumed, and not through Gamecoin: nothing was credited.`);
    }
    const pack = await findPackByStoreProduct(tx, scope, { store: purchase.store, productId: purchase.productId });
    if (!pack || pack.status !== "active") throw notFound(`A pack on sale for ${storeLabel[purchase.store]} product "${purchase.productId}"`);
    const order = await fulfilStoreOrder(tx, scope, { player, pack, purchase });
    await tx.update(storeTransactions).set({ orderId: order.id }).where(sameStoreTransaction(scope, purchase));
    return { created: true, order };
  });
  if (recorded.created && purchase.store === "google_play") {
    // After the commit only: a purchase consumed at Google but not credited here could never be recorded.
    // A failure is left to the `payments` job, which consumes what is still unconsumed.
    whenCommitted(() => void consumeAfterCommit(scope, purchase.transactionId));
  }
  return recorded;
}

async function consumeAfterCommit(scope: GameScope, transactionId: string): Promise<void> {
  try {
    await consumeGooglePlayPurchase(await getDb(), scope, transactionId);
  } catch {
    // Left to the `payments` job (consumeLeftPurchases), which tries again on every run.
  }
}

/** The transaction was recorded before (or revoked before it ever was): the same order, or why not. */
async function answerRecorded(db: Db, scope: GameScope, { player, purchase }: { player: PlayerRow; purchase: VerifiedStorePurchase }): Promise<OrderView> {
  const row: StoreTransactionRow | null = await lockStoreTransaction(db, scope, purchase);
  if (!row) throw new AppError("INTERNAL_ERROR", "The store transaction changed under us.");
  const store = storeLabel[purchase.store];
  if (row.orderId === null || row.playerId === null) {
    throw notPurchased(purchase.store, "revoked", `${store} revoked transaction ${purchase.transactionId} before it was recorded: nothing was credited.`);
  }
  if (row.revokedAt !== null) {
    throw new AppError("CONFLICT", `${store} refunded or revoked transaction ${purchase.transactionId}; its order was refunded and nothing more is credited.`, {
      store: purchase.store,
      state: "refunded",
      orderId: row.orderId,
    });
  }
  if (row.playerId !== player.id) {
    throw new AppError("CONFLICT", `${store} transaction ${purchase.transactionId} was recorded for another player: nothing was credited.`, { store: purchase.store, state: "other_player" });
  }
  return toOrderView(await findOrder(db, scope, { orderId: row.orderId }));
}
