import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { catalogStatuses, currencies, items, packs } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";
import { toCurrencyAdminView, toItemAdminView, toPackAdminView, type CurrencyAdminView, type ItemAdminView, type PackAdminView } from "./catalog-admin-views";
import { unitsTakenByPack } from "./pack-stock";

export const CatalogListQuery = z.strictObject({ status: z.enum(catalogStatuses).nullable().default(null) });
export type CatalogListQuery = z.infer<typeof CatalogListQuery>;

export type CatalogAdminView = { currencies: CurrencyAdminView[]; items: ItemAdminView[]; packs: PackAdminView[] };

/**
 * The whole catalog with drafts and archived entries, in shop order, for the dashboard. Like the client
 * API's GET /catalog it is not paginated: a game's catalog is a few dozen entries. `remaining` and
 * `taken` are for the scope's environment.
 */
export async function listCatalogForStaff(db: Db, scope: GameScope, query: CatalogListQuery): Promise<CatalogAdminView> {
  const [currencyRows, itemRows, packRows] = await Promise.all([
    db
      .select()
      .from(currencies)
      .where(and(eq(currencies.gameId, scope.gameId), eq(currencies.env, scope.env), query.status ? eq(currencies.status, query.status) : undefined))
      .orderBy(asc(currencies.position), asc(currencies.code)),
    db
      .select()
      .from(items)
      .where(and(eq(items.gameId, scope.gameId), eq(items.env, scope.env), query.status ? eq(items.status, query.status) : undefined))
      .orderBy(asc(items.position), asc(items.sku)),
    db
      .select()
      .from(packs)
      .where(and(eq(packs.gameId, scope.gameId), eq(packs.env, scope.env), query.status ? eq(packs.status, query.status) : undefined))
      .orderBy(asc(packs.position), asc(packs.priceCents), asc(packs.sku)),
  ]);
  const taken = await unitsTakenByPack(db, scope, packRows.map((p) => p.sku));
  return {
    currencies: currencyRows.map(toCurrencyAdminView),
    items: itemRows.map(toItemAdminView),
    packs: packRows.map((p) => toPackAdminView(p, taken.get(p.sku) ?? 0)),
  };
}
