import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { players } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { hashPassword } from "@/server/lib/passwords";
import { newSecret } from "@/server/lib/secrets";
import type { GameScope } from "@/server/lib/scope";
import type { PlayerRow } from "./player-view";

/** Anonymous players' credential: `svc_ps_` and 32 random bytes (base64url, 50 characters in all). */
export const PLAYER_SECRET_PREFIX = "svc_ps_";

/** A fresh secret and the hash to store; the plain value is shown to the player once and never kept. */
export async function newPlayerSecret(): Promise<{ secret: string; secretHash: string }> {
  const secret = newSecret(PLAYER_SECRET_PREFIX, 32);
  // SECURITY: only a slow password hash is stored, as the issue asks, although the secret is random.
  return { secret, secretHash: await hashPassword(secret) };
}

/** Replaces the player's secret: the previous one stops working at once. Returns the new plain secret. */
export async function rotatePlayerSecret(db: Db, scope: GameScope, player: PlayerRow): Promise<string> {
  const { secret, secretHash } = await newPlayerSecret();
  await db
    .update(players)
    .set({ secretHash, updatedAt: clock.now() })
    .where(and(eq(players.id, player.id), eq(players.gameId, scope.gameId), eq(players.env, scope.env)));
  return secret;
}
