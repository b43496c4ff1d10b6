import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { currencies, items, packs } from "@/db/schema";
import type { GameSettings } from "@/server/games/game-settings";
import type { GameScope } from "@/server/lib/scope";
import { unitsTakenByPack } from "./pack-stock";

/** The catalog's resources of SPEC, each defined once: server/api registers them as components, the types are inferred. */
export const CurrencySchema = z.object({ code: z.string(), name: z.string(), purchasable: z.boolean() });
export type CurrencyView = z.infer<typeof CurrencySchema>;
export const ItemSchema = z.object({
  sku: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(["consumable", "durable"]),
  price: z.object({ currency: z.string(), amount: z.int().min(1) }).nullable(),
  maxOwned: z.int().min(1).nullable(),
  clientPurchasable: z.boolean(),
  metadata: z.record(z.string(), z.string()),
});
export type ItemView = z.infer<typeof ItemSchema>;
const PackAvailabilitySchema = z.object({
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  remaining: z.int().min(0).nullable(),
  founder: z.boolean(),
});
export type PackAvailabilityView = z.infer<typeof PackAvailabilitySchema>;
export const PackSchema = z.object({
  sku: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  priceCents: z.int().min(0),
  currency: z.literal("EUR"),
  grants: z.array(z.object({ currency: z.string(), amount: z.int(), bonus: z.int() })),
  items: z.array(z.object({ sku: z.string(), quantity: z.int().min(1) })),
  badge: z.string().nullable(),
  maxPerPlayer: z.int().min(1).nullable(),
  availability: PackAvailabilitySchema.nullable(),
});
export type PackView = z.infer<typeof PackSchema>;
export const CatalogSchema = z.object({
  currencies: z.array(CurrencySchema),
  items: z.array(ItemSchema),
  packs: z.array(PackSchema),
  prelaunch: z.boolean(),
  launchAt: z.iso.datetime().nullable(),
});
export type CatalogView = z.infer<typeof CatalogSchema>;

export function toItemView(row: typeof items.$inferSelect): ItemView {
  return {
    sku: row.sku,
    name: row.name,
    description: row.description,
    type: row.type,
    price: row.priceCurrency !== null && row.priceAmount !== null ? { currency: row.priceCurrency, amount: row.priceAmount } : null,
    maxOwned: row.maxOwned,
    clientPurchasable: row.clientPurchasable,
    metadata: row.metadata,
  };
}

export function toPackView(row: typeof packs.$inferSelect, taken: number): PackView {
  return {
    sku: row.sku,
    name: row.name,
    description: row.description,
    priceCents: row.priceCents,
    currency: "EUR",
    grants: row.grants,
    items: row.items,
    badge: row.badge,
    maxPerPlayer: row.maxPerPlayer,
    availability: row.limited
      ? {
          startsAt: row.startsAt?.toISOString() ?? null,
          endsAt: row.endsAt?.toISOString() ?? null,
          remaining: row.stock === null ? null : Math.max(0, row.stock - taken),
          founder: row.founder,
        }
      : null,
  };
}

/** The active rows of a game's environment's catalog, in the order the APIs show them. */
export type CatalogRows = {
  currencies: (typeof currencies.$inferSelect)[];
  items: (typeof items.$inferSelect)[];
  packs: (typeof packs.$inferSelect)[];
};

export async function getCatalogRows(db: Db, scope: GameScope): Promise<CatalogRows> {
  const active = "active" as const;
  const [currencyRows, itemRows, packRows] = await Promise.all([
    db.select().from(currencies).where(and(eq(currencies.gameId, scope.gameId), eq(currencies.env, scope.env), eq(currencies.status, active))).orderBy(asc(currencies.position), asc(currencies.code)),
    db.select().from(items).where(and(eq(items.gameId, scope.gameId), eq(items.env, scope.env), eq(items.status, active))).orderBy(asc(items.position), asc(items.sku)),
    db.select().from(packs).where(and(eq(packs.gameId, scope.gameId), eq(packs.env, scope.env), eq(packs.status, active))).orderBy(asc(packs.position), asc(packs.priceCents), asc(packs.sku)),
  ]);
  return { currencies: currencyRows, items: itemRows, packs: packRows };
}

/** The catalog's rows as the APIs show them, with what is left of each limited pack read now. */
export async function toCatalogView(db: Db, scope: GameScope, source: { rows: CatalogRows; settings: GameSettings }): Promise<CatalogView> {
  const { rows, settings } = source;
  const taken = await unitsTakenByPack(db, scope, rows.packs.filter((p) => p.limited && p.stock !== null).map((p) => p.sku));
  return {
    currencies: rows.currencies.map((c) => ({ code: c.code, name: c.name, purchasable: c.purchasable })),
    items: rows.items.map(toItemView),
    packs: rows.packs.map((p) => toPackView(p, taken.get(p.sku) ?? 0)),
    prelaunch: settings.prelaunch,
    launchAt: settings.launchAt?.toISOString() ?? null,
  };
}

/** The active catalog of a game's environment as the APIs show it. */
export async function getCatalog(db: Db, scope: GameScope, settings: GameSettings): Promise<CatalogView> {
  return toCatalogView(db, scope, { rows: await getCatalogRows(db, scope), settings });
}
