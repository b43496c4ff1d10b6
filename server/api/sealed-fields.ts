import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { authSecret } from "@/server/auth/auth-secret";

const PREFIX = "sealed:v1:";

function keyFor(idempotencyKey: string): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret(), idempotencyKey, "gamecoin idempotency sealed fields", 32));
}

/**
 * SECURITY: a stored replay must not keep player secrets or tokens readable at rest. Listed fields
 * are sealed with AES-256-GCM under a key derived from the server secret and the request's own
 * Idempotency-Key, so only the same request, on this service, can read them back.
 */
export function sealFields(body: unknown, fields: readonly string[], idempotencyKey: string): unknown {
  if (fields.length === 0 || body === null || typeof body !== "object" || Array.isArray(body)) return body;
  const key = keyFor(idempotencyKey);
  const sealed: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of fields) {
    const value = sealed[field];
    if (typeof value !== "string") continue;
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    const encrypted = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
    sealed[field] = PREFIX + Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64url");
  }
  return sealed;
}

export function unsealFields(body: unknown, fields: readonly string[], idempotencyKey: string): unknown {
  if (fields.length === 0 || body === null || typeof body !== "object" || Array.isArray(body)) return body;
  const key = keyFor(idempotencyKey);
  const open: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of fields) {
    const value = open[field];
    if (typeof value !== "string" || !value.startsWith(PREFIX)) continue;
    const raw = Buffer.from(value.slice(PREFIX.length), "base64url");
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    open[field] = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  }
  return open;
}
