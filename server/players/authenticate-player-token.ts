import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { players, playerTokens } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { sha256Hex } from "@/server/lib/secrets";
import type { GameScope } from "@/server/lib/scope";
import { PLAYER_TOKEN_PREFIX } from "./issue-player-token";
import type { PlayerRow } from "./player-view";

/**
 * The player a token belongs to, or null when the token is unknown, expired, revoked, or issued in
 * another game or environment (all alike to the caller).
 */
export async function playerForToken(db: Db, scope: GameScope, token: string): Promise<PlayerRow | null> {
  if (!token.startsWith(PLAYER_TOKEN_PREFIX) || token.length > 200) return null;
  const rows = await db
    .select({ player: players })
    .from(playerTokens)
    .innerJoin(players, eq(players.id, playerTokens.playerId))
    .where(
      and(
        eq(playerTokens.tokenHash, sha256Hex(token)),
        // SECURITY: a token is tied to one game and one environment.
        eq(playerTokens.gameId, scope.gameId),
        eq(playerTokens.env, scope.env),
        gt(playerTokens.expiresAt, clock.now()),
        isNull(playerTokens.revokedAt),
      ),
    )
    .limit(1);
  return rows[0]?.player ?? null;
}
