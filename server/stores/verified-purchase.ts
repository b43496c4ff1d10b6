import "server-only";
import type { Environment, StoreName } from "@/db/schema";
import { AppError } from "@/server/lib/errors";

/** A purchase the store itself vouched for: what Gamecoin records and credits. */
export type VerifiedStorePurchase = {
  store: StoreName;
  /** Apple: transactionId; Google Play: the purchase's orderId (its token when it has none). */
  transactionId: string;
  productId: string;
  purchaseToken: string | null;
  /** What the buyer paid the store, in milli-units of `currency`, when the store says. */
  priceMillis: number | null;
  currency: string | null;
  storefront: string | null;
  /** Google Play: already consumed, by Gamecoin (a repeat) or by someone else (refused). */
  consumed: boolean;
};

export const storeLabel: Record<StoreName, string> = { app_store: "App Store", google_play: "Google Play" };

export function storeNotSetUp(store: StoreName, env: Environment): AppError {
  return new AppError("CONFLICT", `${storeLabel[store]} is not set up for the ${env} environment: add its settings in Keys & settings → Stores.`, {
    store,
  });
}

/** The store says the purchase is not (or no longer) a completed purchase: 409 with its state. */
export function notPurchased(store: StoreName, state: "refunded" | "revoked" | "pending" | "canceled" | "unknown" | "consumed", message: string): AppError {
  return new AppError("CONFLICT", message, { store, state });
}
