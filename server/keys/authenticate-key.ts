import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys, games, type Environment } from "@/db/schema";
import { sha256Hex } from "@/server/lib/secrets";
import { clock } from "@/server/lib/clock";

export type GameSettings = {
  spendOrder: "bonus_first" | "paid_first";
  negativeBalance: "allow" | "clamp";
  anonymousPlayers: boolean;
  prelaunch: boolean;
  launchAt: Date | null;
};

export type KeyIdentity = {
  keyId: string;
  kind: "secret" | "publishable";
  gameId: string;
  env: Environment;
  settings: GameSettings;
};

/** Key lookups are on every request; a short cache saves a round trip. Revocation is seen within this time. */
const CACHE_MS = 5_000;
const cache = new Map<string, { identity: KeyIdentity | null; until: number }>();

/** The game and environment a plain API key belongs to, or null when it is unknown or revoked. */
export async function authenticateKey(db: Db, plainKey: string): Promise<KeyIdentity | null> {
  const hash = sha256Hex(plainKey);
  const now = clock.nowMs();
  const hit = cache.get(hash);
  if (hit && hit.until > now) return hit.identity;

  const rows = await db
    .select({
      keyId: apiKeys.id,
      kind: apiKeys.kind,
      gameId: apiKeys.gameId,
      env: apiKeys.env,
      spendOrder: games.spendOrder,
      negativeBalance: games.negativeBalance,
      anonymousPlayers: games.anonymousPlayers,
      prelaunch: games.prelaunch,
      launchAt: games.launchAt,
    })
    .from(apiKeys)
    .innerJoin(games, eq(games.id, apiKeys.gameId))
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
    .limit(1);
  const row = rows[0];
  const identity: KeyIdentity | null = row
    ? {
        keyId: row.keyId,
        kind: row.kind,
        gameId: row.gameId,
        env: row.env,
        settings: {
          spendOrder: row.spendOrder,
          negativeBalance: row.negativeBalance,
          anonymousPlayers: row.anonymousPlayers,
          prelaunch: row.prelaunch,
          launchAt: row.launchAt,
        },
      }
    : null;
  if (cache.size > 10_000) cache.clear();
  cache.set(hash, { identity, until: now + CACHE_MS });
  return identity;
}

/** Called after a key is revoked or a game's settings change, so this process sees it at once. */
export function forgetCachedKeys(): void {
  cache.clear();
}
