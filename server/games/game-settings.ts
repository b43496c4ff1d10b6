import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games } from "@/db/schema";
import { notFound } from "@/server/lib/errors";

/** How a game sells and spends: read with every API key, so kept in the key cache's entry. */
export type GameSettings = {
  spendOrder: "bonus_first" | "paid_first";
  negativeBalance: "allow" | "clamp";
  anonymousPlayers: boolean;
  prelaunch: boolean;
  launchAt: Date | null;
};

/** The games columns behind GameSettings, for selects that join games (the one place naming them). */
export const gameSettingsColumns = {
  spendOrder: games.spendOrder,
  negativeBalance: games.negativeBalance,
  anonymousPlayers: games.anonymousPlayers,
  prelaunch: games.prelaunch,
  launchAt: games.launchAt,
};

/** A games row (or a select of gameSettingsColumns) as GameSettings. */
export function toGameSettings(row: GameSettings): GameSettings {
  return {
    spendOrder: row.spendOrder,
    negativeBalance: row.negativeBalance,
    anonymousPlayers: row.anonymousPlayers,
    prelaunch: row.prelaunch,
    launchAt: row.launchAt,
  };
}

export type GameSummary = { id: string; name: string; slug: string; settings: GameSettings };

/** A game's settings read fresh (pages and jobs that are not behind an API key). */
export async function getGame(db: Db, gameId: string): Promise<GameSummary> {
  const rows = await db.select().from(games).where(eq(games.id, gameId)).limit(1);
  const game = rows[0];
  if (!game) throw notFound("Game");
  return { id: game.id, name: game.name, slug: game.slug, settings: toGameSettings(game) };
}
