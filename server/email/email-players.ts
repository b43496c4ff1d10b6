import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games, players } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import type { PlayerRow } from "@/server/players/player-view";

/** The e-mail routes are for anonymous players; an `ext:` player's identity belongs to the game backend. */
export function assertHosted(player: PlayerRow): void {
  if (player.kind !== "hosted") throw new AppError("FORBIDDEN", "E-mail codes are for anonymous players only.");
}

export async function findLinkedPlayer(db: Db, scope: GameScope, email: string): Promise<PlayerRow | null> {
  const rows = await db
    .select()
    .from(players)
    .where(and(eq(players.gameId, scope.gameId), eq(players.env, scope.env), eq(players.linkedEmail, email)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Serialises verifications of one address until the transaction ends: their tries are counted one
 * after another, and two players proving the same address at once cannot both see it free (the
 * second would hit the unique index and fail with a 500; it now waits, sees the link and switches).
 */
export async function lockAddress(db: Db, scope: GameScope, email: string): Promise<void> {
  const key = `email-link:${scope.gameId}:${scope.env}:${email}`;
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

export type AddressToLink = { player: PlayerRow; email: string };

/** Links `email` to the player; an address linked before is released (one address per player). */
export async function linkAddress(db: Db, scope: GameScope, { player, email }: AddressToLink): Promise<PlayerRow> {
  const updated = await db
    .update(players)
    .set({ linkedEmail: email, updatedAt: clock.now() })
    .where(and(eq(players.id, player.id), eq(players.gameId, scope.gameId), eq(players.env, scope.env)))
    .returning();
  const row = updated[0];
  if (!row) throw new AppError("INTERNAL_ERROR", "Player could not be updated.");
  return row;
}

/** The game's name, shown in the mail. */
export async function gameName(db: Db, scope: GameScope): Promise<string> {
  const rows = await db.select({ name: games.name }).from(games).where(eq(games.id, scope.gameId)).limit(1);
  return rows[0]?.name ?? "Gamecoin";
}
