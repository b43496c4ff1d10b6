import "server-only";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { players, shopLinks } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import { clock } from "@/server/lib/clock";
import { publicUrlOf } from "@/server/lib/public-url";
import { newSecret, sha256Hex } from "@/server/lib/secrets";
import type { GameScope } from "@/server/lib/scope";
import { isLocale, locales, type Locale } from "@/server/orders/locales";
import { assertNotBlocked } from "@/server/players/find-player";
import type { PlayerRow } from "@/server/players/player-view";
import { limitShopLink } from "./shop-limits";
import { shopOfScope } from "./shop-settings";
import { shopPath } from "./shop-paths";
import { startShopSession, type ShopSessionCookie } from "./shop-sessions";

export const SHOP_LINK_LIFETIME_MS = 10 * 60 * 1000;

/** Optional body of POST /players/{player}/shop-links: the language the shop opens in. */
export const CreateShopLinkRequest = z.strictObject({ locale: z.enum(locales).optional() });
export type CreateShopLinkRequest = z.infer<typeof CreateShopLinkRequest>;

export const ShopLinkSchema = z.object({ url: z.url(), expiresAt: z.iso.datetime() });
export type ShopLink = z.infer<typeof ShopLinkSchema>;

/**
 * A single-use link that signs `player` into the shop of the key's game and environment within 10
 * minutes. The token is random (256 bits) and only its hash is stored.
 */
export async function createShopLink(
  db: Db,
  options: { scope: GameScope; player: PlayerRow; locale?: Locale },
): Promise<ShopLink> {
  const { scope, player } = options;
  assertNotBlocked(player);
  const shop = await shopOfScope(db, scope);
  if (!shop.settings.enabled) throw new AppError("CONFLICT", `The ${scope.env} shop of this game is off: turn it on in the dashboard (Keys & settings).`);
  await limitShopLink(player.id);
  const token = newSecret("", 32);
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + SHOP_LINK_LIFETIME_MS);
  await db.insert(shopLinks).values({
    tokenHash: sha256Hex(token),
    gameId: scope.gameId,
    env: scope.env,
    playerId: player.id,
    locale: options.locale ?? null,
    expiresAt,
    createdAt: now,
  });
  return { url: publicUrlOf(`${shopPath(shop.slug, scope.env)}/enter/${token}`), expiresAt: expiresAt.toISOString() };
}

export type LinkRefusal = "unknown" | "used" | "expired" | "other-shop" | "blocked";
export type LinkOutcome =
  | { kind: "signed-in"; session: ShopSessionCookie; locale: Locale | null }
  | { kind: "refused"; reason: LinkRefusal };

/** Why a link that could not be spent was refused (read after the failed spend, for the page's wording only). */
async function refusalOf(db: Db, scope: GameScope, link: { tokenHash: string; now: Date }): Promise<LinkRefusal> {
  const { tokenHash, now } = link;
  const rows = await db.select().from(shopLinks).where(eq(shopLinks.tokenHash, tokenHash)).limit(1);
  const stored = rows[0];
  if (!stored) return "unknown";
  if (stored.gameId !== scope.gameId || stored.env !== scope.env) return "other-shop";
  if (stored.usedAt !== null) return "used";
  return stored.expiresAt <= now ? "expired" : "used";
}

/**
 * Spends a link on the shop it was opened on and starts a session. CONCURRENCY: the spend is one
 * conditional UPDATE, so two openings of the same link (a double tap, a prefetch) sign in at most once.
 * A link opened on another game's or environment's shop is left unspent.
 */
export async function redeemShopLink(db: Db, options: { scope: GameScope; token: string }): Promise<LinkOutcome> {
  const { scope } = options;
  if (options.token.length === 0 || options.token.length > 200) return { kind: "refused", reason: "unknown" };
  const tokenHash = sha256Hex(options.token);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const spent = await tx
      .update(shopLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(shopLinks.tokenHash, tokenHash),
          eq(shopLinks.gameId, scope.gameId),
          eq(shopLinks.env, scope.env),
          isNull(shopLinks.usedAt),
          gt(shopLinks.expiresAt, now),
        ),
      )
      .returning();
    const link = spent[0];
    if (!link) return { kind: "refused", reason: await refusalOf(tx, scope, { tokenHash, now }) };
    const owner = await tx.select({ blocked: players.blocked }).from(players).where(eq(players.id, link.playerId)).limit(1);
    // Blocked after the link was made: the link is spent all the same, and signs no one in.
    if (!owner[0] || owner[0].blocked) return { kind: "refused", reason: "blocked" };
    const locale = link.locale !== null && isLocale(link.locale) ? link.locale : null;
    const session = await startShopSession(tx, { scope, playerId: link.playerId, locale });
    return { kind: "signed-in", session, locale };
  });
}

/** For the cleanup job: links past their end (used or not) are worth nothing. */
export async function deleteExpiredShopLinks(db: Db): Promise<number> {
  const deleted = await db.delete(shopLinks).where(lt(shopLinks.expiresAt, clock.now())).returning({ tokenHash: shopLinks.tokenHash });
  return deleted.length;
}
