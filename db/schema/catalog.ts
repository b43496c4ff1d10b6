import { sql } from "drizzle-orm";
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { environments, games } from "./tenancy";

export const catalogStatuses = ["draft", "active", "archived"] as const;
export type CatalogStatus = (typeof catalogStatuses)[number];

export type PackGrant = { currency: string; amount: number; bonus: number };
export type ItemQuantity = { sku: string; quantity: number };

export const catalogLocales = ["fr", "en", "nl"] as const;
export type CatalogLocale = (typeof catalogLocales)[number];
/** A name (and description, where the entry has one) per payment-page locale; the API shows only the base name. */
export type CatalogTranslations = Partial<Record<CatalogLocale, { name?: string; description?: string }>>;

export const currencies = pgTable(
  "currencies",
  {
    gameId: text("game_id").notNull().references(() => games.id),
    // Each environment has its own catalog: a test edit never changes live (publishing copies it over).
    env: text("env", { enum: environments }).notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    purchasable: boolean("purchasable").notNull().default(false),
    status: text("status", { enum: catalogStatuses }).notNull().default("active"),
    translations: jsonb("translations").$type<CatalogTranslations>().notNull().default({}),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.env, t.code] })],
);

export const items = pgTable(
  "items",
  {
    gameId: text("game_id").notNull().references(() => games.id),
    // Each environment has its own catalog: a test edit never changes live (publishing copies it over).
    env: text("env", { enum: environments }).notNull(),
    sku: text("sku").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    type: text("type", { enum: ["consumable", "durable"] }).notNull(),
    priceCurrency: text("price_currency"),
    priceAmount: bigint("price_amount", { mode: "number" }),
    maxOwned: bigint("max_owned", { mode: "number" }),
    clientPurchasable: boolean("client_purchasable").notNull().default(false),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    status: text("status", { enum: catalogStatuses }).notNull().default("active"),
    translations: jsonb("translations").$type<CatalogTranslations>().notNull().default({}),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.env, t.sku] })],
);

export const packs = pgTable(
  "packs",
  {
    gameId: text("game_id").notNull().references(() => games.id),
    // Each environment has its own catalog: a test edit never changes live (publishing copies it over).
    env: text("env", { enum: environments }).notNull(),
    sku: text("sku").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    priceCents: integer("price_cents").notNull(),
    grants: jsonb("grants").$type<PackGrant[]>().notNull().default([]),
    items: jsonb("items").$type<ItemQuantity[]>().notNull().default([]),
    badge: text("badge"),
    maxPerPlayer: integer("max_per_player"),
    // availability null in the API <=> limited = false
    limited: boolean("limited").notNull().default(false),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }),
    stock: integer("stock"),
    founder: boolean("founder").notNull().default(false),
    status: text("status", { enum: catalogStatuses }).notNull().default("active"),
    translations: jsonb("translations").$type<CatalogTranslations>().notNull().default({}),
    position: integer("position").notNull().default(0),
    // The store products that deliver this pack when bought in the App Store or Google Play (docs/stores.md).
    appStoreProductId: text("app_store_product_id"),
    googlePlayProductId: text("google_play_product_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.env, t.sku] }),
    // A store product delivers one pack: archived packs step aside, so a product can move to a new pack.
    uniqueIndex("packs_app_store_product")
      .on(t.gameId, t.env, t.appStoreProductId)
      .where(sql`${t.appStoreProductId} is not null and ${t.status} <> 'archived'`),
    uniqueIndex("packs_google_play_product")
      .on(t.gameId, t.env, t.googlePlayProductId)
      .where(sql`${t.googlePlayProductId} is not null and ${t.status} <> 'archived'`),
  ],
);
