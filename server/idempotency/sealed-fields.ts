import "server-only";
import { AppError } from "@/server/lib/errors";
import { isSealed, isSealedV1, seal, unseal, unsealV1, UnsealError } from "@/server/lib/sealing";

/** A field opens only in the answer of the same Idempotency-Key, and only as the same field. */
function replayContext(field: string, idempotencyKey: string): string {
  return `idempotency-replay:${field}:${idempotencyKey}`;
}

function asObject(body: unknown): Record<string, unknown> | null {
  return body !== null && typeof body === "object" && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : null;
}

/**
 * SECURITY: a stored replay must not keep player secrets or tokens readable at rest. Listed fields
 * are sealed (server/lib/sealing.ts) for this request's own Idempotency-Key, so only the same
 * request, on this service, can read them back.
 */
export function sealFields(body: unknown, fields: readonly string[], idempotencyKey: string): unknown {
  const sealed = fields.length === 0 ? null : asObject(body);
  if (!sealed) return body;
  for (const field of fields) {
    const value = sealed[field];
    if (typeof value === "string") sealed[field] = seal(value, replayContext(field, idempotencyKey));
  }
  return sealed;
}

/**
 * Opens the fields `sealFields` sealed, and `sealed:v1:` ones stored before key ids. A replay that no
 * configured secret opens (AUTH_SECRET replaced without AUTH_SECRET_PREVIOUS) cannot be the original
 * answer: 409, and the client sends the request again under a new key.
 */
export function unsealFields(body: unknown, fields: readonly string[], idempotencyKey: string): unknown {
  const open = fields.length === 0 ? null : asObject(body);
  if (!open) return body;
  for (const field of fields) {
    const value = open[field];
    if (typeof value !== "string") continue;
    try {
      if (isSealedV1(value)) open[field] = unsealV1(value, idempotencyKey);
      else if (isSealed(value)) open[field] = unseal(value, replayContext(field, idempotencyKey));
    } catch (error) {
      if (!(error instanceof UnsealError)) throw error;
      throw new AppError("IDEMPOTENCY_CONFLICT", "The answer stored under this Idempotency-Key can no longer be read; send the request with a new key.");
    }
  }
  return open;
}
