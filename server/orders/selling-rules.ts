import "server-only";
import { and, count, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { holdingOrderStatuses, orders, packs } from "@/db/schema";
import type { GameSettings } from "@/server/games/game-settings";
import { unitsTakenByPack } from "@/server/catalog/pack-stock";
import { AppError, notFound } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";

export type PackRow = typeof packs.$inferSelect;

/** Whether the game is still before its launch: prelaunch on and the launch time not reached. */
export function beforeLaunch(settings: Pick<GameSettings, "prelaunch" | "launchAt">, now: Date): boolean {
  if (!settings.prelaunch) return false;
  return settings.launchAt === null || now < settings.launchAt;
}

/** Unpaid checkouts one player may hold of a pack with limited stock (docs/decisions.md). */
export const MAX_PENDING_PER_PLAYER_OF_LIMITED_STOCK = 1;

async function pendingOrderOf(db: Db, scope: GameScope, { packSku, playerId }: { packSku: string; playerId: string }): Promise<{ id: string; expiresAt: Date } | null> {
  const rows = await db
    .select({ id: orders.id, expiresAt: orders.expiresAt })
    .from(orders)
    .where(and(eq(orders.gameId, scope.gameId), eq(orders.env, scope.env), eq(orders.playerId, playerId), eq(orders.packSku, packSku), eq(orders.status, "pending")))
    .limit(1);
  return rows[0] ?? null;
}

/** A sale to check: the game's launch settings, the pack, the buyer and the time. */
export type SaleRequest = { settings: Pick<GameSettings, "prelaunch" | "launchAt">; packSku: string; playerId: string; now: Date };

/**
 * The one place that decides whether a pack can be sold to a player now. Locks the pack row so that
 * concurrent checkouts of a limited pack count stock and per-player orders one after another.
 * Must run inside the transaction that creates the order.
 */
export async function assertPackSellable(db: Db, scope: GameScope, { settings, packSku, playerId, now }: SaleRequest): Promise<PackRow> {
  // CONCURRENCY: FOR UPDATE on the pack serialises the stock and per-player counts below.
  const rows = await db
    .select()
    .from(packs)
    .where(and(eq(packs.gameId, scope.gameId), eq(packs.env, scope.env), eq(packs.sku, packSku), eq(packs.status, "active")))
    .for("update");
  const pack = rows[0];
  if (!pack) throw notFound(`Pack "${packSku}"`);

  const window = { startsAt: pack.startsAt?.toISOString() ?? null, endsAt: pack.endsAt?.toISOString() ?? null };
  if (pack.limited) {
    const started = pack.startsAt === null || pack.startsAt <= now;
    const ended = pack.endsAt !== null && pack.endsAt <= now;
    if (!started || ended) throw new AppError("PACK_NOT_AVAILABLE", `Pack "${packSku}" is not on sale now.`, window);
  }
  if (beforeLaunch(settings, now) && !(pack.limited && pack.founder)) {
    throw new AppError("PACK_NOT_AVAILABLE", `Pack "${packSku}" goes on sale at launch.`, {
      startsAt: settings.launchAt?.toISOString() ?? null,
      endsAt: window.endsAt,
    });
  }
  if (pack.limited && pack.stock !== null) {
    const taken = (await unitsTakenByPack(db, scope, [pack.sku])).get(pack.sku) ?? 0;
    if (taken >= pack.stock) throw new AppError("PACK_SOLD_OUT", `Pack "${packSku}" is sold out.`, { stock: pack.stock });
  }
  if (pack.maxPerPlayer !== null) {
    const owned = await db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.playerId, playerId),
          eq(orders.packSku, pack.sku),
          eq(orders.gameId, scope.gameId),
          eq(orders.env, scope.env),
          inArray(orders.status, holdingOrderStatuses),
        ),
      );
    const already = Number(owned[0]?.n ?? 0);
    if (already >= pack.maxPerPlayer) {
      throw new AppError("LIMIT_REACHED", `At most ${pack.maxPerPlayer} of pack "${packSku}" per player.`, {
        maxPerPlayer: pack.maxPerPlayer,
        orders: already,
      });
    }
  }
  if (pack.limited && pack.stock !== null) {
    // Each unpaid checkout holds a unit for up to 30 minutes: one player may hold one at a time, or a
    // single player could take the whole stock off sale without paying for any of it.
    const held = await pendingOrderOf(db, scope, { packSku: pack.sku, playerId });
    if (held) {
      throw new AppError("LIMIT_REACHED", `This player already has an unpaid checkout of pack "${packSku}", whose stock is limited: pay or cancel it first.`, {
        maxPendingPerPlayer: MAX_PENDING_PER_PLAYER_OF_LIMITED_STOCK,
        pendingOrderId: held.id,
        expiresAt: held.expiresAt.toISOString(),
      });
    }
  }
  return pack;
}
