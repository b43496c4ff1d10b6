import "server-only";
import type { Environment } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import type { StoreSettings } from "@/server/stores/settings/read-store-settings";
import { notPurchased, storeNotSetUp, type VerifiedStorePurchase } from "../verified-purchase";
import { appStoreApi, appStoreUnavailable, isUnknownTransaction, withinTimeout } from "./app-store-api";
import { appStoreVerifier, verifyAppStoreTransaction } from "./app-store-verifier";

const PACK_TYPES = new Set(["Consumable", "Non-Consumable"]);

/**
 * A StoreKit 2 signed transaction, verified by Apple's library (chain, signature, bundle id,
 * environment), then read back through the App Store Server API: the device's copy may predate a
 * refund, and only Apple's current answer says the transaction is still a purchase.
 */
export async function verifyAppStorePurchase(settings: StoreSettings, signedTransaction: string): Promise<VerifiedStorePurchase> {
  const env: Environment = settings.scope.env;
  const app = settings.appStore;
  if (!app) throw storeNotSetUp("app_store", env);
  const verifier = await appStoreVerifier(app, env);
  const sent = await verifyAppStoreTransaction(verifier, signedTransaction, env);
  const transactionId = sent.transactionId;
  const productId = sent.productId;
  if (!transactionId || !productId) throw new AppError("VALIDATION_FAILED", "The signed transaction names no transaction or product.");
  if (sent.type !== undefined && !PACK_TYPES.has(sent.type)) {
    throw new AppError("VALIDATION_FAILED", `A ${sent.type} cannot be recorded: packs are consumable or non-consumable in-app purchases.`);
  }
  if ((sent.quantity ?? 1) !== 1) {
    throw new AppError("VALIDATION_FAILED", `The transaction is for ${sent.quantity} units: a pack is sold one per store transaction.`);
  }
  let current = sent;
  try {
    const info = await withinTimeout((await appStoreApi(app, env)).getTransactionInfo(transactionId));
    if (!info.signedTransactionInfo) throw appStoreUnavailable(null);
    current = await verifyAppStoreTransaction(verifier, info.signedTransactionInfo, env);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isUnknownTransaction(error)) throw notPurchased("app_store", "unknown", `The App Store knows no transaction ${transactionId}: nothing was credited.`);
    throw appStoreUnavailable(error);
  }
  if (current.transactionId !== transactionId || current.productId !== productId) {
    throw new AppError("VALIDATION_FAILED", "The App Store's record of this transaction does not match the signed transaction sent.");
  }
  if (current.revocationDate !== undefined) {
    throw notPurchased("app_store", "refunded", `Apple refunded or revoked transaction ${transactionId}: nothing was credited.`);
  }
  return {
    store: "app_store",
    transactionId,
    productId,
    purchaseToken: null,
    priceMillis: typeof current.price === "number" ? current.price : null,
    currency: current.currency ?? null,
    storefront: current.storefront ?? null,
    consumed: false,
  };
}
