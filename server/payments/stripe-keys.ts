import "server-only";
import type { Environment } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";
import { seal, unseal } from "@/server/lib/sealing";

/**
 * Stripe's key formats. A secret (`sk_`) or restricted (`rk_`) key names its mode: `_test_` keys move
 * no money, `_live_` keys do, so each environment takes only its own mode.
 */
const SECRET_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,240}$/;
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/=_-]{8,240}$/;

export type KeyCheck = "ok" | "STRIPE_KEY_INVALID" | "STRIPE_KEY_MODE_MISMATCH";

/** Whether `key` is a Stripe secret or restricted key of the environment's mode. */
export function checkSecretKey(key: string, env: Environment): KeyCheck {
  const match = SECRET_KEY.exec(key);
  if (!match) return "STRIPE_KEY_INVALID";
  return match[2] === env ? "ok" : "STRIPE_KEY_MODE_MISMATCH";
}

export function isWebhookSecret(secret: string): boolean {
  return WEBHOOK_SECRET.test(secret);
}

/** What the dashboard shows of a key: its kind and mode, then its last four characters (`sk_live_…abcd`). */
export function keyHint(key: string): string {
  const prefix = key.startsWith("whsec_") ? "whsec_" : (/^[a-z]+_(test|live)_/.exec(key)?.[0] ?? "");
  return `${prefix}…${key.slice(-4)}`;
}

/** SECURITY: the sealing context binds a sealed key to its game and environment; a copied value opens nowhere else. */
function contextOf(kind: "secret-key" | "webhook-secret", gameId: string, env: Environment): string {
  return `stripe-${kind}:${gameId}:${env}`;
}

export function sealStripeSecret(kind: "secret-key" | "webhook-secret", value: string, { gameId, env }: GameScope): string {
  return seal(value, contextOf(kind, gameId, env));
}

export function unsealStripeSecret(kind: "secret-key" | "webhook-secret", sealed: string, { gameId, env }: GameScope): string {
  return unseal(sealed, contextOf(kind, gameId, env));
}
