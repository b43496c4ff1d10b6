import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameEnvironments } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";

const CACHE_MS = 5_000;
const cache = new Map<string, { origins: string[]; until: number }>();

/** The origins a game allows in one environment (cached briefly: read on every browser request). */
export async function allowedOrigins(db: Db, scope: GameScope): Promise<string[]> {
  const key = `${scope.gameId}:${scope.env}`;
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.origins;
  const rows = await db
    .select({ origins: gameEnvironments.allowedOrigins })
    .from(gameEnvironments)
    .where(and(eq(gameEnvironments.gameId, scope.gameId), eq(gameEnvironments.env, scope.env)))
    .limit(1);
  const origins = rows[0]?.origins ?? [];
  cache.set(key, { origins, until: Date.now() + CACHE_MS });
  return origins;
}

export function forgetCachedOrigins(): void {
  cache.clear();
}
