import "server-only";
import { isSealed, needsResealing, seal, unseal, UnsealError } from "@/server/lib/sealing";

/**
 * How `webhook_endpoints.signing_secret` holds a secret: `<sealed>#<last 4 characters>`. The receiver
 * needs the exact secret, so it is sealed (server/lib/sealing.ts), not hashed, and bound to its
 * endpoint: a value copied to another row does not open. The last 4 characters stay readable for the
 * dashboard's hint (`whsec_svc_…abcd`), which shows them anyway. A row written before sealing holds
 * the plain secret; it still works and is sealed by `resealSigningSecrets`.
 */
const HINT_SEPARATOR = "#";
const HINT_LENGTH = 4;

function context(endpointId: string): string {
  return `webhook-signing-secret:${endpointId}`;
}

function sealedPart(stored: string): string {
  const separator = stored.lastIndexOf(HINT_SEPARATOR);
  return separator < 0 ? stored : stored.slice(0, separator);
}

/** The column value for `secret` of endpoint `endpointId`. */
export function storeSigningSecret(endpointId: string, secret: string): string {
  return `${seal(secret, context(endpointId))}${HINT_SEPARATOR}${secret.slice(-HINT_LENGTH)}`;
}

/**
 * The plain secret, to sign a delivery (or to compare with a fixture's, or to seal it again); null
 * when no configured AUTH_SECRET opens it. SECURITY: the result is never logged or stored.
 */
export function openSigningSecret(endpointId: string, stored: string): string | null {
  if (!isSealed(stored)) return stored;
  try {
    return unseal(sealedPart(stored), context(endpointId));
  } catch (error) {
    if (error instanceof UnsealError) return null;
    throw error;
  }
}

/** The last characters of the secret, for the hint, without opening it. */
export function signingSecretHint(stored: string): string {
  const separator = stored.lastIndexOf(HINT_SEPARATOR);
  return isSealed(stored) && separator >= 0 ? stored.slice(separator + 1) : stored.slice(-HINT_LENGTH);
}

/** Plain text (written before sealing) or sealed under a previous AUTH_SECRET. */
export function signingSecretNeedsSealing(stored: string): boolean {
  return !isSealed(stored) || needsResealing(sealedPart(stored));
}
