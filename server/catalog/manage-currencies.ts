import "server-only";
import { forgetActiveCurrencies } from "./find-catalog-entries";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { currencies, type CatalogStatus } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError, notFound, validationError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { currencyInputOf, toCurrencyAdminView, type CurrencyAdminView } from "./catalog-admin-views";
import type { CurrencyInput } from "./catalog-schemas";
import { assertCurrencyNotRelied } from "./check-catalog-references";

export type Change<T> = { before: T; after: T };

/**
 * What the dashboard leaves out and the fixture loader gives: `position`, the entry's index in the file,
 * whose order is the shop's (otherwise a new entry goes last and an edit keeps its place); `now`, the load
 * time, so both environments of a fixture get the same timestamps.
 */
export type EntryPlacement = { position?: number; now?: Date };

export function placed(options: EntryPlacement): { position?: number } {
  return options.position === undefined ? {} : { position: options.position };
}

/** A currency to write, with where and when the fixture loader places it. */
export type CurrencyWrite = { currency: CurrencyInput } & EntryPlacement;

/** A currency's code and the status it moves to. */
export type CurrencyStatusChange = { code: string; status: CatalogStatus };

/** A new currency goes last in the catalog's order. The code is its identity: it never changes. */
export async function createCurrency(db: Db, scope: GameScope, { currency: input, ...placement }: CurrencyWrite): Promise<CurrencyAdminView> {
  const now = placement.now ?? clock.now();
  const inserted = await db
    .insert(currencies)
    .values({
      gameId: scope.gameId,
      env: scope.env,
      ...input,
      position: placement.position ?? sql`(SELECT coalesce(max(position), -1) + 1 FROM currencies WHERE game_id = ${scope.gameId} AND env = ${scope.env})`,
      createdAt: now,
      updatedAt: now,
    })
    // CONCURRENCY: the primary key decides between two creations of the same code.
    .onConflictDoNothing()
    .returning();
  const row = inserted[0];
  if (!row) throw validationError({ code: [`currency "${input.code}" already exists`] });
  return toCurrencyAdminView(row);
}

async function lockCurrency(db: Db, scope: GameScope, code: string) {
  const rows = await db
    .select()
    .from(currencies)
    .where(and(eq(currencies.gameId, scope.gameId), eq(currencies.env, scope.env), eq(currencies.code, code)))
    .for("update");
  const row = rows[0];
  if (!row) throw notFound(`Currency "${code}"`);
  return row;
}

/** Name, purchasable and status; refused while active items or packs rely on what would go away. */
export async function updateCurrency(db: Db, scope: GameScope, { currency: input, ...placement }: CurrencyWrite): Promise<Change<CurrencyAdminView>> {
  const row = await lockCurrency(db, scope, input.code);
  await assertCurrencyNotRelied(db, scope, input);
  const updated = await db
    .update(currencies)
    .set({ name: input.name, purchasable: input.purchasable, status: input.status, translations: input.translations, ...placed(placement), updatedAt: placement.now ?? clock.now() })
    .where(and(eq(currencies.gameId, scope.gameId), eq(currencies.env, scope.env), eq(currencies.code, input.code)))
    .returning();
  const after = updated[0];
  if (!after) throw new AppError("INTERNAL_ERROR", "The currency could not be updated.");
  forgetActiveCurrencies();
  return { before: toCurrencyAdminView(row), after: toCurrencyAdminView(after) };
}

/** Draft, active or archived, with every rule of a full edit. */
export async function setCurrencyStatus(db: Db, scope: GameScope, { code, status }: CurrencyStatusChange): Promise<Change<CurrencyAdminView>> {
  const row = await lockCurrency(db, scope, code);
  return updateCurrency(db, scope, { currency: { ...currencyInputOf(row), status } });
}
