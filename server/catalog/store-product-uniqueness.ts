import "server-only";
import { and, eq, ne, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { packs } from "@/db/schema";
import { validationError, type FieldErrors } from "@/server/lib/errors";
import { postgresErrorCode, UNIQUE_VIOLATION } from "@/server/lib/postgres-errors";
import type { GameScope } from "@/server/lib/scope";
import type { PackInput } from "./catalog-schemas";

/**
 * A store product delivers one pack per environment, so a purchase never has two readings. Archived
 * packs step aside (the partial unique indexes `packs_*_product` say the same), which lets a product
 * move to a new pack once the old one is archived.
 */
export async function assertStoreProductsFree(db: Db, scope: GameScope, pack: PackInput): Promise<void> {
  const { appStore, googlePlay } = pack.storeProducts;
  if (pack.status === "archived" || (appStore === null && googlePlay === null)) return;
  const sameProduct = [appStore === null ? undefined : eq(packs.appStoreProductId, appStore), googlePlay === null ? undefined : eq(packs.googlePlayProductId, googlePlay)];
  const rows = await db
    .select({ sku: packs.sku, appStore: packs.appStoreProductId, googlePlay: packs.googlePlayProductId })
    .from(packs)
    .where(and(eq(packs.gameId, scope.gameId), eq(packs.env, scope.env), ne(packs.sku, pack.sku), ne(packs.status, "archived"), or(...sameProduct)));
  const errors: FieldErrors = {};
  for (const row of rows) {
    if (appStore !== null && row.appStore === appStore) errors["storeProducts.appStore"] = [`Already delivers pack "${row.sku}"`];
    if (googlePlay !== null && row.googlePlay === googlePlay) errors["storeProducts.googlePlay"] = [`Already delivers pack "${row.sku}"`];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** The same refusal when two saves raced past the check and the unique index decided. */
export function storeProductTaken(error: unknown): Error {
  if (postgresErrorCode(error) !== UNIQUE_VIOLATION) return error instanceof Error ? error : new Error(String(error));
  const text = String((error as { cause?: unknown }).cause ?? error);
  const field = text.includes("packs_google_play_product") ? "storeProducts.googlePlay" : "storeProducts.appStore";
  return validationError({ [field]: ["Already delivers another pack"] });
}
