import "server-only";
import type { Environment } from "@/db/schema";
import { seal, unseal } from "@/server/lib/sealing";

/** Mollie's API keys: `test_…` moves no money, `live_…` does; each environment takes only its own. */
const API_KEY = /^(test|live)_[A-Za-z0-9]{20,240}$/;

export type MollieKeyCheck = "ok" | "MOLLIE_KEY_INVALID" | "MOLLIE_KEY_MODE_MISMATCH";

export function checkMollieApiKey(key: string, env: Environment): MollieKeyCheck {
  const match = API_KEY.exec(key);
  if (!match) return "MOLLIE_KEY_INVALID";
  return match[1] === env ? "ok" : "MOLLIE_KEY_MODE_MISMATCH";
}

/** The field error for a key that fails checkMollieApiKey. */
export function mollieKeyProblem(check: MollieKeyCheck, env: Environment): string | null {
  if (check === "MOLLIE_KEY_INVALID") return "Must be a Mollie API key (test_… or live_…)";
  if (check === "MOLLIE_KEY_MODE_MISMATCH") return env === "live" ? "The live environment needs a live API key (live_…)" : "The test environment needs a test API key (test_…)";
  return null;
}

/** What the dashboard shows: the mode and the last four characters (`live_…abcd`). */
export function mollieKeyHint(key: string): string {
  const prefix = /^(test|live)_/.exec(key)?.[0] ?? "";
  return `${prefix}…${key.slice(-4)}`;
}

/** SECURITY: bound to its game and environment, like the Stripe keys (stripe-keys.ts). */
function contextOf(gameId: string, env: Environment): string {
  return `mollie-api-key:${gameId}:${env}`;
}

export function sealMollieApiKey(key: string, gameId: string, env: Environment): string {
  return seal(key, contextOf(gameId, env));
}

export function unsealMollieApiKey(sealed: string, gameId: string, env: Environment): string {
  return unseal(sealed, contextOf(gameId, env));
}
