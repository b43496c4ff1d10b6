import "server-only";
import type { CatalogStatus, CatalogTranslations, currencies, items, packs } from "@/db/schema";
import type { CurrencyInput, ItemInput, PackInput, PackStoreProducts } from "./catalog-schemas";
import { toItemView, toPackView, type CurrencyView, type ItemView, type PackView } from "./get-catalog";

/**
 * Catalog entries as staff see them: the client API's view plus status and timestamps (drafts and
 * archived entries included). `translations` are the dashboard's only: the API never shows them.
 */
type Admin = { status: CatalogStatus; translations: CatalogTranslations; position: number; createdAt: string; updatedAt: string };

export type CurrencyAdminView = CurrencyView & Admin;
export type ItemAdminView = ItemView & Admin;
export type PackAdminView = Omit<PackView, "availability"> &
  Admin & {
    availability: { startsAt: string | null; endsAt: string | null; stock: number | null; remaining: number | null; founder: boolean } | null;
    /** Units held by orders in this environment (pending, delivered, refunded alike). */
    taken: number;
    /** The dashboard's and the export's only: the API's pack object stays as SPEC defines it. */
    storeProducts: PackStoreProducts;
  };

type CurrencyRow = typeof currencies.$inferSelect;
type ItemRow = typeof items.$inferSelect;
type PackRow = typeof packs.$inferSelect;

function admin(row: { status: CatalogStatus; translations: CatalogTranslations; position: number; createdAt: Date; updatedAt: Date }): Admin {
  return { status: row.status, translations: row.translations, position: row.position, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export function toCurrencyAdminView(row: CurrencyRow): CurrencyAdminView {
  return { code: row.code, name: row.name, purchasable: row.purchasable, ...admin(row) };
}

export function toItemAdminView(row: ItemRow): ItemAdminView {
  return { ...toItemView(row), ...admin(row) };
}

export function storeProductsOf(row: PackRow): PackStoreProducts {
  return { appStore: row.appStoreProductId, googlePlay: row.googlePlayProductId };
}

export function toPackAdminView(row: PackRow, taken: number): PackAdminView {
  const view = toPackView(row, taken);
  return {
    ...view,
    ...admin(row),
    availability: view.availability && { ...view.availability, stock: row.stock },
    taken,
    storeProducts: storeProductsOf(row),
  };
}

/** The editable fields of a stored entry, in the shape of the form input (used by quick status changes). */
export function currencyInputOf(row: CurrencyRow): CurrencyInput {
  return { code: row.code, name: row.name, purchasable: row.purchasable, status: row.status, translations: row.translations };
}

export function itemInputOf(row: ItemRow): ItemInput {
  const { sku, name, description, type, price, maxOwned, clientPurchasable, metadata } = toItemView(row);
  return { sku, name, description, type, price, maxOwned, clientPurchasable, metadata, status: row.status, translations: row.translations };
}

export function packInputOf(row: PackRow): PackInput {
  return {
    sku: row.sku,
    name: row.name,
    description: row.description,
    priceCents: row.priceCents,
    grants: row.grants.map((g) => ({ currency: g.currency, amount: g.amount, bonus: g.bonus })),
    items: row.items.map((i) => ({ sku: i.sku, quantity: i.quantity })),
    badge: row.badge,
    maxPerPlayer: row.maxPerPlayer,
    availability: row.limited ? { startsAt: row.startsAt, endsAt: row.endsAt, stock: row.stock, founder: row.founder } : null,
    status: row.status,
    translations: row.translations,
    storeProducts: storeProductsOf(row),
  };
}
