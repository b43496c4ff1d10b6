import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { players, playerTokens, type Environment } from "@/db/schema";
import { preparedQuery } from "@/server/db/prepared-query";
import { clock } from "@/server/lib/clock";
import { sha256Hex } from "@/server/lib/secrets";
import type { GameScope } from "@/server/lib/scope";
import { sharedCache } from "@/server/lib/ttl-cache";
import { PLAYER_TOKEN_PREFIX } from "./issue-player-token";

/** What authentication needs of a token: whose it is, where it is valid, until when, and the player's block. */
export type TokenHolder = { playerId: string; gameId: string; env: Environment; expiresAtMs: number; blocked: boolean };

/**
 * Token look-ups are on every client token request; a short cache saves a round trip (docs/security.md,
 * "Player token cache"). Expiry is checked against the clock on every hit; a block or an erasure in this
 * process clears it at once; another instance sees a revocation or a block within this time, and the
 * handler's fresh player row and the money statement re-check the block anyway.
 */
export const PLAYER_TOKEN_CACHE_MS = 5_000;
const cache = sharedCache<TokenHolder | null>("player-tokens", PLAYER_TOKEN_CACHE_MS, { now: () => clock.nowMs() });

function plausibleToken(token: string): boolean {
  return token.startsWith(PLAYER_TOKEN_PREFIX) && token.length <= 200;
}

/**
 * The holder of a token, or null when the token is unknown, expired, revoked, or issued in another game
 * or environment (all alike to the caller). The holder's `blocked` may be up to the cache time old.
 */
export async function tokenHolder(db: Db, scope: GameScope, token: string): Promise<TokenHolder | null> {
  if (!plausibleToken(token)) return null;
  const hash = sha256Hex(token);
  const holder = await cache.get(hash, () => loadHolder(db, hash));
  // SECURITY: a token is tied to one game and one environment; expiry is exact, whatever the cache's age.
  if (!holder || holder.gameId !== scope.gameId || holder.env !== scope.env) return null;
  return holder.expiresAtMs > clock.nowMs() ? holder : null;
}

/** The token's holder by its hash, built once per handle (server/db/prepared-query.ts): with 1,000 players a token is read again every 5 ms. */
const holderByHash = preparedQuery((db) =>
  db
    .select({
      playerId: playerTokens.playerId,
      gameId: playerTokens.gameId,
      env: playerTokens.env,
      expiresAt: playerTokens.expiresAt,
      blocked: players.blocked,
    })
    .from(playerTokens)
    .innerJoin(players, eq(players.id, playerTokens.playerId))
    .where(and(eq(playerTokens.tokenHash, sql.placeholder("hash")), isNull(playerTokens.revokedAt)))
    .limit(1)
    .prepare("player_token_holder"),
);

async function loadHolder(db: Db, hash: string): Promise<TokenHolder | null> {
  const rows = await holderByHash(db).execute({ hash });
  const row = rows[0];
  return row ? { playerId: row.playerId, gameId: row.gameId, env: row.env, expiresAtMs: row.expiresAt.getTime(), blocked: row.blocked } : null;
}

/** Called after a token is revoked or a player blocked or unblocked, so this process sees it at once. */
export function forgetCachedPlayerTokens(): void {
  cache.clear();
}
