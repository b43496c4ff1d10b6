import "server-only";
import { and, asc, eq, inArray, notInArray, or, ne, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { balances, items } from "@/db/schema";
import { listInventory } from "@/server/inventory/list-inventory";
import type { InventoryItemView } from "@/server/inventory/schemas";
import { notFound } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { listOrders, type OrderListRow } from "@/server/orders/list-orders";
import { getBalances } from "@/server/wallet/get-wallet";
import { toBalanceView, type BalanceView } from "@/server/wallet/wallet-views";
import { findPlayer } from "./find-player";
import { toPlayerAdminView, type PlayerAdminView } from "./player-admin-view";
import type { PlayerRow } from "./player-view";

/** `inCatalog` false: a balance left in a draft or archived currency, which the APIs no longer show. */
export type PlayerBalanceView = BalanceView & { inCatalog: boolean };

/** An owned item with its catalog name (null when the item was deleted from this environment's catalog). */
export type PlayerInventoryView = InventoryItemView & { name: string | null };

export type PlayerDetail = {
  player: PlayerAdminView;
  balances: PlayerBalanceView[];
  inventory: PlayerInventoryView[];
  recentOrders: OrderListRow[];
};

const RECENT_ORDERS = 5;

/** A player of this game and environment; another's (or an unknown id) is 404. */
export async function playerOfScope(db: Db, scope: GameScope, playerId: string): Promise<PlayerRow> {
  const player = await findPlayer(db, scope, { kind: "id", id: playerId.toLowerCase() });
  if (!player) throw notFound("Player");
  return player;
}

/** Every balance the API shows (zeros included) and, after them, what is left in currencies out of the catalog. */
async function allBalances(db: Db, scope: GameScope, playerId: string): Promise<PlayerBalanceView[]> {
  const inCatalog = await getBalances(db, scope, playerId);
  const codes = inCatalog.map((b) => b.currency);
  const conditions: (SQL | undefined)[] = [
    eq(balances.playerId, playerId),
    eq(balances.gameId, scope.gameId),
    eq(balances.env, scope.env),
    or(ne(balances.paid, 0), ne(balances.bonus, 0)),
  ];
  if (codes.length > 0) conditions.push(notInArray(balances.currency, codes));
  const others = await db
    .select()
    .from(balances)
    .where(and(...conditions))
    .orderBy(asc(balances.currency));
  return [
    ...inCatalog.map((b) => ({ ...b, inCatalog: true })),
    ...others.map((r) => ({ ...toBalanceView(r.currency, r.paid, r.bonus), inCatalog: false })),
  ];
}

async function namedInventory(db: Db, scope: GameScope, playerId: string): Promise<PlayerInventoryView[]> {
  const owned = await listInventory(db, scope, playerId);
  if (owned.length === 0) return [];
  const names = await db
    .select({ sku: items.sku, name: items.name })
    .from(items)
    .where(and(eq(items.gameId, scope.gameId), eq(items.env, scope.env), inArray(items.sku, owned.map((i) => i.sku))));
  const bySku = new Map(names.map((n) => [n.sku, n.name]));
  return owned.map((i) => ({ ...i, name: bySku.get(i.sku) ?? null }));
}

/** The player page: who, what they hold, their latest orders. */
export async function getPlayerDetail(db: Db, scope: GameScope, playerId: string): Promise<PlayerDetail> {
  const player = await playerOfScope(db, scope, playerId);
  const [wallet, inventory, orders] = await Promise.all([
    allBalances(db, scope, player.id),
    namedInventory(db, scope, player.id),
    listOrders(db, scope, { playerId: player.id, limit: RECENT_ORDERS }),
  ]);
  return { player: toPlayerAdminView(player), balances: wallet, inventory, recentOrders: orders.orders };
}
