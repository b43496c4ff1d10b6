import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { players } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { whenCommitted } from "@/server/observability/after-commit";
import { forgetCachedPlayerTokens } from "./authenticate-player-token";
import { playerOfScope } from "./get-player-detail";
import { toPlayerAdminView, type PlayerAdminView } from "./player-admin-view";

/** Which player, and whether it is to be blocked (false: unblocked). */
export type BlockChange = { playerId: string; blocked: boolean };

/**
 * Blocks or unblocks a player. A blocked player gets PLAYER_BLOCKED from every write and token request
 * (find-player.ts assertNotBlocked); balances and inventory stay as they are.
 */
export async function setPlayerBlocked(
  db: Db,
  scope: GameScope,
  { playerId, blocked }: BlockChange,
): Promise<{ before: PlayerAdminView; after: PlayerAdminView }> {
  const before = await playerOfScope(db, scope, playerId);
  const updated = await db
    .update(players)
    .set({ blocked, updatedAt: clock.now() })
    .where(and(eq(players.id, before.id), eq(players.gameId, scope.gameId), eq(players.env, scope.env)))
    .returning();
  const after = updated[0];
  forgetCachedPlayerTokens();
  // Again after the commit: a token read between the update and the commit may have been cached.
  whenCommitted(forgetCachedPlayerTokens);
  if (!after) throw new AppError("INTERNAL_ERROR", "The player could not be updated.");
  return { before: toPlayerAdminView(before), after: toPlayerAdminView(after) };
}
