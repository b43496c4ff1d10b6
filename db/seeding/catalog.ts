import type { Db } from "../client";
import { creatorCodes, currencies, items, packs } from "../schema";
import type { FixtureGame } from "../fixture-schema";
import { upsertChanges } from "./sql";

/** Currencies, items, packs and creator codes; `position` keeps the order of the file for the shop. */
export async function upsertCatalog(tx: Db, gameId: string, game: FixtureGame, now: Date): Promise<void> {
  const { catalog } = game;
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
        catalog.items.map((item, position) => ({
          gameId,
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
          position,
          createdAt: now,
          updatedAt: now,
        })),
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
        catalog.packs.map((pack, position) => ({
          gameId,
          sku: pack.sku,
          name: pack.name,
          description: pack.description,
          priceCents: pack.priceCents,
          grants: pack.grants,
          items: pack.items,
          badge: pack.badge,
          maxPerPlayer: pack.maxPerPlayer,
          // availability null (always on sale, no limit) is stored as limited = false.
          limited: pack.availability !== null,
          startsAt: pack.availability?.startsAt ?? null,
          endsAt: pack.availability?.endsAt ?? null,
          stock: pack.availability?.stock ?? null,
          founder: pack.availability?.founder ?? false,
          status: pack.status,
          position,
          createdAt: now,
          updatedAt: now,
        })),
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
