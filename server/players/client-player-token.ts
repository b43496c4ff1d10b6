import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { players } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import { dummyPasswordHash, verifyPassword } from "@/server/lib/passwords";
import type { GameScope } from "@/server/lib/scope";
import { issuePlayerToken, type PlayerToken } from "./issue-player-token";

export const ClientPlayerTokenRequest = z.strictObject({
  playerId: z.string().min(1, "Must be 1 to 64 characters").max(64, "Must be 1 to 64 characters"),
  playerSecret: z.string().min(1, "Must be 1 to 200 characters").max(200, "Must be 1 to 200 characters"),
});
export type ClientPlayerTokenRequest = z.infer<typeof ClientPlayerTokenRequest>;

function wrongCredentials(): AppError {
  return new AppError("UNAUTHENTICATED", "Unknown player or wrong player secret.");
}

/**
 * A token for an anonymous player who proves its secret. A wrong secret, an unknown id and a player
 * that is not anonymous get the same 401, and each runs exactly one password verification.
 */
export async function createClientPlayerToken(db: Db, scope: GameScope, input: ClientPlayerTokenRequest): Promise<PlayerToken> {
  const dummy = await dummyPasswordHash();
  const rows = await db
    .select()
    .from(players)
    .where(and(eq(players.id, input.playerId.toLowerCase()), eq(players.gameId, scope.gameId), eq(players.env, scope.env)))
    .limit(1);
  const player = rows[0];
  const stored = player?.kind === "hosted" && player.secretHash ? player.secretHash : null;
  // SECURITY: always one scrypt verification (against the dummy when there is nothing to check), so timing does not tell which case failed.
  const matches = await verifyPassword(input.playerSecret, stored ?? dummy);
  // SECURITY: `stored !== null` keeps a secret that happened to match the dummy from ever passing.
  if (!player || stored === null || !matches) throw wrongCredentials();
  // A blocked player with the right secret gets 403 PLAYER_BLOCKED from here.
  return issuePlayerToken(db, scope, player);
}
