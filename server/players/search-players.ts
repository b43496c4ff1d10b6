import "server-only";
import { and, desc, eq, ilike, like, lt, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { players } from "@/db/schema";
import { Cursor, decodeCursor, encodeCursor, Limit } from "@/server/lib/cursor";
import { ID_PATTERN } from "@/server/lib/ids";
import type { GameScope } from "@/server/lib/scope";
import type { BalanceView } from "@/server/wallet/wallet-views";
import { toPlayerAdminView, type PlayerAdminView } from "./player-admin-view";
import type { PlayerRow } from "./player-view";

/** What narrows the players list (and its CSV export): one search text and the blocked state. */
export const PlayerFilter = z.strictObject({
  query: z.string().trim().max(254, "Must be at most 254 characters").default(""),
  blocked: z.enum(["all", "blocked", "not_blocked"]).default("all"),
});
export type PlayerFilter = z.infer<typeof PlayerFilter>;

export const SearchPlayersQuery = PlayerFilter.extend({ limit: Limit, cursor: Cursor.optional() });
export type SearchPlayersQuery = z.infer<typeof SearchPlayersQuery>;

/** A listed player with every non-empty balance (paid + bonus per currency, by currency code). */
export type PlayerListRow = PlayerAdminView & { balances: BalanceView[] };
export type PlayerPage = { players: PlayerListRow[]; nextCursor: string | null };

/** The text as a literal inside a LIKE pattern (`\` is Postgres' default escape character). */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * What staff type to find a player: the service id (exact, any case), the game's own id (exact or
 * prefix, with or without `ext:`), an e-mail the player gave or proved (exact, any case: both are
 * stored lower-case), or part of the display name (any case).
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

export function playerConditions(scope: GameScope, filter: PlayerFilter): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [eq(players.gameId, scope.gameId), eq(players.env, scope.env)];
  if (filter.query) conditions.push(matchText(filter.query));
  if (filter.blocked !== "all") conditions.push(eq(players.blocked, filter.blocked === "blocked"));
  return conditions;
}

type BalanceJson = { currency: string; paid: string | number; bonus: string | number };

/**
 * Balances of the page's players in the same query: a correlated aggregate per row (the balances
 * primary key starts with player_id, so each is an index range scan), zeros left out.
 */
const balancesJson = sql<BalanceJson[]>`coalesce((
  select json_agg(json_build_object('currency', b.currency, 'paid', b.paid, 'bonus', b.bonus) order by b.currency)
  from balances b
  where b.player_id = ${players.id} and b.game_id = ${players.gameId} and b.env = ${players.env} and (b.paid <> 0 or b.bonus <> 0)
), '[]'::json)`;

function toListRow(row: PlayerRow, balances: BalanceJson[]): PlayerListRow {
  return {
    ...toPlayerAdminView(row),
    balances: balances.map((b) => {
      const paid = Number(b.paid);
      const bonus = Number(b.bonus);
      return { currency: b.currency, paid, bonus, total: paid + bonus };
    }),
  };
}

/** One page of the keyset: at most `limit` rows with ids below `afterId` (null: from the newest) among the players `filter` matches. */
export type KeysetPage = { filter: PlayerFilter; limit: number; afterId: string | null };

/** One keyset page (newest first) of the players the filter matches, with their balances. */
export async function playersPage(db: Db, scope: GameScope, { filter, limit, afterId }: KeysetPage): Promise<PlayerListRow[]> {
  const conditions = playerConditions(scope, filter);
  if (afterId) conditions.push(lt(players.id, afterId));
  const rows = await db
    .select({ player: players, balances: balancesJson })
    .from(players)
    .where(and(...conditions))
    .orderBy(desc(players.id))
    .limit(limit);
  return rows.map((r) => toListRow(r.player, r.balances));
}

/** Newest first; an empty query lists every player of the environment. */
export async function searchPlayers(db: Db, scope: GameScope, query: SearchPlayersQuery): Promise<PlayerPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await playersPage(db, scope, { filter: query, limit: query.limit + 1, afterId: after });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return { players: page, nextCursor: rows.length > query.limit && last ? encodeCursor(last.id) : null };
}
