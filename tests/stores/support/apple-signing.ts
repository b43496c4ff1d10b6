import { createPrivateKey, randomUUID, sign } from "node:crypto";
import type { AppleChain } from "./apple-certificates";

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString("base64url");
}

/** A JWS as the App Store signs it: ES256, the chain in `x5c`. */
export function signAppleJws(payload: object, chain: Pick<AppleChain, "leafKey" | "x5c">): string {
  const header = base64url(JSON.stringify({ alg: "ES256", x5c: chain.x5c }));
  const body = base64url(JSON.stringify(payload));
  const signature = sign("sha256", Buffer.from(`${header}.${body}`), { key: createPrivateKey(chain.leafKey), dsaEncoding: "ieee-p1363" });
  return `${header}.${body}.${base64url(signature)}`;
}

export type AppleTransactionFields = {
  transactionId: string;
  productId: string;
  bundleId: string;
  environment: "Sandbox" | "Production";
  price?: number;
  currency?: string;
  storefront?: string;
  revocationDate?: number;
  revocationReason?: number;
  type?: string;
  quantity?: number;
};

/** A StoreKit 2 transaction payload (JWSTransaction) for a consumable by default. */
export function appleTransaction(fields: AppleTransactionFields): Record<string, unknown> {
  const now = Date.now();
  return {
    transactionId: fields.transactionId,
    originalTransactionId: fields.transactionId,
    bundleId: fields.bundleId,
    productId: fields.productId,
    purchaseDate: now - 1000,
    originalPurchaseDate: now - 1000,
    quantity: fields.quantity ?? 1,
    type: fields.type ?? "Consumable",
    inAppOwnershipType: "PURCHASED",
    signedDate: now,
    environment: fields.environment,
    transactionReason: "PURCHASE",
    storefront: fields.storefront ?? "FRA",
    storefrontId: "143442",
    price: fields.price ?? 4990,
    currency: fields.currency ?? "EUR",
    ...(fields.revocationDate === undefined ? {} : { revocationDate: fields.revocationDate, revocationReason: fields.revocationReason ?? 0 }),
  };
}

/** An App Store Server Notification V2 payload around a signed transaction. */
export function appleNotification(fields: {
  notificationType: string;
  bundleId: string;
  environment: "Sandbox" | "Production";
  appAppleId?: number;
  signedTransactionInfo?: string;
  notificationUUID?: string;
  consumptionRequestReason?: string;
}): Record<string, unknown> {
  return {
    notificationType: fields.notificationType,
    notificationUUID: fields.notificationUUID ?? randomUUID(),
    version: "2.0",
    signedDate: Date.now(),
    data: {
      bundleId: fields.bundleId,
      environment: fields.environment,
      ...(fields.appAppleId === undefined ? {} : { appAppleId: fields.appAppleId }),
      ...(fields.signedTransactionInfo === undefined ? {} : { signedTransactionInfo: fields.signedTransactionInfo }),
      ...(fields.consumptionRequestReason === undefined ? {} : { consumptionRequestReason: fields.consumptionRequestReason }),
    },
  };
}
