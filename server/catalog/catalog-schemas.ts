import "server-only";
import { z } from "zod";
import { catalogLocales, catalogStatuses, type CatalogTranslations } from "@/db/schema/catalog";

/**
 * The field rules of catalog entries, shared by the fixture loader (server/fixtures/fixture-schema.ts) and the
 * dashboard's catalog forms, so a catalog the seed accepts is one the dashboard accepts and back.
 * References between entries (prices, grants, pack items) are checked against the catalog they live
 * in: the fixture file (server/fixtures/fixture-references.ts) or the database (check-catalog-references.ts).
 */

export const MAX_CATALOG_AMOUNT = 1_000_000_000_000; // SPEC: currency amounts and item quantities
export const MAX_INT32 = 2_147_483_647; // integer columns (stock, maxPerPlayer, maxUses)

/** An integer field whose every failure reads the same sentence, for the seed's report and the forms alike. */
const intRange = (min: number, max: number) => {
  const message = `Must be an integer from ${min} to ${max}`;
  return z.int(message).min(min, message).max(max, message);
};

export const CatalogName = z.string().trim().min(1, "Must be 1 to 80 characters").max(80, "Must be 1 to 80 characters");
export const CatalogDescription = z.string().max(1000, "Must be at most 1000 characters").nullable().default(null);
export const CatalogCurrencyCode = z
  .string()
  .regex(/^[a-z][a-z0-9_]{1,23}$/, "a currency code is 2 to 24 characters: a lowercase letter, then lowercase letters, digits or _");
export const CatalogSku = z.string().min(1, "Must be 1 to 48 characters").max(48, "Must be 1 to 48 characters");
export const CatalogAmount = intRange(1, MAX_CATALOG_AMOUNT);
export const CatalogStatus = z.enum(catalogStatuses).default("active");
export const IsoDateTime = z.iso.datetime({ offset: true }).transform((value) => new Date(value));

export const CatalogMetadata = z
  .record(z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, "a metadata key is 1 to 64 letters, digits, _, . or -"), z.string().max(500, "Values are at most 500 characters"))
  .refine((entries) => Object.keys(entries).length <= 20, "METADATA_TOO_LARGE: at most 20 entries")
  .default({});

export const CatalogItemQuantity = z.strictObject({ sku: CatalogSku, quantity: CatalogAmount.default(1) });

// ---------- translations ----------

/** A blank translation is no translation: the payment page then falls back to the base name. */
const TranslatedText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .transform((value) => (value === "" ? undefined : value))
    .optional();

function translationsOf(locales: Partial<Record<string, { name?: string; description?: string } | undefined>>): CatalogTranslations {
  const out: CatalogTranslations = {};
  for (const locale of catalogLocales) {
    const entry = locales[locale];
    if (!entry) continue;
    const kept = Object.fromEntries(Object.entries(entry).filter(([, text]) => text !== undefined));
    if (Object.keys(kept).length > 0) out[locale] = kept;
  }
  return out;
}

const localesOf = <T extends z.ZodType>(entry: T) => z.strictObject({ fr: entry.optional(), en: entry.optional(), nl: entry.optional() });

/** Per-locale names of a currency (it has no description); known locales only, empty ones removed. */
export const CurrencyTranslations = localesOf(z.strictObject({ name: TranslatedText(80) })).default({}).transform(translationsOf);
/** Per-locale names and descriptions of an item or pack; known locales only, empty ones removed. */
export const EntryTranslations = localesOf(z.strictObject({ name: TranslatedText(80), description: TranslatedText(1000) }))
  .default({})
  .transform(translationsOf);

// ---------- currencies ----------

/** What can change on a currency; its code is its identity and never changes. */
export const CurrencyFields = z.strictObject({
  name: CatalogName,
  purchasable: z.boolean().default(false),
  status: CatalogStatus,
  translations: CurrencyTranslations,
});
export const CurrencyInput = z.strictObject({ code: CatalogCurrencyCode, ...CurrencyFields.shape });
export type CurrencyInput = z.infer<typeof CurrencyInput>;

// ---------- items ----------

export const ItemPrice = z.strictObject({ currency: CatalogCurrencyCode, amount: CatalogAmount });

export const ItemFields = z.strictObject({
  name: CatalogName,
  description: CatalogDescription,
  type: z.enum(["consumable", "durable"]),
  price: ItemPrice.nullable().default(null),
  maxOwned: intRange(1, MAX_CATALOG_AMOUNT).nullable().default(null),
  clientPurchasable: z.boolean().default(false),
  metadata: CatalogMetadata,
  status: CatalogStatus,
  translations: EntryTranslations,
});
export const ItemInput = z.strictObject({ sku: CatalogSku, ...ItemFields.shape });
export type ItemInput = z.infer<typeof ItemInput>;

// ---------- packs ----------

export const PackAvailability = z
  .strictObject({
    startsAt: IsoDateTime.nullable().default(null),
    endsAt: IsoDateTime.nullable().default(null),
    stock: intRange(0, MAX_INT32).nullable().default(null),
    founder: z.boolean().default(false),
  })
  .superRefine((window, ctx) => {
    if (window.startsAt && window.endsAt && window.endsAt <= window.startsAt) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "endsAt must be after startsAt" });
    }
  });

export const PackGrantInput = z.strictObject({
  currency: CatalogCurrencyCode,
  amount: CatalogAmount,
  bonus: intRange(0, MAX_CATALOG_AMOUNT).default(0),
});

/**
 * A product id of App Store Connect or the Play Console. Both stores allow letters, digits, periods
 * and underscores (Google only lowercase, which it enforces itself); a blank field means none.
 */
const StoreProductId = z
  .string()
  .trim()
  .max(150, "Must be at most 150 characters")
  .regex(/^([A-Za-z0-9][A-Za-z0-9._-]*)?$/, "Must be a store product id: letters, digits, periods, underscores or hyphens")
  .nullable()
  .transform((value) => (value === "" ? null : value))
  .default(null);

/** The store products that deliver the pack (docs/stores.md): null when it is not sold in that store. */
export const PackStoreProducts = z
  .strictObject({ appStore: StoreProductId, googlePlay: StoreProductId })
  .default({ appStore: null, googlePlay: null });
export type PackStoreProducts = z.infer<typeof PackStoreProducts>;

export const PackFields = z.strictObject({
  name: CatalogName,
  description: CatalogDescription,
  priceCents: intRange(0, 1_000_000),
  grants: z.array(PackGrantInput).max(10, "At most 10 currencies").default([]),
  items: z.array(CatalogItemQuantity).max(20, "At most 20 items").default([]),
  badge: z.string().trim().min(1, "Must be 1 to 24 characters").max(24, "Must be 1 to 24 characters").nullable().default(null),
  maxPerPlayer: intRange(1, MAX_INT32).nullable().default(null),
  availability: PackAvailability.nullable().default(null),
  status: CatalogStatus,
  translations: EntryTranslations,
  storeProducts: PackStoreProducts,
});
export const PackInput = z.strictObject({ sku: CatalogSku, ...PackFields.shape });
export type PackInput = z.infer<typeof PackInput>;
