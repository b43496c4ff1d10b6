import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { items, type CatalogStatus } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError, notFound, validationError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { itemInputOf, toItemAdminView, type ItemAdminView } from "./catalog-admin-views";
import { itemColumns } from "./catalog-rows";
import type { ItemInput } from "./catalog-schemas";
import { assertItemReferences } from "./check-catalog-references";
import { placed, type Change, type EntryPlacement } from "./manage-currencies";

/** An item to write, with where and when the fixture loader places it. */
export type ItemWrite = { item: ItemInput } & EntryPlacement;

/** An item's sku and the status it moves to. */
export type ItemStatusChange = { sku: string; status: CatalogStatus };

/** A new item goes last in the catalog's order; its price names an active currency. The sku never changes. */
export async function createItem(db: Db, scope: GameScope, { item: input, ...placement }: ItemWrite): Promise<ItemAdminView> {
  await assertItemReferences(db, scope, input);
  const now = placement.now ?? clock.now();
  const inserted = await db
    .insert(items)
    .values({
      gameId: scope.gameId,
      env: scope.env,
      ...itemColumns(input),
      position: placement.position ?? sql`(SELECT coalesce(max(position), -1) + 1 FROM items WHERE game_id = ${scope.gameId} AND env = ${scope.env})`,
      createdAt: now,
      updatedAt: now,
    })
    // CONCURRENCY: the primary key decides between two creations of the same sku.
    .onConflictDoNothing()
    .returning();
  const row = inserted[0];
  if (!row) throw validationError({ sku: [`item "${input.sku}" already exists`] });
  return toItemAdminView(row);
}

async function lockItem(db: Db, scope: GameScope, sku: string) {
  const rows = await db
    .select()
    .from(items)
    .where(and(eq(items.gameId, scope.gameId), eq(items.env, scope.env), eq(items.sku, sku)))
    .for("update");
  const row = rows[0];
  if (!row) throw notFound(`Item "${sku}"`);
  return row;
}

/** Every field but the sku. Owned quantities are left as they are, also above a lowered maxOwned. */
export async function updateItem(db: Db, scope: GameScope, { item: input, ...placement }: ItemWrite): Promise<Change<ItemAdminView>> {
  const row = await lockItem(db, scope, input.sku);
  await assertItemReferences(db, scope, input);
  const { sku: _sku, ...columns } = itemColumns(input);
  const updated = await db
    .update(items)
    .set({ ...columns, ...placed(placement), updatedAt: placement.now ?? clock.now() })
    .where(and(eq(items.gameId, scope.gameId), eq(items.env, scope.env), eq(items.sku, input.sku)))
    .returning();
  const after = updated[0];
  if (!after) throw new AppError("INTERNAL_ERROR", "The item could not be updated.");
  return { before: toItemAdminView(row), after: toItemAdminView(after) };
}

export async function setItemStatus(db: Db, scope: GameScope, { sku, status }: ItemStatusChange): Promise<Change<ItemAdminView>> {
  const row = await lockItem(db, scope, sku);
  return updateItem(db, scope, { item: { ...itemInputOf(row), status } });
}
