import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { gameEnvironments, games, environments } from "@/db/schema";
import { forgetCachedKeys } from "@/server/keys/authenticate-key";
import { forgetCachedOrigins } from "@/server/keys/allowed-origins";
import { clock } from "@/server/lib/clock";
import { AppError, notFound } from "@/server/lib/errors";
import { newId } from "@/server/lib/ids";
import type { GameScope } from "@/server/lib/scope";

export const GameSettingsInput = z.strictObject({
  spendOrder: z.enum(["bonus_first", "paid_first"]),
  negativeBalance: z.enum(["allow", "clamp"]),
  anonymousPlayers: z.boolean(),
  prelaunch: z.boolean(),
  launchAt: z.iso.datetime({ offset: true }).nullable(),
});
export type GameSettingsInput = z.infer<typeof GameSettingsInput>;

export const CreateGameInput = z.strictObject({
  name: z.string().trim().min(1, "Required").max(80, "At most 80 characters"),
  slug: z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/, "2 to 48 lowercase letters, digits or dashes"),
});
export type CreateGameInput = z.infer<typeof CreateGameInput>;

export const AllowedOriginsInput = z.strictObject({
  origins: z
    .array(
      z
        .string()
        .url("Must be an origin like https://play.example.com")
        .refine((value) => new URL(value).origin === value.replace(/\/$/, ""), "Must be an origin only: scheme, host and port, no path"),
    )
    .max(50, "At most 50 origins"),
});

export type GameView = { id: string; slug: string; name: string; settings: GameSettingsInput; createdAt: string };

function toGameView(row: typeof games.$inferSelect): GameView {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    settings: {
      spendOrder: row.spendOrder,
      negativeBalance: row.negativeBalance,
      anonymousPlayers: row.anonymousPlayers,
      prelaunch: row.prelaunch,
      launchAt: row.launchAt?.toISOString() ?? null,
    },
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listGames(db: Db, studioId: string): Promise<GameView[]> {
  const rows = await db.select().from(games).where(eq(games.studioId, studioId)).orderBy(asc(games.name));
  return rows.map(toGameView);
}

export async function getGameView(db: Db, studioId: string, gameId: string): Promise<GameView> {
  const rows = await db.select().from(games).where(and(eq(games.id, gameId), eq(games.studioId, studioId))).limit(1);
  if (!rows[0]) throw notFound("Game");
  return toGameView(rows[0]);
}

/** A game with both environments (no keys yet: the developer creates them, each shown once). */
export async function createGame(db: Db, studioId: string, input: CreateGameInput): Promise<GameView> {
  const taken = await db.select({ id: games.id }).from(games).where(eq(games.slug, input.slug)).limit(1);
  if (taken[0]) throw new AppError("VALIDATION_FAILED", "This slug is taken.", { fieldErrors: { slug: ["Already taken"] } });
  const now = clock.now();
  const inserted = await db.insert(games).values({ id: newId(), studioId, slug: input.slug, name: input.name, createdAt: now }).returning();
  const game = inserted[0];
  if (!game) throw new AppError("INTERNAL_ERROR", "The game could not be created.");
  for (const env of environments) await db.insert(gameEnvironments).values({ gameId: game.id, env, allowedOrigins: [] });
  return toGameView(game);
}

export async function updateGameSettings(db: Db, studioId: string, gameId: string, input: GameSettingsInput): Promise<GameView> {
  const rows = await db
    .update(games)
    .set({ ...input, launchAt: input.launchAt ? new Date(input.launchAt) : null })
    .where(and(eq(games.id, gameId), eq(games.studioId, studioId)))
    .returning();
  if (!rows[0]) throw notFound("Game");
  // Settings travel with cached keys; forget them so this process applies the change at once.
  forgetCachedKeys();
  return toGameView(rows[0]);
}

export async function getAllowedOrigins(db: Db, scope: GameScope): Promise<string[]> {
  const rows = await db
    .select({ origins: gameEnvironments.allowedOrigins })
    .from(gameEnvironments)
    .where(and(eq(gameEnvironments.gameId, scope.gameId), eq(gameEnvironments.env, scope.env)));
  return rows[0]?.origins ?? [];
}

export async function setAllowedOrigins(db: Db, scope: GameScope, origins: string[]): Promise<string[]> {
  const unique = [...new Set(origins.map((o) => o.replace(/\/$/, "")))];
  await db
    .insert(gameEnvironments)
    .values({ gameId: scope.gameId, env: scope.env, allowedOrigins: unique })
    .onConflictDoUpdate({ target: [gameEnvironments.gameId, gameEnvironments.env], set: { allowedOrigins: unique } });
  forgetCachedOrigins();
  return unique;
}
