import "server-only";
import { createHmac } from "node:crypto";

/**
 * `Service-Signature` value: `t=<unix seconds>,v1=<hex>`, v1 being the lowercase hex HMAC-SHA256 of
 * `<t>.<raw body>` keyed by the whole secret string (Stripe's scheme, so its libraries verify it).
 */
export function signatureHeader(signingSecret: string, rawBody: string, timestampSeconds: number): string {
  const v1 = createHmac("sha256", signingSecret).update(`${timestampSeconds}.${rawBody}`, "utf8").digest("hex");
  return `t=${timestampSeconds},v1=${v1}`;
}
