import type { Db } from "../client";
import { creatorCodes, currencies, environments, items, packs } from "../schema";
import { forgetActiveCurrencies } from "@/server/catalog/find-catalog-entries";
import type { FixtureGame } from "../fixture-schema";
import type { Environment } from "../schema/tenancy";
import { itemColumns, packColumns } from "@/server/catalog/catalog-rows";
import { upsertChanges } from "./sql";

/**
 * Currencies, items, packs and creator codes; `position` keeps the order of the file for the shop.
 * The fixture's one catalog is loaded into both environments (CONTRACT §3), creator codes once per game.
 */
export async function upsertCatalog(tx: Db, gameId: string, game: FixtureGame, now: Date): Promise<void> {
  // The wallet caches active currency codes for a few seconds; a fixture may change them.
  forgetActiveCurrencies();
  for (const env of environments) await upsertEnvironmentCatalog(tx, gameId, env, game.catalog, now);
  await upsertCreatorCodes(tx, gameId, game, now);
}

async function upsertEnvironmentCatalog(tx: Db, gameId: string, env: Environment, catalog: FixtureGame["catalog"], now: Date): Promise<void> {
  if (catalog.currencies.length > 0) {
    await tx
      .insert(currencies)
      .values(catalog.currencies.map((c, position) => ({ gameId, env, ...c, position, createdAt: now, updatedAt: now })))
      .onConflictDoUpdate({
        target: [currencies.gameId, currencies.env, currencies.code],
        ...upsertChanges(currencies, ["name", "purchasable", "status", "translations", "position"], "updatedAt"),
      });
  }
  if (catalog.items.length > 0) {
    await tx
      .insert(items)
      .values(
        catalog.items.map((item, position) => ({ gameId, env, ...itemColumns(item), position, createdAt: now, updatedAt: now })),
      )
      .onConflictDoUpdate({
        target: [items.gameId, items.env, items.sku],
        ...upsertChanges(
          items,
          ["name", "description", "type", "priceCurrency", "priceAmount", "maxOwned", "clientPurchasable", "metadata", "status", "translations", "position"],
          "updatedAt",
        ),
      });
  }
  if (catalog.packs.length > 0) {
    await tx
      .insert(packs)
      .values(
        catalog.packs.map((pack, position) => ({ gameId, env, ...packColumns(pack), position, createdAt: now, updatedAt: now })),
      )
      .onConflictDoUpdate({
        target: [packs.gameId, packs.env, packs.sku],
        ...upsertChanges(
          packs,
          ["name", "description", "priceCents", "grants", "items", "badge", "maxPerPlayer", "limited", "startsAt", "endsAt", "stock", "founder", "status", "translations", "position"],
          "updatedAt",
        ),
      });
  }
}

async function upsertCreatorCodes(tx: Db, gameId: string, game: FixtureGame, now: Date): Promise<void> {
  if (game.creatorCodes.length > 0) {
    await tx
      .insert(creatorCodes)
      .values(game.creatorCodes.map((c) => ({ gameId, ...c, createdAt: now, updatedAt: now })))
      .onConflictDoUpdate({
        target: [creatorCodes.gameId, creatorCodes.code],
        ...upsertChanges(creatorCodes, ["creatorName", "rateBp", "active"], "updatedAt"),
      });
  }
}
