import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { currencies, items } from "@/db/schema";
import { notFound } from "@/server/lib/errors";

export type ItemRow = typeof items.$inferSelect;

/** An active currency of the game's catalog; draft and archived ones are not in the catalog. */
export async function requireActiveCurrency(db: Db, gameId: string, code: string): Promise<void> {
  const rows = await db
    .select({ code: currencies.code })
    .from(currencies)
    .where(and(eq(currencies.gameId, gameId), eq(currencies.code, code), eq(currencies.status, "active")))
    .limit(1);
  if (rows.length === 0) throw notFound(`Currency "${code}"`);
}

export async function requireActiveItem(db: Db, gameId: string, sku: string): Promise<ItemRow> {
  const rows = await db
    .select()
    .from(items)
    .where(and(eq(items.gameId, gameId), eq(items.sku, sku), eq(items.status, "active")))
    .limit(1);
  const item = rows[0];
  if (!item) throw notFound(`Item "${sku}"`);
  return item;
}
