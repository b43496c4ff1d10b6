import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { gameEnvironments, games, environments } from "@/db/schema";
import { toGameSettings } from "@/server/games/game-settings";
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

export const RenameGameInput = z.strictObject({
  gameId: z.string().min(1).max(64),
  name: z.string().trim().min(1, "Required").max(80, "At most 80 characters"),
});
export type RenameGameInput = z.infer<typeof RenameGameInput>;

export const GameIdInput = z.strictObject({ gameId: z.string().min(1).max(64) });

export const ListGamesInput = z.strictObject({ includeArchived: z.boolean().default(false) }).optional();

export type GameView = {
  id: string;
  slug: string;
  name: string;
  settings: GameSettingsInput;
  /** Archived games leave the lists and the switcher; their pages and API keys keep working. */
  archivedAt: string | null;
  createdAt: string;
};

function toGameView(row: typeof games.$inferSelect): GameView {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    settings: { ...toGameSettings(row), launchAt: row.launchAt?.toISOString() ?? null },
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The studio's games by name; archived ones only when asked for ("Show archived"). */
export async function listGames(db: Db, studioId: string, options: { includeArchived?: boolean } = {}): Promise<GameView[]> {
  const where = options.includeArchived ? eq(games.studioId, studioId) : and(eq(games.studioId, studioId), isNull(games.archivedAt));
  const rows = await db.select().from(games).where(where).orderBy(asc(games.name));
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

export type GameChange = { before: GameView; after: GameView };

async function changeGame(db: Db, studioId: string, { gameId, set }: { gameId: string; set: Partial<typeof games.$inferInsert> }): Promise<GameChange> {
  const before = await getGameView(db, studioId, gameId);
  const rows = await db
    .update(games)
    .set(set)
    .where(and(eq(games.id, gameId), eq(games.studioId, studioId)))
    .returning();
  if (!rows[0]) throw notFound("Game");
  return { before, after: toGameView(rows[0]) };
}

/** The slug stays: it is in the game's API URLs and webhook paths, so renaming never breaks an integration. */
export async function renameGame(db: Db, studioId: string, input: RenameGameInput): Promise<GameChange> {
  return changeGame(db, studioId, { gameId: input.gameId, set: { name: input.name } });
}

/** Hides the game from the dashboard's lists; nothing is deleted and its keys keep working until revoked. */
export async function archiveGame(db: Db, studioId: string, gameId: string): Promise<GameChange> {
  const current = await getGameView(db, studioId, gameId);
  if (current.archivedAt) throw new AppError("CONFLICT", "This game is already archived.");
  return changeGame(db, studioId, { gameId, set: { archivedAt: clock.now() } });
}

export async function unarchiveGame(db: Db, studioId: string, gameId: string): Promise<GameChange> {
  const current = await getGameView(db, studioId, gameId);
  if (!current.archivedAt) throw new AppError("CONFLICT", "This game is not archived.");
  return changeGame(db, studioId, { gameId, set: { archivedAt: null } });
}

/** Which game of the studio, and its new settings. */
export type GameSettingsChange = { gameId: string; settings: GameSettingsInput };

export async function updateGameSettings(db: Db, studioId: string, { gameId, settings: input }: GameSettingsChange): Promise<GameView> {
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
