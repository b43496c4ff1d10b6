import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../client";
import { apiKeys, type Environment } from "../schema";
import { newId } from "@/server/lib/ids";
import { newSecret, sha256Hex } from "@/server/lib/secrets";

export type KeyKind = "secret" | "publishable";

/** First 12 characters and last 4: enough to recognise a key in the dashboard, useless to an attacker. */
export function keyHint(key: string): string {
  return `${key.slice(0, 12)}…${key.slice(-4)}`;
}

type Target = { gameId: string; env: Environment };
export type EnsuredKey = { key: string; generated: boolean };

/**
 * A given key is stored (as its SHA-256 only) or kept; an omitted one is generated only when the game and
 * environment have no active key of that kind. Returns the plain key to print, or null when there is none
 * to print (an existing key was kept, or `conflict` was reported).
 */
export async function ensureKey(
  tx: Db,
  target: Target,
  kind: KeyKind,
  given: string | undefined,
  now: Date,
  conflict: (message: string) => void,
): Promise<EnsuredKey | null> {
  if (given !== undefined) {
    const keyHash = sha256Hex(given);
    const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash));
    if (row) {
      if (row.gameId !== target.gameId || row.env !== target.env || row.kind !== kind) {
        conflict("this key already belongs to another game or environment");
        return null;
      }
      // The file names this key as the one to use, so a key revoked in the meantime is reinstated.
      if (row.revokedAt) await tx.update(apiKeys).set({ revokedAt: null }).where(eq(apiKeys.id, row.id));
      return { key: given, generated: false };
    }
    await insertKey(tx, target, kind, given, now);
    return { key: given, generated: false };
  }
  const [active] = await tx
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.gameId, target.gameId), eq(apiKeys.env, target.env), eq(apiKeys.kind, kind), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (active) return null;
  const key = newSecret(`svc_${kind === "secret" ? "sk" : "pk"}_${target.env}_`);
  await insertKey(tx, target, kind, key, now);
  return { key, generated: true };
}

async function insertKey(tx: Db, target: Target, kind: KeyKind, key: string, now: Date): Promise<void> {
  await tx.insert(apiKeys).values({
    id: newId(),
    gameId: target.gameId,
    env: target.env,
    kind,
    // SECURITY: only the hash is stored; the plain key is printed once by the seed command.
    keyHash: sha256Hex(key),
    keyHint: keyHint(key),
    createdAt: now,
  });
}
