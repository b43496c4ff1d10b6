import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { currencies, items, packs } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { itemColumns, packColumns } from "../catalog-rows";
import { forgetActiveCurrencies } from "../find-catalog-entries";
import type { CatalogDocument, CurrencyEntry, ItemEntry, PackEntry } from "./catalog-document";
import { keyOf, planCatalog, type CatalogPlan, type CatalogWrite } from "./catalog-diff";

const lastPosition = (table: "currencies" | "items" | "packs", scope: GameScope) =>
  sql`(SELECT coalesce(max(position), -1) + 1 FROM ${sql.identifier(table)} WHERE game_id = ${scope.gameId} AND env = ${scope.env})`;

function itemColumnsOf(entry: ItemEntry) {
  return itemColumns({ ...entry, translations: entry.translations ?? {} });
}

function packColumnsOf(entry: PackEntry) {
  const { availability } = entry;
  return packColumns({
    ...entry,
    translations: entry.translations ?? {},
    storeProducts: entry.storeProducts ?? { appStore: null, googlePlay: null },
    availability: availability && {
      ...availability,
      startsAt: availability.startsAt === null ? null : new Date(availability.startsAt),
      endsAt: availability.endsAt === null ? null : new Date(availability.endsAt),
    },
  });
}

/**
 * Entries are written whole: the diff lists every field that differs, so this applies exactly it.
 * Answers false when an added entry was created meanwhile (row locks cannot cover rows not yet there).
 */
async function write(db: Db, scope: GameScope, { write: { kind, entry, insert }, now }: { write: CatalogWrite; now: Date }): Promise<boolean> {
  const stamps = { createdAt: now, updatedAt: now };
  if (kind === "currencies") {
    const { code, name, purchasable, status, translations = {} } = entry as CurrencyEntry;
    const columns = { code, name, purchasable, status, translations };
    if (insert) return (await db.insert(currencies).values({ ...scope, ...columns, position: lastPosition(kind, scope), ...stamps }).onConflictDoNothing().returning()).length > 0;
    await db.update(currencies).set({ ...columns, updatedAt: now }).where(and(eq(currencies.gameId, scope.gameId), eq(currencies.env, scope.env), eq(currencies.code, code)));
  } else if (kind === "items") {
    const columns = itemColumnsOf(entry as ItemEntry);
    if (insert) return (await db.insert(items).values({ ...scope, ...columns, position: lastPosition(kind, scope), ...stamps }).onConflictDoNothing().returning()).length > 0;
    await db.update(items).set({ ...columns, updatedAt: now }).where(and(eq(items.gameId, scope.gameId), eq(items.env, scope.env), eq(items.sku, columns.sku)));
  } else {
    const columns = packColumnsOf(entry as PackEntry);
    if (insert) return (await db.insert(packs).values({ ...scope, ...columns, position: lastPosition(kind, scope), ...stamps }).onConflictDoNothing().returning()).length > 0;
    await db.update(packs).set({ ...columns, updatedAt: now }).where(and(eq(packs.gameId, scope.gameId), eq(packs.env, scope.env), eq(packs.sku, columns.sku)));
  }
  return true;
}

/**
 * The packs about to be rewritten let go of their store products first: a product that moves from one
 * pack to another (or two packs that swap theirs) would otherwise meet the unique index half-way. Each
 * write then sets the pack's own ids again; the source document holds each product once.
 */
async function releaseStoreProducts(db: Db, scope: GameScope, writes: CatalogWrite[]): Promise<void> {
  const skus = writes.filter((w) => w.kind === "packs" && !w.insert).map((w) => keyOf(w.entry));
  if (skus.length === 0) return;
  await db
    .update(packs)
    .set({ appStoreProductId: null, googlePlayProductId: null })
    .where(and(eq(packs.gameId, scope.gameId), eq(packs.env, scope.env), inArray(packs.sku, skus)));
}

export function staleDiff(what: string): AppError {
  return new AppError("CONFLICT", `${what} changed since this diff was shown. Nothing was written: review the new diff and apply it again.`);
}

/** What a publish or import applies: the documents on both sides, the diff seen, and how to name it in a refusal. */
export type CatalogPlanRequest = {
  readSource: () => Promise<CatalogDocument>;
  readTarget: () => Promise<CatalogDocument>;
  /** The fingerprint of the diff the staff member saw. */
  fingerprint: string;
  /** Names what moved in the 409 (e.g. "The test or live catalog"). */
  what: string;
};

/**
 * Recomputes the plan inside the caller's transaction, with the target's rows locked, and applies it
 * only when its fingerprint is the one the staff member saw. `readSource` gives the source document.
 */
export async function applyCatalogPlan(db: Db, target: GameScope, { readSource, readTarget, fingerprint, what }: CatalogPlanRequest): Promise<CatalogPlan> {
  // CONCURRENCY: one publish or import per game and environment at a time; the row locks taken by
  // readTarget keep single-entry edits out until commit.
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`catalog:${target.gameId}:${target.env}`}))`);
  const plan = planCatalog(await readSource(), await readTarget());
  if (plan.fingerprint !== fingerprint) throw staleDiff(what);
  const now = clock.now();
  await releaseStoreProducts(db, target, plan.writes);
  // Reference order: a pack's grants and items name currencies and items written before it.
  for (const w of plan.writes) {
    // The caller's transaction rolls back every earlier write with this error.
    if (!(await write(db, target, { write: w, now }))) throw staleDiff(what);
  }
  forgetActiveCurrencies();
  return plan;
}
