import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { packs, type CatalogStatus } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError, notFound, validationError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { packInputOf, toPackAdminView, type PackAdminView } from "./catalog-admin-views";
import { packColumns } from "./catalog-rows";
import type { PackInput } from "./catalog-schemas";
import { assertPackReferences } from "./check-catalog-references";
import { placed, type Change, type EntryPlacement } from "./manage-currencies";
import { unitsTakenByPack } from "./pack-stock";
import { assertStoreProductsFree, storeProductTaken } from "./store-product-uniqueness";

async function taken(db: Db, scope: GameScope, sku: string): Promise<number> {
  return (await unitsTakenByPack(db, scope, [sku])).get(sku) ?? 0;
}

/** A pack to write, with where and when the fixture loader places it. */
export type PackWrite = { pack: PackInput } & EntryPlacement;

/** A pack's sku and the status it moves to. */
export type PackStatusChange = { sku: string; status: CatalogStatus };

/**
 * A new pack goes last in the catalog's order; its grants name active purchasable currencies and its
 * items existing skus. The sku never changes.
 */
export async function createPack(db: Db, scope: GameScope, { pack: input, ...placement }: PackWrite): Promise<PackAdminView> {
  await assertPackReferences(db, scope, input);
  await assertStoreProductsFree(db, scope, input);
  const now = placement.now ?? clock.now();
  const inserted = await db
    .insert(packs)
    .values({
      gameId: scope.gameId,
      env: scope.env,
      ...packColumns(input),
      position: placement.position ?? sql`(SELECT coalesce(max(position), -1) + 1 FROM packs WHERE game_id = ${scope.gameId} AND env = ${scope.env})`,
      createdAt: now,
      updatedAt: now,
    })
    // CONCURRENCY: the primary key decides between two creations of the same sku.
    .onConflictDoNothing({ target: [packs.gameId, packs.env, packs.sku] })
    .returning()
    .catch((error: unknown) => {
      throw storeProductTaken(error);
    });
  const row = inserted[0];
  if (!row) throw validationError({ sku: [`pack "${input.sku}" already exists`] });
  return toPackAdminView(row, 0);
}

async function lockPack(db: Db, scope: GameScope, sku: string) {
  // CONCURRENCY: checkouts lock the pack row too (selling-rules.ts), so an edit of stock or window
  // and a sale of the same pack happen one after the other.
  const rows = await db.select().from(packs).where(and(eq(packs.gameId, scope.gameId), eq(packs.env, scope.env), eq(packs.sku, sku))).for("update");
  const row = rows[0];
  if (!row) throw notFound(`Pack "${sku}"`);
  return row;
}

/**
 * Every field but the sku. Orders keep what they sold (their own copy of grants and items); stock
 * counts units already taken, so a stock below them simply leaves nothing remaining.
 */
export async function updatePack(db: Db, scope: GameScope, { pack: input, ...placement }: PackWrite): Promise<Change<PackAdminView>> {
  const row = await lockPack(db, scope, input.sku);
  await assertPackReferences(db, scope, input);
  await assertStoreProductsFree(db, scope, input);
  const { sku: _sku, ...columns } = packColumns(input);
  const updated = await db
    .update(packs)
    .set({ ...columns, ...placed(placement), updatedAt: placement.now ?? clock.now() })
    .where(and(eq(packs.gameId, scope.gameId), eq(packs.env, scope.env), eq(packs.sku, input.sku)))
    .returning()
    .catch((error: unknown) => {
      throw storeProductTaken(error);
    });
  const after = updated[0];
  if (!after) throw new AppError("INTERNAL_ERROR", "The pack could not be updated.");
  const units = await taken(db, scope, input.sku);
  return { before: toPackAdminView(row, units), after: toPackAdminView(after, units) };
}

export async function setPackStatus(db: Db, scope: GameScope, { sku, status }: PackStatusChange): Promise<Change<PackAdminView>> {
  const row = await lockPack(db, scope, sku);
  return updatePack(db, scope, { pack: { ...packInputOf(row), status } });
}
