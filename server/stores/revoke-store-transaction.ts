import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { storeTransactions, type StoreName } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import { findOrder } from "@/server/orders/find-order";
import { recordRefund } from "@/server/orders/refund-order";
import { findPackByStoreProduct } from "@/server/stores/settings/find-pack-by-store-product";
import { insertStoreTransaction, lockStoreTransaction, sameStoreTransaction } from "./store-transaction-rows";

/** The store took a purchase back (refund, revocation, voided purchase). */
export type StoreRevocation = {
  store: StoreName;
  transactionId: string;
  /** Null when the store did not name it (Google's voided-purchase notification). */
  productId: string | null;
  purchaseToken: string | null;
  /** Kept as the order's refund reason. */
  reason: string;
};

/**
 * - `clawed_back`: the order was refunded and its coins and items taken back;
 * - `remembered`: never recorded here; the revocation is kept so a later attempt to record it is refused;
 * - `unchanged`: revoked before, or its order is no longer fulfilled;
 * - `ignored`: not a transaction this environment could ever credit (a product mapped to no pack).
 */
export type RevocationOutcome = { status: "clawed_back" | "remembered" | "unchanged" | "ignored"; orderId: string | null; detail: string | null };

/**
 * Applies a store's revocation once, in one transaction (the caller's, if any): the transaction row is
 * locked (or created as a revocation), and a fulfilled order is refunded through `recordRefund`, the same
 * take-back as every refund (a debt where the game allows it), with `order.refunded`.
 */
export async function revokeStoreTransaction(db: Db, scope: GameScope, revocation: StoreRevocation): Promise<RevocationOutcome> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const row = (await lockStoreTransaction(tx, scope, revocation)) ?? (await findByPurchaseToken(tx, scope, revocation));
    if (!row) {
      if (revocation.productId !== null && !(await findPackByStoreProduct(tx, scope, { store: revocation.store, productId: revocation.productId }))) {
        return { status: "ignored", orderId: null, detail: `Product "${revocation.productId}" is mapped to no pack.` };
      }
      const remembered = await insertStoreTransaction(tx, {
        gameId: scope.gameId,
        env: scope.env,
        store: revocation.store,
        transactionId: revocation.transactionId,
        productId: revocation.productId,
        purchaseToken: revocation.purchaseToken,
        revokedAt: now,
        revocationReason: revocation.reason,
        createdAt: now,
        updatedAt: now,
      });
      // CONCURRENCY: recorded meanwhile by a purchase that committed first: revoke it as recorded.
      if (!remembered) return revokeStoreTransaction(tx, scope, revocation);
      return { status: "remembered", orderId: null, detail: "Not recorded yet: a later attempt to record it is refused." };
    }
    if (row.revokedAt !== null) return { status: "unchanged", orderId: row.orderId, detail: "Revoked before." };
    await tx.update(storeTransactions).set({ revokedAt: now, revocationReason: revocation.reason, updatedAt: now }).where(sameStoreTransaction(scope, row));
    if (row.orderId === null) return { status: "unchanged", orderId: null, detail: null };
    const order = await findOrder(tx, scope, { orderId: row.orderId, forUpdate: true });
    if (order.status !== "fulfilled") return { status: "unchanged", orderId: order.id, detail: `The order is ${order.status}.` };
    await recordRefund(tx, scope, { orderId: order.id, input: { reason: revocation.reason } });
    return { status: "clawed_back", orderId: order.id, detail: null };
  });
}

/** Google may name a purchase by its token alone: the row recorded under its order id, locked. */
async function findByPurchaseToken(db: Db, scope: GameScope, revocation: StoreRevocation) {
  if (revocation.purchaseToken === null) return null;
  const rows = await db
    .select()
    .from(storeTransactions)
    .where(
      and(
        eq(storeTransactions.gameId, scope.gameId),
        eq(storeTransactions.env, scope.env),
        eq(storeTransactions.store, revocation.store),
        eq(storeTransactions.purchaseToken, revocation.purchaseToken),
      ),
    )
    .for("update");
  return rows[0] ?? null;
}
