import "server-only";
import { consume, rateLimitedError, type LimitRule } from "@/server/lib/rate-limit";

/**
 * The shop's own limits (docs/shop.md). Counted in the rate-limit store, outside any transaction, so a
 * refused attempt still counts.
 */
export const shopLimits = {
  /** Links a game server may make for one player: a game opens the shop a few times an hour at most. */
  linksPerPlayer: { name: "shop-link-player", points: 20, durationSeconds: 60 * 60 } satisfies LimitRule,
  /** E-mail sign-in steps (code requests and code checks) per IP address, across shops. */
  signInPerIp: { name: "shop-sign-in-ip", points: 20, durationSeconds: 15 * 60 } satisfies LimitRule,
};

export async function limitShopLink(playerId: string): Promise<void> {
  const outcome = await consume(shopLimits.linksPerPlayer, playerId);
  if (!outcome.allowed) throw rateLimitedError(outcome, "Too many shop links for this player; retry later.");
}

/** Without a known address (no trusted proxy in front), the attempt is counted under one shared key. */
export async function limitShopSignIn(clientIp: string | null): Promise<void> {
  const outcome = await consume(shopLimits.signInPerIp, clientIp ?? "unknown");
  if (!outcome.allowed) throw rateLimitedError(outcome, "Too many sign-in attempts from this address; retry later.");
}
