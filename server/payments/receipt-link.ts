import "server-only";
import { createHmac, hkdfSync } from "node:crypto";
import { authSecret } from "@/server/auth/auth-secret";
import { config } from "@/server/lib/config";
import { ID_PATTERN } from "@/server/lib/ids";
import { publicUrlOf } from "@/server/lib/public-url";
import { constantTimeEqual } from "@/server/lib/secrets";

/**
 * A paid order's receipt lives at `/receipts/<order id>.<mac>`: the MAC (HMAC-SHA256 under a key
 * derived from AUTH_SECRET, 128 bits) makes the address unguessable from the order id alone, and needs
 * nothing stored, so the receipt mail, the confirmation page and a webhook-settled order all link the
 * same page. A secret moved to AUTH_SECRET_PREVIOUS still opens the links it made.
 */
const MAC_CHARS = 22;

function macOf(secret: string, orderId: string): string {
  const key = Buffer.from(hkdfSync("sha256", secret, "", "gamecoin receipt links", 32));
  return createHmac("sha256", key).update(orderId).digest("base64url").slice(0, MAC_CHARS);
}

function secrets(): string[] {
  const previous = (config().AUTH_SECRET_PREVIOUS ?? "").split(",").map((secret) => secret.trim());
  return [authSecret(), ...previous.filter((secret) => secret.length > 0)];
}

export function receiptIdOf(orderId: string): string {
  return `${orderId}.${macOf(authSecret(), orderId)}`;
}

export function receiptUrlOf(orderId: string): string {
  return publicUrlOf(`/receipts/${receiptIdOf(orderId)}`);
}

/** The order a receipt address names, or null when its MAC is not one of ours (a guessed or altered address). */
export function orderIdOfReceipt(receiptId: string): string | null {
  const [orderId, mac, ...rest] = receiptId.split(".");
  if (!orderId || !mac || rest.length > 0 || !ID_PATTERN.test(orderId) || mac.length !== MAC_CHARS) return null;
  return secrets().some((secret) => constantTimeEqual(macOf(secret, orderId), mac)) ? orderId : null;
}
