import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { storeSettings } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";

export type StoreSettingsRow = typeof storeSettings.$inferSelect;

export function scopeFilter(scope: GameScope) {
  return and(eq(storeSettings.gameId, scope.gameId), eq(storeSettings.env, scope.env));
}

export async function findStoreSettingsRow(db: Db, scope: GameScope, options: { forUpdate?: boolean } = {}): Promise<StoreSettingsRow | null> {
  const query = db.select().from(storeSettings).where(scopeFilter(scope)).limit(1);
  const rows = options.forUpdate ? await query.for("update") : await query;
  return rows[0] ?? null;
}
