import type { Order } from "./types.js";

type Envelope<T extends string, D> = { id: string; type: T; createdAt: string; env: "test" | "live"; data: D };

/** What `wallet.credited` carries: the currencies one delivery added, per bucket. */
export type WalletCredited = { playerId: string; orderId: string; credits: { currency: string; paid: number; bonus: number }[] };

/** The events the service sends (SPEC "Events"): the envelope with each type's `data`. */
export type WebhookEvent =
  | Envelope<"order.fulfilled", Order>
  | Envelope<"order.refunded", Order>
  | Envelope<"order.chargeback", Order>
  | Envelope<"wallet.credited", WalletCredited>
  | Envelope<"webhook.test", Record<string, unknown>>;

export type WebhookVerificationReason = "MISSING_SIGNATURE" | "STALE_TIMESTAMP" | "BAD_SIGNATURE" | "INVALID_PAYLOAD";

/** Thrown by verifyWebhook: answer the call with a 400 and do not act on it. */
export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
  constructor(
    readonly reason: WebhookVerificationReason,
    message: string,
  ) {
    super(message);
  }
}

export type VerifyWebhookOptions = {
  /** Most seconds between `t` and this clock, either way (default 300, SPEC's five minutes). */
  toleranceSeconds?: number;
  /** Current time in unix seconds (tests); the clock by default. */
  now?: number;
};

const encoder = new TextEncoder();

function parseHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === "t" && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Equal-length strings compared without an early exit, so timing tells nothing about where they differ. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/**
 * Checks a webhook call and returns its event. `rawBody` is the body exactly as received (string or
 * bytes; never a re-serialized object), `signatureHeader` the `Service-Signature` header, `secret` the
 * endpoint's signing secret (`whsec_svc_…`). HMAC-SHA256 of `<t>.<raw body>` with Web Crypto (Node 20,
 * browsers, workers), compared in constant time with each `v1`; a `t` further than the tolerance from
 * the clock is refused. Rejects with WebhookVerificationError.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
  secret: string,
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const parsed = signatureHeader ? parseHeader(signatureHeader) : null;
  if (!parsed) throw new WebhookVerificationError("MISSING_SIGNATURE", "no t and v1 in the Service-Signature header");
  const tolerance = options.toleranceSeconds ?? 300;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - parsed.timestamp) > tolerance) {
    throw new WebhookVerificationError("STALE_TIMESTAMP", `signature time ${parsed.timestamp} is more than ${tolerance} s from now (${now})`);
  }
  const bodyBytes = typeof rawBody === "string" ? encoder.encode(rawBody) : rawBody;
  const key = await globalThis.crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const expected = toHex(await globalThis.crypto.subtle.sign("HMAC", key, concat(encoder.encode(`${parsed.timestamp}.`), bodyBytes)));
  let matched = false;
  for (const signature of parsed.signatures) matched = constantTimeEqual(expected, signature) || matched;
  if (!matched) throw new WebhookVerificationError("BAD_SIGNATURE", "no v1 signature matches");
  let event: unknown;
  try {
    event = JSON.parse(new TextDecoder().decode(bodyBytes));
  } catch {
    throw new WebhookVerificationError("INVALID_PAYLOAD", "the signed body is not JSON");
  }
  const e = event as Partial<WebhookEvent> | null;
  if (!e || typeof e.id !== "string" || typeof e.type !== "string" || typeof e.createdAt !== "string" || !("data" in e)) {
    throw new WebhookVerificationError("INVALID_PAYLOAD", "the signed body is not an event envelope");
  }
  return event as WebhookEvent;
}
