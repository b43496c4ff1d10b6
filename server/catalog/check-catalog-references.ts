import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { checkGrantsAndItems, checkItemPrice, type CatalogIndex, type Ctx } from "@/server/fixtures/fixture-references";
import { currencies, items, packs } from "@/db/schema";
import { validationError, type FieldErrors } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import type { CurrencyInput, ItemInput, PackInput } from "./catalog-schemas";

/**
 * References of a dashboard edit, judged by the fixture loader's own rules (server/fixtures/fixture-references.ts)
 * against the catalog in the database: prices and grants name active currencies (drafts and archived
 * ones are not in the catalog), pack grants only purchasable ones, pack items existing skus.
 */
async function catalogIndex(db: Db, scope: GameScope): Promise<CatalogIndex> {
  // CONCURRENCY: FOR SHARE on the active currencies waits for a concurrent archive (which takes FOR UPDATE)
  // and re-reads its outcome, so an entry can never be saved pointing at a currency retired meanwhile.
  const currencyRows = await db
    .select({ code: currencies.code, purchasable: currencies.purchasable })
    .from(currencies)
    .where(and(eq(currencies.gameId, scope.gameId), eq(currencies.env, scope.env), eq(currencies.status, "active")))
    .for("share");
  const skuRows = await db.select({ sku: items.sku }).from(items).where(and(eq(items.gameId, scope.gameId), eq(items.env, scope.env)));
  return {
    currencies: new Map(currencyRows.map((c) => [c.code, { purchasable: c.purchasable }])),
    skus: new Set(skuRows.map((r) => r.sku)),
  };
}

/** Runs fixture-style checks and throws VALIDATION_FAILED with their problems keyed by dotted path ("grants.0.currency"). */
function throwIfProblems(run: (ctx: Ctx) => void): void {
  const fieldErrors: FieldErrors = {};
  run({
    addIssue: (issue) => {
      (fieldErrors[issue.path.map(String).join(".")] ??= []).push(issue.message);
    },
  });
  if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
}

/** Archived entries are out of the catalog, so their references are not judged: retiring is never blocked. */
export async function assertItemReferences(db: Db, scope: GameScope, item: ItemInput): Promise<void> {
  if (item.status === "archived") return;
  const index = await catalogIndex(db, scope);
  throwIfProblems((ctx) => checkItemPrice(ctx, { item, at: [], index }));
}

export async function assertPackReferences(db: Db, scope: GameScope, pack: PackInput): Promise<void> {
  if (pack.status === "archived") return;
  const index = await catalogIndex(db, scope);
  // `true`: SPEC's `purchasable` means "packs can sell it for real money".
  throwIfProblems((ctx) => checkGrantsAndItems(ctx, { owner: pack, at: [] }, { index, paidCurrency: true }));
}

/**
 * A currency leaves the catalog (draft, archived) or stops being purchasable only when no active entry
 * relies on it: otherwise the client catalog would show prices and packs in a currency it no longer has.
 */
export async function assertCurrencyNotRelied(db: Db, scope: GameScope, currency: CurrencyInput): Promise<void> {
  const fieldErrors: FieldErrors = {};
  const grantsIt = sql`${packs.grants} @> ${JSON.stringify([{ currency: currency.code }])}::jsonb`;
  const activePacks = await db
    .select({ sku: packs.sku })
    .from(packs)
    .where(and(eq(packs.gameId, scope.gameId), eq(packs.env, scope.env), eq(packs.status, "active"), grantsIt));
  if (currency.status !== "active") {
    const pricedItems = await db
      .select({ sku: items.sku })
      .from(items)
      .where(and(eq(items.gameId, scope.gameId), eq(items.env, scope.env), eq(items.status, "active"), eq(items.priceCurrency, currency.code)));
    const users = [...pricedItems.map((i) => `item "${i.sku}"`), ...activePacks.map((p) => `pack "${p.sku}"`)];
    if (users.length > 0) fieldErrors.status = [`still used by active ${users.join(", ")}: change or archive them first`];
  } else if (!currency.purchasable && activePacks.length > 0) {
    fieldErrors.purchasable = [`granted by active ${activePacks.map((p) => `pack "${p.sku}"`).join(", ")}: packs only sell purchasable currencies`];
  }
  if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors, `Currency "${currency.code}" is still in use.`);
}
