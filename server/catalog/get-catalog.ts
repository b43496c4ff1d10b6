import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { currencies, items, packs, type ItemQuantity, type PackGrant } from "@/db/schema";
import type { GameSettings } from "@/server/keys/authenticate-key";
import type { GameScope } from "@/server/lib/scope";
import { unitsTakenByPack } from "./pack-stock";

export type CurrencyView = { code: string; name: string; purchasable: boolean };
export type ItemView = {
  sku: string;
  name: string;
  description: string | null;
  type: "consumable" | "durable";
  price: { currency: string; amount: number } | null;
  maxOwned: number | null;
  clientPurchasable: boolean;
  metadata: Record<string, string>;
};
export type PackAvailabilityView = { startsAt: string | null; endsAt: string | null; remaining: number | null; founder: boolean };
export type PackView = {
  sku: string;
  name: string;
  description: string | null;
  priceCents: number;
  currency: "EUR";
  grants: PackGrant[];
  items: ItemQuantity[];
  badge: string | null;
  maxPerPlayer: number | null;
  availability: PackAvailabilityView | null;
};
export type CatalogView = {
  currencies: CurrencyView[];
  items: ItemView[];
  packs: PackView[];
  prelaunch: boolean;
  launchAt: string | null;
};

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

/** The active catalog of a game as the APIs show it; `remaining` is per environment. */
export async function getCatalog(db: Db, scope: GameScope, settings: GameSettings): Promise<CatalogView> {
  const active = "active" as const;
  const [currencyRows, itemRows, packRows] = await Promise.all([
    db.select().from(currencies).where(and(eq(currencies.gameId, scope.gameId), eq(currencies.status, active))).orderBy(asc(currencies.position), asc(currencies.code)),
    db.select().from(items).where(and(eq(items.gameId, scope.gameId), eq(items.status, active))).orderBy(asc(items.position), asc(items.sku)),
    db.select().from(packs).where(and(eq(packs.gameId, scope.gameId), eq(packs.status, active))).orderBy(asc(packs.position), asc(packs.priceCents), asc(packs.sku)),
  ]);
  const taken = await unitsTakenByPack(db, scope, packRows.filter((p) => p.limited && p.stock !== null).map((p) => p.sku));
  return {
    currencies: currencyRows.map((c) => ({ code: c.code, name: c.name, purchasable: c.purchasable })),
    items: itemRows.map(toItemView),
    packs: packRows.map((p) => toPackView(p, taken.get(p.sku) ?? 0)),
    prelaunch: settings.prelaunch,
    launchAt: settings.launchAt?.toISOString() ?? null,
  };
}
