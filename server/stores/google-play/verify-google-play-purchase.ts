import "server-only";
import type { Environment } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import type { StoreSettings } from "@/server/stores/settings/read-store-settings";
import { notPurchased, storeNotSetUp, type VerifiedStorePurchase } from "../verified-purchase";
import { googlePlayApi, googlePlayUnavailable, googleStatusOf, type ProductPurchase } from "./google-play-api";

/** Google's `purchaseType` of a license tester's purchase: no money moved, it belongs to `test`. */
const TEST_PURCHASE = 0;
const PURCHASED = 0;
const CANCELED = 1;
const CONSUMED = 1;

/**
 * A Play purchase token, checked with Google's own client (`purchases.products.get` for the
 * environment's package): purchased, of the product named, and of the environment's kind (a license
 * tester's purchase is `test`, a paid one `live`).
 */
export async function verifyGooglePlayPurchase(settings: StoreSettings, productId: string, purchaseToken: string): Promise<VerifiedStorePurchase> {
  const env: Environment = settings.scope.env;
  const play = settings.googlePlay;
  if (!play) throw storeNotSetUp("google_play", env);
  let purchase: ProductPurchase;
  try {
    purchase = (await (await googlePlayApi(play)).purchases.products.get({ packageName: play.packageName, productId, token: purchaseToken })).data;
  } catch (error) {
    const status = googleStatusOf(error);
    if (status === 400 || status === 404 || status === 410) {
      throw notPurchased("google_play", "unknown", `Google Play knows no purchase of "${productId}" with this token in ${play.packageName}: nothing was credited.`);
    }
    throw googlePlayUnavailable(error);
  }
  if (purchase.productId && purchase.productId !== productId) {
    throw new AppError("VALIDATION_FAILED", `The purchase token is for product "${purchase.productId}", not "${productId}".`);
  }
  const testPurchase = purchase.purchaseType === TEST_PURCHASE;
  if (testPurchase !== (env === "test")) {
    throw new AppError(
      "VALIDATION_FAILED",
      testPurchase ? "A license tester's purchase (no money moved) cannot be recorded in live: send it to the test environment." : "A paid Play purchase cannot be recorded in the test environment.",
      { reason: "environment" },
    );
  }
  if (purchase.purchaseState === CANCELED) throw notPurchased("google_play", "canceled", "Google Play says this purchase was canceled: nothing was credited.");
  if (purchase.purchaseState !== PURCHASED) throw notPurchased("google_play", "pending", "Google Play says this purchase is still pending payment: record it once it is purchased.");
  if ((purchase.quantity ?? 1) !== 1) {
    throw new AppError("VALIDATION_FAILED", `The purchase is for ${purchase.quantity} units: a pack is sold one per store purchase.`);
  }
  return {
    store: "google_play",
    transactionId: purchase.orderId ?? purchaseToken,
    productId,
    purchaseToken,
    priceMillis: null,
    currency: null,
    storefront: purchase.regionCode ?? null,
    consumed: purchase.consumptionState === CONSUMED,
  };
}
