import "server-only";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { holdingOrderStatuses, orders } from "@/db/schema";
import { getCatalogRows, toCatalogView, type CatalogRows, type CatalogView, type PackView } from "@/server/catalog/get-catalog";
import { getGame, type GameSettings } from "@/server/games/game-settings";
import type { GameScope } from "@/server/lib/scope";
import { sharedCache } from "@/server/lib/ttl-cache";
import { beforeLaunch } from "@/server/orders/selling-rules";
import { toOrderView, type OrderView } from "@/server/orders/order-view";
import type { PlayerRow } from "@/server/players/player-view";
import { checkoutCountry, vatFor, type VatBreakdown } from "@/server/vat/eu-vat";
import { getBalances } from "@/server/wallet/get-wallet";
import type { BalanceView } from "@/server/wallet/wallet-views";

/**
 * What the shop shows of a pack, from SPEC's states: buyable now (maybe as a pre-order, maybe with an
 * end), not yet on sale, sold out, or at this player's limit. Ended packs are left out: nothing to buy.
 */
export type PackState =
  | { kind: "on-sale"; endsAt: string | null; preOrder: boolean }
  | { kind: "starts"; startsAt: string | null }
  | { kind: "sold-out" }
  | { kind: "limit-reached"; maxPerPlayer: number };

export type ShopPack = {
  sku: string;
  name: string;
  description: string | null;
  badge: string | null;
  founder: boolean;
  priceCents: number;
  vat: VatBreakdown;
  remaining: number | null;
  grants: { name: string; amount: number; bonus: number }[];
  items: { name: string; quantity: number }[];
  state: PackState;
};

export type ShopContents = {
  packs: ShopPack[];
  balances: (BalanceView & { name: string })[];
  orders: OrderView[];
  prelaunch: boolean;
  launchAt: string | null;
};

/** Orders the shop lists: those that were paid (their receipts), newest first. */
const RECEIPT_STATUSES = ["paid", "fulfilled", "refunded", "chargeback"] as const;
const ORDERS_SHOWN = 20;

function stateOf(pack: PackView, context: { now: Date; beforeLaunch: boolean; launchAt: string | null; held: number }): PackState | null {
  const availability = pack.availability;
  if (availability?.endsAt && new Date(availability.endsAt) <= context.now) return null;
  if (availability?.startsAt && new Date(availability.startsAt) > context.now) return { kind: "starts", startsAt: availability.startsAt };
  const founder = availability?.founder ?? false;
  if (context.beforeLaunch && !founder) return { kind: "starts", startsAt: context.launchAt };
  if (availability?.remaining === 0) return { kind: "sold-out" };
  if (pack.maxPerPlayer !== null && context.held >= pack.maxPerPlayer) return { kind: "limit-reached", maxPerPlayer: pack.maxPerPlayer };
  return { kind: "on-sale", endsAt: availability?.endsAt ?? null, preOrder: context.beforeLaunch && founder };
}

async function ordersHeldByPack(db: Db, scope: GameScope, playerId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ sku: orders.packSku, n: count() })
    .from(orders)
    .where(and(eq(orders.gameId, scope.gameId), eq(orders.env, scope.env), eq(orders.playerId, playerId), inArray(orders.status, holdingOrderStatuses)))
    .groupBy(orders.packSku);
  return new Map(rows.map((row) => [row.sku, Number(row.n)]));
}

async function receiptsOf(db: Db, scope: GameScope, playerId: string): Promise<OrderView[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.gameId, scope.gameId), eq(orders.env, scope.env), eq(orders.playerId, playerId), inArray(orders.status, [...RECEIPT_STATUSES])))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_SHOWN);
  return rows.map(toOrderView);
}

function toShopPack(pack: PackView, catalog: CatalogView, forVisitor: { vat: VatBreakdown; state: PackState }): ShopPack {
  const { vat, state } = forVisitor;
  const currencyName = new Map(catalog.currencies.map((c) => [c.code, c.name]));
  const itemName = new Map(catalog.items.map((i) => [i.sku, i.name]));
  return {
    sku: pack.sku,
    name: pack.name,
    description: pack.description,
    badge: pack.badge,
    founder: pack.availability?.founder ?? false,
    priceCents: pack.priceCents,
    vat,
    remaining: pack.availability?.remaining ?? null,
    grants: pack.grants.map((g) => ({ name: currencyName.get(g.currency) ?? g.currency, amount: g.amount, bonus: g.bonus })),
    items: pack.items.map((i) => ({ name: itemName.get(i.sku) ?? i.sku, quantity: i.quantity })),
    state,
  };
}

/**
 * The catalog's rows, at most a second old: at a launch drop each page view would otherwise read the
 * game, its currencies, items and packs again. What is left of a limited pack is read for every view,
 * so "sold out" shows as soon as the last unit is taken (Buy stays the authority on stock).
 */
const shopCatalogs = sharedCache<{ settings: GameSettings; rows: CatalogRows }>("shop-catalogs", 1_000);

async function catalogOf(db: Db, scope: GameScope): Promise<{ settings: GameSettings; catalog: CatalogView }> {
  const source = await shopCatalogs.get(`${scope.gameId}:${scope.env}`, async () => {
    const [{ settings }, rows] = await Promise.all([getGame(db, scope.gameId), getCatalogRows(db, scope)]);
    return { settings, rows };
  });
  return { settings: source.settings, catalog: await toCatalogView(db, scope, source) };
}

/**
 * Everything one visitor's shop page shows, all of it the visitor's own: the packs with their state for
 * this player and the VAT of the player's country, the player's balances and receipts.
 */
export async function getShopContents(db: Db, options: { scope: GameScope; player: PlayerRow; now: Date }): Promise<ShopContents> {
  const { scope, player, now } = options;
  const [{ settings, catalog }, held, balances, receipts] = await Promise.all([
    catalogOf(db, scope),
    ordersHeldByPack(db, scope, player.id),
    getBalances(db, scope, player.id),
    receiptsOf(db, scope, player.id),
  ]);
  const country = checkoutCountry(undefined, player.country);
  const context = { now, beforeLaunch: beforeLaunch(settings, now), launchAt: catalog.launchAt };
  const packs: ShopPack[] = [];
  for (const pack of catalog.packs) {
    const state = stateOf(pack, { ...context, held: held.get(pack.sku) ?? 0 });
    if (state) packs.push(toShopPack(pack, catalog, { vat: vatFor(pack.priceCents, country, now), state }));
  }
  const names = new Map(catalog.currencies.map((c) => [c.code, c.name]));
  return {
    packs,
    balances: balances.map((b) => ({ ...b, name: names.get(b.currency) ?? b.currency })),
    orders: receipts,
    prelaunch: catalog.prelaunch,
    launchAt: catalog.launchAt,
  };
}
