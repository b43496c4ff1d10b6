import { and, desc, eq, ilike, like, lt, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { players } from "@/db/schema";
import { Cursor, decodeCursor, encodeCursor, Limit } from "@/server/lib/cursor";
import { ID_PATTERN } from "@/server/lib/ids";
import type { GameScope } from "@/server/lib/scope";
import { toPlayerAdminView, type PlayerAdminView } from "./player-admin-view";

export const SearchPlayersQuery = z.strictObject({
  query: z.string().trim().max(254, "Must be at most 254 characters").default(""),
  limit: Limit,
  cursor: Cursor.optional(),
});
export type SearchPlayersQuery = z.infer<typeof SearchPlayersQuery>;

export type PlayerPage = { players: PlayerAdminView[]; nextCursor: string | null };

/** The text as a literal inside a LIKE pattern (`\` is Postgres' default escape character). */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * What staff type to find a player: the service id (exact, any case), the game's own id (prefix, with or
 * without `ext:`), an e-mail the player gave or proved (exact, compared lower-case), or part of the
 * display name (any case).
 */
function matchText(text: string): SQL | undefined {
  const own = text.startsWith("ext:") ? text.slice(4) : text;
  const email = text.toLowerCase();
  return or(
    ID_PATTERN.test(email) ? eq(players.id, email) : undefined,
    own ? like(players.externalId, `${likeLiteral(own)}%`) : undefined,
    eq(players.linkedEmail, email),
    eq(players.email, email),
    ilike(players.displayName, `%${likeLiteral(text)}%`),
  );
}

/** Newest first; an empty query lists every player of the environment. */
export async function searchPlayers(db: Db, scope: GameScope, query: SearchPlayersQuery): Promise<PlayerPage> {
  const conditions: (SQL | undefined)[] = [eq(players.gameId, scope.gameId), eq(players.env, scope.env)];
  if (query.query) conditions.push(matchText(query.query));
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  if (after) conditions.push(lt(players.id, after));
  const rows = await db
    .select()
    .from(players)
    .where(and(...conditions))
    .orderBy(desc(players.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return { players: page.map(toPlayerAdminView), nextCursor: rows.length > query.limit && last ? encodeCursor(last.id) : null };
}
