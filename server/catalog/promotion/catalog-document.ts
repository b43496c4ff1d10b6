import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { currencies, items, packs, type CatalogTranslations } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";
import { currencyInputOf, itemInputOf, packInputOf } from "../catalog-admin-views";
import type { CurrencyInput, ItemInput, PackInput } from "../catalog-schemas";

/**
 * A catalog as the fixture's `catalog` writes it (docs/fixtures.md): what export gives, import reads and
 * the diff compares. Entries are in shop order; dates are ISO strings; `translations` only where set.
 */
export type CurrencyEntry = Omit<CurrencyInput, "translations"> & { translations?: CatalogTranslations };
export type ItemEntry = Omit<ItemInput, "translations"> & { translations?: CatalogTranslations };
export type PackEntry = Omit<PackInput, "availability" | "translations" | "storeProducts"> & {
  availability: { startsAt: string | null; endsAt: string | null; stock: number | null; founder: boolean } | null;
  translations?: CatalogTranslations;
  storeProducts?: PackInput["storeProducts"];
};
export type CatalogDocument = { currencies: CurrencyEntry[]; items: ItemEntry[]; packs: PackEntry[] };

export const catalogKinds = ["currencies", "items", "packs"] as const;
export type CatalogKind = (typeof catalogKinds)[number];
export type CatalogEntry = CurrencyEntry | ItemEntry | PackEntry;

function withTranslations<T extends { translations: CatalogTranslations }>(input: T): Omit<T, "translations"> & { translations?: CatalogTranslations } {
  const { translations, ...rest } = input;
  return Object.keys(translations).length > 0 ? { ...rest, translations } : rest;
}

export const currencyEntryOf = (input: CurrencyInput): CurrencyEntry => withTranslations(input);
export const itemEntryOf = (input: ItemInput): ItemEntry => withTranslations(input);
/** Store products only where one is set, as translations: a file of a web-only catalog stays as it was. */
export function packEntryOf(input: PackInput): PackEntry {
  const { availability, storeProducts, ...rest } = withTranslations(input);
  const sold = storeProducts.appStore !== null || storeProducts.googlePlay !== null;
  return {
    ...rest,
    ...(sold ? { storeProducts } : {}),
    availability: availability && {
      startsAt: availability.startsAt?.toISOString() ?? null,
      endsAt: availability.endsAt?.toISOString() ?? null,
      stock: availability.stock,
      founder: availability.founder,
    },
  };
}

/** The parsed fixture `catalog` (or import file) as a document, so both sides of a diff read the same. */
export function documentOf(catalog: { currencies: CurrencyInput[]; items: ItemInput[]; packs: PackInput[] }): CatalogDocument {
  return { currencies: catalog.currencies.map(currencyEntryOf), items: catalog.items.map(itemEntryOf), packs: catalog.packs.map(packEntryOf) };
}

/**
 * Every entry of an environment's catalog, drafts and archived included. `lock` takes the rows FOR UPDATE
 * so that nothing changes them between a diff and its application.
 */
export async function readCatalogDocument(db: Db, scope: GameScope, lock = false): Promise<CatalogDocument> {
  const currencyQuery = db
    .select()
    .from(currencies)
    .where(and(eq(currencies.gameId, scope.gameId), eq(currencies.env, scope.env)))
    .orderBy(asc(currencies.position), asc(currencies.code));
  const itemQuery = db
    .select()
    .from(items)
    .where(and(eq(items.gameId, scope.gameId), eq(items.env, scope.env)))
    .orderBy(asc(items.position), asc(items.sku));
  const packQuery = db
    .select()
    .from(packs)
    .where(and(eq(packs.gameId, scope.gameId), eq(packs.env, scope.env)))
    .orderBy(asc(packs.position), asc(packs.priceCents), asc(packs.sku));
  const [currencyRows, itemRows, packRows] = lock
    ? [await currencyQuery.for("update"), await itemQuery.for("update"), await packQuery.for("update")]
    : await Promise.all([currencyQuery, itemQuery, packQuery]);
  return {
    currencies: currencyRows.map((row) => currencyEntryOf(currencyInputOf(row))),
    items: itemRows.map((row) => itemEntryOf(itemInputOf(row))),
    packs: packRows.map((row) => packEntryOf(packInputOf(row))),
  };
}
