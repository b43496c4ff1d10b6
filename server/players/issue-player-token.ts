import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import { playerTokens } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { newSecret, sha256Hex } from "@/server/lib/secrets";
import type { GameScope } from "@/server/lib/scope";
import { assertNotBlocked } from "./find-player";
import type { PlayerRow } from "./player-view";

export const PLAYER_TOKEN_PREFIX = "svc_pt_";
export const PLAYER_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/**
 * SPEC PlayerToken, defined once (server/api registers it as a component). A regex, not startsWith: zod renders
 * startsWith as a non-standard `format` that strict validators refuse.
 */
export const PlayerTokenSchema = z.object({ token: z.string().regex(/^svc_pt_/), expiresAt: z.iso.datetime() });
export type PlayerToken = z.infer<typeof PlayerTokenSchema>;

/** A new opaque one-hour token; earlier tokens stay valid. Only its hash is stored. */
export async function issuePlayerToken(db: Db, scope: GameScope, player: PlayerRow): Promise<PlayerToken> {
  assertNotBlocked(player);
  const token = newSecret(PLAYER_TOKEN_PREFIX, 32);
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + PLAYER_TOKEN_LIFETIME_MS);
  await db.insert(playerTokens).values({
    tokenHash: sha256Hex(token),
    playerId: player.id,
    gameId: scope.gameId,
    env: scope.env,
    expiresAt,
    createdAt: now,
  });
  return { token, expiresAt: expiresAt.toISOString() };
}
