import type { Db } from "../client";
import { creatorCodes, currencies, items, packs } from "../schema";
import { forgetActiveCurrencies } from "@/server/catalog/find-catalog-entries";
import type { FixtureGame } from "../fixture-schema";
import { itemColumns, packColumns } from "@/server/catalog/catalog-rows";
import { upsertChanges } from "./sql";

/** Currencies, items, packs and creator codes; `position` keeps the order of the file for the shop. */
export async function upsertCatalog(tx: Db, gameId: string, game: FixtureGame, now: Date): Promise<void> {
  const { catalog } = game;
  // The wallet caches active currency codes for a few seconds; a fixture may change them.
  forgetActiveCurrencies();
  if (catalog.currencies.length > 0) {
    await tx
      .insert(currencies)
      .values(catalog.currencies.map((c, position) => ({ gameId, ...c, position, createdAt: now, updatedAt: now })))
      .onConflictDoUpdate({
        target: [currencies.gameId, currencies.code],
        ...upsertChanges(currencies, ["name", "purchasable", "status", "position"], "updatedAt"),
      });
  }
  if (catalog.items.length > 0) {
    await tx
      .insert(items)
      .values(
        catalog.items.map((item, position) => ({ gameId, ...itemColumns(item), position, createdAt: now, updatedAt: now })),
      )
      .onConflictDoUpdate({
        target: [items.gameId, items.sku],
        ...upsertChanges(
          items,
          ["name", "description", "type", "priceCurrency", "priceAmount", "maxOwned", "clientPurchasable", "metadata", "status", "position"],
          "updatedAt",
        ),
      });
  }
  if (catalog.packs.length > 0) {
    await tx
      .insert(packs)
      .values(
        catalog.packs.map((pack, position) => ({ gameId, ...packColumns(pack), position, createdAt: now, updatedAt: now })),
      )
      .onConflictDoUpdate({
        target: [packs.gameId, packs.sku],
        ...upsertChanges(
          packs,
          ["name", "description", "priceCents", "grants", "items", "badge", "maxPerPlayer", "limited", "startsAt", "endsAt", "stock", "founder", "status", "position"],
          "updatedAt",
        ),
      });
  }
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
