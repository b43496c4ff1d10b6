import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { players } from "@/db/schema";
import { AppError, notFound } from "@/server/lib/errors";
import { preparedQuery } from "@/server/db/prepared-query";
import { clock } from "@/server/lib/clock";
import { newId } from "@/server/lib/ids";
import type { GameScope } from "@/server/lib/scope";
import type { PlayerRef } from "./player-ref";
import type { PlayerRow } from "./player-view";

/**
 * The player `ref` names in `scope`, as a condition only a unique index can serve: players_pkey for an
 * id, players_external_unique (external_id, env, game_id) for the game's own id.
 *
 * PLANNER: game_id is compared with IS NOT DISTINCT FROM (never null, so the same answer as `=`), which
 * is no index condition. With `game_id = $1` a database without statistics (never analyzed) guessed any
 * (game_id, env, …) index as selective as the unique key and read every player of the game per look-up
 * (docs/performance.md, "Player look-up without statistics"). money_move_batch does the same (migration 0013).
 */
export function playerKeyWhere(scope: GameScope, ref: PlayerRef): SQL {
  const key = ref.kind === "id" ? eq(players.id, ref.id) : eq(players.externalId, ref.externalId);
  return and(key, eq(players.env, scope.env), sql`${players.gameId} IS NOT DISTINCT FROM ${scope.gameId}`) as SQL;
}

/** playerKeyWhere's two shapes with placeholders, built once per handle (server/db/prepared-query.ts). */
const inScope = sql`${players.env} = ${sql.placeholder("env")} AND ${players.gameId} IS NOT DISTINCT FROM ${sql.placeholder("gameId")}`;
const playerById = preparedQuery((db) =>
  db.select().from(players).where(and(eq(players.id, sql.placeholder("key")), inScope)).limit(1).prepare("find_player_by_id"),
);
const playerByExternalId = preparedQuery((db) =>
  db.select().from(players).where(and(eq(players.externalId, sql.placeholder("key")), inScope)).limit(1).prepare("find_player_by_external_id"),
);

export async function findPlayer(db: Db, scope: GameScope, ref: PlayerRef): Promise<PlayerRow | null> {
  const query = ref.kind === "id" ? playerById(db) : playerByExternalId(db);
  const rows = await query.execute({ key: ref.kind === "id" ? ref.id : ref.externalId, env: scope.env, gameId: scope.gameId });
  return rows[0] ?? null;
}

/** Which player, and whether an unknown `ext:` reference creates it. */
export type PlayerResolution = { ref: PlayerRef; createExternal: boolean };

/**
 * The player a request is about. Writes with a secret key create an unknown `ext:` player (SPEC
 * convention 6); the creation commits on its own, so it stays even when the write itself fails.
 */
export async function resolvePlayer(db: Db, scope: GameScope, { ref, createExternal }: PlayerResolution): Promise<PlayerRow> {
  const found = await findPlayer(db, scope, ref);
  if (found) return found;
  if (ref.kind === "id" || !createExternal) throw notFound("Player");
  const now = clock.now();
  const inserted = await db
    .insert(players)
    .values({
      id: newId(),
      gameId: scope.gameId,
      env: scope.env,
      externalId: ref.externalId,
      kind: "external",
      createdAt: now,
      updatedAt: now,
    })
    // CONCURRENCY: two first writes for the same ext: id race here; the loser reads the winner's row.
    .onConflictDoNothing()
    .returning();
  const created = inserted[0] ?? (await findPlayer(db, scope, ref));
  if (!created) throw new AppError("INTERNAL_ERROR", "Player could not be created.");
  return created;
}

export function assertNotBlocked(player: PlayerRow): void {
  if (player.blocked) throw new AppError("PLAYER_BLOCKED", "This player is blocked.");
}
