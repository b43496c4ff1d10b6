import "server-only";
import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { storeTransactions } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import { childLogger } from "@/server/observability/logger";
import { readStoreSettings } from "@/server/stores/settings/read-store-settings";
import { sameStoreTransaction } from "../store-transaction-rows";
import { googlePlayApi, googleStatusOf } from "./google-play-api";

const log = childLogger({ module: "stores" });

/**
 * Consumes a recorded Play purchase at Google, which also acknowledges it: Google refunds a purchase
 * left unacknowledged for three days, and a consumed product can be bought again. Every pack is
 * consumed, whatever it holds: Gamecoin's wallet and inventory are the player's entitlement, not
 * Google's ownership record. Returns whether the purchase is consumed now.
 */
export async function consumeGooglePlayPurchase(db: Db, scope: GameScope, transactionId: string): Promise<boolean> {
  const rows = await db
    .select()
    .from(storeTransactions)
    .where(and(sameStoreTransaction(scope, { store: "google_play", transactionId }), isNull(storeTransactions.consumedAt)))
    .limit(1);
  const row = rows[0];
  if (!row?.purchaseToken || !row.productId) return false;
  const play = (await readStoreSettings(db, scope)).googlePlay;
  if (!play) return false;
  try {
    await (await googlePlayApi(play)).purchases.products.consume({ packageName: play.packageName, productId: row.productId, token: row.purchaseToken });
  } catch (error) {
    // SECURITY: the transaction id and status only; never the purchase token.
    log.warn({ gameId: scope.gameId, env: scope.env, transactionId, status: googleStatusOf(error) }, "google play consume failed");
    return false;
  }
  await db
    .update(storeTransactions)
    .set({ consumedAt: clock.now(), updatedAt: clock.now() })
    .where(sameStoreTransaction(scope, { store: "google_play", transactionId }));
  return true;
}

/** The `payments` job: recorded Play purchases that are still unconsumed (the consume after the sale failed). */
export async function consumeLeftPurchases(db: Db, limit = 100): Promise<number> {
  const left = await db
    .select({ gameId: storeTransactions.gameId, env: storeTransactions.env, transactionId: storeTransactions.transactionId })
    .from(storeTransactions)
    .where(and(eq(storeTransactions.store, "google_play"), isNull(storeTransactions.consumedAt), isNull(storeTransactions.revokedAt), isNotNull(storeTransactions.orderId)))
    .orderBy(asc(storeTransactions.createdAt))
    .limit(limit);
  let consumed = 0;
  for (const row of left) {
    if (await consumeGooglePlayPurchase(db, { gameId: row.gameId, env: row.env }, row.transactionId)) consumed += 1;
  }
  return consumed;
}
