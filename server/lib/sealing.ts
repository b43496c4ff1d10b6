import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { authSecret } from "@/server/auth/auth-secret";
import { config } from "./config";

/**
 * SECURITY: secrets the service must read back later (replayed player secrets, webhook signing
 * secrets) are stored sealed with AES-256-GCM under a key derived from AUTH_SECRET. A sealed value
 * is `sealed:v2:<key id>:<base64url(iv | tag | ciphertext)>`; the key id names the secret that
 * sealed it, so AUTH_SECRET can be rotated: the old one moves to AUTH_SECRET_PREVIOUS, still opens
 * what it sealed, and never seals again. `context` is authenticated (AES-GCM additional data): a
 * value opens only for the record it was sealed for, never when copied to another row.
 */
const PREFIX = "sealed:v2:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

type SealingKey = { id: string; key: Buffer };

/** The values sealed before key ids: replay fields only, keyed by HKDF(secret, idempotency key). */
const V1_PREFIX = "sealed:v1:";
const V1_INFO = "gamecoin idempotency sealed fields";

/** A value that no key of the ring opens: sealed under a secret no longer configured, or altered. */
export class UnsealError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnsealError";
  }
}

const derived = new Map<string, SealingKey>();

function keyOf(secret: string): SealingKey {
  let key = derived.get(secret);
  if (!key) {
    // The id is derived apart from the key: it names the secret without telling anything about the key.
    const id = Buffer.from(hkdfSync("sha256", secret, "", "gamecoin sealing key id", 6)).toString("base64url");
    key = { id, key: Buffer.from(hkdfSync("sha256", secret, "", "gamecoin sealing v2", 32)) };
    derived.set(secret, key);
  }
  return key;
}

/** AUTH_SECRET_PREVIOUS: comma-separated secrets that open values but never seal. */
function previousSecrets(): string[] {
  const raw = config().AUTH_SECRET_PREVIOUS ?? "";
  return raw
    .split(",")
    .map((secret) => secret.trim())
    .filter((secret) => secret.length > 0);
}

/** Every secret that may open a value, the current one first. */
function ring(): string[] {
  const current = authSecret();
  return [current, ...previousSecrets().filter((secret) => secret !== current)];
}

function encrypt(key: Buffer, plaintext: string, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const encrypted = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), encrypted]);
}

/** The plaintext, or null when `key` and `aad` do not open `raw`. */
function decrypt(key: Buffer, raw: Buffer, aad: string | null): string | null {
  if (raw.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
    if (aad !== null) decipher.setAAD(Buffer.from(aad, "utf8"));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** Whether `value` has the sealed form (not whether it opens). */
export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}

/** Seals `plaintext` for `context` (e.g. `webhook-signing-secret:<endpoint id>`) under AUTH_SECRET. */
export function seal(plaintext: string, context: string): string {
  const { id, key } = keyOf(authSecret());
  return `${PREFIX}${id}:${encrypt(key, plaintext, context).toString("base64url")}`;
}

/** Whether `value` should be sealed again: it is plain text, or sealed under a previous secret. */
export function needsResealing(value: string): boolean {
  return !value.startsWith(`${PREFIX}${keyOf(authSecret()).id}:`);
}

/** Opens a value `seal` made for the same `context`; throws UnsealError otherwise (never with the value in it). */
export function unseal(sealed: string, context: string): string {
  if (!sealed.startsWith(PREFIX)) throw new UnsealError("The value is not sealed.");
  const rest = sealed.slice(PREFIX.length);
  const split = rest.indexOf(":");
  const id = split > 0 ? rest.slice(0, split) : "";
  const secret = id ? ring().find((candidate) => keyOf(candidate).id === id) : undefined;
  if (secret === undefined) {
    throw new UnsealError(`Sealed under key ${id || "?"}, which is neither AUTH_SECRET nor in AUTH_SECRET_PREVIOUS.`);
  }
  const opened = decrypt(keyOf(secret).key, Buffer.from(rest.slice(split + 1), "base64url"), context);
  if (opened === null) throw new UnsealError(`A value sealed under key ${id} does not open: altered, or sealed for another record.`);
  return opened;
}

/**
 * Opens a `sealed:v1:` replay field (written before key ids): each secret of the ring is tried, the
 * key being HKDF(secret, salt = the request's Idempotency-Key), as it was sealed.
 */
export function unsealV1(sealed: string, idempotencyKey: string): string {
  if (!sealed.startsWith(V1_PREFIX)) throw new UnsealError("The value is not a v1 sealed value.");
  const raw = Buffer.from(sealed.slice(V1_PREFIX.length), "base64url");
  for (const secret of ring()) {
    const key = Buffer.from(hkdfSync("sha256", secret, idempotencyKey, V1_INFO, 32));
    const opened = decrypt(key, raw, null);
    if (opened !== null) return opened;
  }
  throw new UnsealError("A v1 sealed value opens with neither AUTH_SECRET nor AUTH_SECRET_PREVIOUS.");
}

export function isSealedV1(value: string): boolean {
  return value.startsWith(V1_PREFIX);
}
