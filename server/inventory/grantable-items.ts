import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { items } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";

export type GrantableItem = { sku: string; name: string; type: "consumable" | "durable"; maxOwned: number | null };

/** The items support can grant: the active ones of this environment's catalog, in catalog order. */
export async function grantableItems(db: Db, scope: GameScope): Promise<GrantableItem[]> {
  return db
    .select({ sku: items.sku, name: items.name, type: items.type, maxOwned: items.maxOwned })
    .from(items)
    .where(and(eq(items.gameId, scope.gameId), eq(items.env, scope.env), eq(items.status, "active")))
    .orderBy(asc(items.position), asc(items.sku));
}
