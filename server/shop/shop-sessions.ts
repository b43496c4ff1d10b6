import "server-only";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { players, shopSessions } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { newSecret, sha256Hex } from "@/server/lib/secrets";
import type { GameScope } from "@/server/lib/scope";
import { isLocale, type Locale } from "@/server/orders/locales";
import type { PlayerRow } from "@/server/players/player-view";

/**
 * A shop session lasts 24 hours from sign-in, not sliding: a lost phone's session ends by itself, and a
 * page view writes nothing (a launch drop is a read-heavy burst). The game makes a new link whenever the
 * player opens the shop from it, so a player coming from the game never sees the end of a session.
 */
export const SHOP_SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type ShopSessionCookie = { value: string; expiresAt: Date };

/** A new session for `player`; only the hash of the cookie's value is stored. */
export async function startShopSession(
  db: Db,
  options: { scope: GameScope; playerId: string; locale: Locale | null },
): Promise<ShopSessionCookie> {
  const value = newSecret("", 32);
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + SHOP_SESSION_LIFETIME_MS);
  await db.insert(shopSessions).values({
    idHash: sha256Hex(value),
    gameId: options.scope.gameId,
    env: options.scope.env,
    playerId: options.playerId,
    locale: options.locale,
    expiresAt,
    createdAt: now,
  });
  return { value, expiresAt };
}

export type ShopVisitor = { player: PlayerRow; locale: Locale | null };

/**
 * The player a cookie signs in to this shop, or null: unknown, expired, another game's or environment's
 * session, or a player blocked since (a blocked player sees the shop as a stranger does).
 */
export async function findShopVisitor(db: Db, scope: GameScope, cookieValue: string | undefined): Promise<ShopVisitor | null> {
  if (!cookieValue || cookieValue.length > 200) return null;
  const rows = await db
    .select({ player: players, locale: shopSessions.locale })
    .from(shopSessions)
    .innerJoin(players, eq(players.id, shopSessions.playerId))
    .where(
      and(
        eq(shopSessions.idHash, sha256Hex(cookieValue)),
        eq(shopSessions.gameId, scope.gameId),
        eq(shopSessions.env, scope.env),
        gt(shopSessions.expiresAt, clock.now()),
        eq(players.gameId, scope.gameId),
        eq(players.env, scope.env),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row || row.player.blocked) return null;
  return { player: row.player, locale: row.locale !== null && isLocale(row.locale) ? row.locale : null };
}

/** Signing out deletes the session row: the cookie is worth nothing afterwards, even if kept. */
export async function endShopSession(db: Db, scope: GameScope, cookieValue: string | undefined): Promise<void> {
  if (!cookieValue) return;
  await db
    .delete(shopSessions)
    .where(and(eq(shopSessions.idHash, sha256Hex(cookieValue)), eq(shopSessions.gameId, scope.gameId), eq(shopSessions.env, scope.env)));
}

/** For the cleanup job: sessions past their end. */
export async function deleteExpiredShopSessions(db: Db): Promise<number> {
  const deleted = await db.delete(shopSessions).where(lt(shopSessions.expiresAt, clock.now())).returning({ idHash: shopSessions.idHash });
  return deleted.length;
}
