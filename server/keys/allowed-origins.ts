import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameEnvironments } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";
import { sharedCache } from "@/server/lib/ttl-cache";

const cache = sharedCache<string[]>("allowed-origins", 5_000);

/** The origins a game allows in one environment (cached briefly: read on every browser request). */
export function allowedOrigins(db: Db, scope: GameScope): Promise<string[]> {
  return cache.get(`${scope.gameId}:${scope.env}`, async () => {
    const rows = await db
      .select({ origins: gameEnvironments.allowedOrigins })
      .from(gameEnvironments)
      .where(and(eq(gameEnvironments.gameId, scope.gameId), eq(gameEnvironments.env, scope.env)))
      .limit(1);
    return rows[0]?.origins ?? [];
  });
}

export function forgetCachedOrigins(): void {
  cache.clear();
}
