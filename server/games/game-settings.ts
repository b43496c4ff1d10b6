import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games } from "@/db/schema";
import type { GameSettings } from "@/server/keys/authenticate-key";
import { notFound } from "@/server/lib/errors";

export type GameSummary = { id: string; name: string; slug: string; settings: GameSettings };

/** A game's settings read fresh (pages and jobs that are not behind an API key). */
export async function getGame(db: Db, gameId: string): Promise<GameSummary> {
  const rows = await db.select().from(games).where(eq(games.id, gameId)).limit(1);
  const game = rows[0];
  if (!game) throw notFound("Game");
  return {
    id: game.id,
    name: game.name,
    slug: game.slug,
    settings: {
      spendOrder: game.spendOrder,
      negativeBalance: game.negativeBalance,
      anonymousPlayers: game.anonymousPlayers,
      prelaunch: game.prelaunch,
      launchAt: game.launchAt,
    },
  };
}
