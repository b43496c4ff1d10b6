import "server-only";
import type { items, packs } from "@/db/schema";
import type { ItemInput, PackInput } from "./catalog-schemas";

type ItemColumns = Omit<typeof items.$inferInsert, "gameId" | "env" | "position" | "createdAt" | "updatedAt">;
type PackColumns = Omit<typeof packs.$inferInsert, "gameId" | "env" | "position" | "createdAt" | "updatedAt">;

/** An item as stored: the API's `price` object is two nullable columns. Used by the seed and the dashboard. */
export function itemColumns(item: ItemInput): Required<ItemColumns> {
  return {
    sku: item.sku,
    name: item.name,
    description: item.description,
    type: item.type,
    priceCurrency: item.price?.currency ?? null,
    priceAmount: item.price?.amount ?? null,
    maxOwned: item.maxOwned,
    clientPurchasable: item.clientPurchasable,
    metadata: item.metadata,
    status: item.status,
    translations: item.translations,
  };
}

/** A pack as stored: `availability` null (always on sale, no limit) is `limited = false`. */
export function packColumns(pack: PackInput): Required<PackColumns> {
  return {
    sku: pack.sku,
    name: pack.name,
    description: pack.description,
    priceCents: pack.priceCents,
    grants: pack.grants,
    items: pack.items,
    badge: pack.badge,
    maxPerPlayer: pack.maxPerPlayer,
    limited: pack.availability !== null,
    startsAt: pack.availability?.startsAt ?? null,
    endsAt: pack.availability?.endsAt ?? null,
    stock: pack.availability?.stock ?? null,
    founder: pack.availability?.founder ?? false,
    status: pack.status,
    translations: pack.translations,
    appStoreProductId: pack.storeProducts.appStore,
    googlePlayProductId: pack.storeProducts.googlePlay,
  };
}
