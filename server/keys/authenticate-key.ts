import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys, games, type Environment } from "@/db/schema";
import { sha256Hex } from "@/server/lib/secrets";
import { clock } from "@/server/lib/clock";
import { sharedCache } from "@/server/lib/ttl-cache";
import { recordKeyUse } from "./record-key-use";
import { gameSettingsColumns, toGameSettings, type GameSettings } from "@/server/games/game-settings";

export type KeyIdentity = {
  keyId: string;
  kind: "secret" | "publishable";
  gameId: string;
  env: Environment;
  settings: GameSettings;
  /** Epoch ms after which a rolled key is refused; checked on every use, so a cached entry cannot outlive it. */
  expiresAtMs: number | null;
};

/** Key lookups are on every request; a short cache saves a round trip. Revocation is seen within this time. */
const cache = sharedCache<KeyIdentity | null>("api-keys", 5_000, { now: () => clock.nowMs() });

/**
 * The game and environment a plain API key belongs to, or null when it is unknown, revoked or past the
 * expiry of a roll (the same null: the caller answers all three alike). A use is recorded in the
 * background, at most once a minute per key.
 */
export async function authenticateKey(db: Db, plainKey: string): Promise<KeyIdentity | null> {
  const hash = sha256Hex(plainKey);
  const identity = await cache.get(hash, () => loadKey(db, hash));
  if (!identity) return null;
  if (identity.expiresAtMs !== null && identity.expiresAtMs <= clock.nowMs()) return null;
  recordKeyUse(db, identity.keyId);
  return identity;
}

async function loadKey(db: Db, hash: string): Promise<KeyIdentity | null> {
  const rows = await db
    .select({
      keyId: apiKeys.id,
      kind: apiKeys.kind,
      gameId: apiKeys.gameId,
      env: apiKeys.env,
      expiresAt: apiKeys.expiresAt,
      settings: gameSettingsColumns,
    })
    .from(apiKeys)
    .innerJoin(games, eq(games.id, apiKeys.gameId))
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
    .limit(1);
  const row = rows[0];
  return row
    ? {
        keyId: row.keyId,
        kind: row.kind,
        gameId: row.gameId,
        env: row.env,
        settings: toGameSettings(row.settings),
        expiresAtMs: row.expiresAt?.getTime() ?? null,
      }
    : null;
}

/** Called after a key is revoked or a game's settings change, so this process sees it at once. */
export function forgetCachedKeys(): void {
  cache.clear();
}
