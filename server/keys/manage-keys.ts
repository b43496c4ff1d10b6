import { and, desc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { notFound } from "@/server/lib/errors";
import { newId } from "@/server/lib/ids";
import { newSecret, sha256Hex } from "@/server/lib/secrets";
import type { GameScope } from "@/server/lib/scope";
import { forgetCachedKeys } from "./authenticate-key";

export const KeyKind = z.enum(["secret", "publishable"]);
export type KeyKind = z.infer<typeof KeyKind>;

export type ApiKeyView = { id: string; kind: KeyKind; hint: string; createdAt: string; revokedAt: string | null };

export function keyPrefix(kind: KeyKind, env: GameScope["env"]): string {
  return kind === "secret" ? `svc_sk_${env}_` : `svc_pk_${env}_`;
}

export function keyHint(key: string): string {
  return `${key.slice(0, 12)}…${key.slice(-4)}`;
}

/** A new key for the game's environment; the plain key is returned once and only its hash is kept. */
export async function createApiKey(db: Db, scope: GameScope, kind: KeyKind): Promise<{ key: string; view: ApiKeyView }> {
  const key = newSecret(keyPrefix(kind, scope.env), 24);
  const now = clock.now();
  const id = newId();
  await db.insert(apiKeys).values({ id, gameId: scope.gameId, env: scope.env, kind, keyHash: sha256Hex(key), keyHint: keyHint(key), createdAt: now });
  return { key, view: { id, kind, hint: keyHint(key), createdAt: now.toISOString(), revokedAt: null } };
}

export async function listApiKeys(db: Db, scope: GameScope): Promise<ApiKeyView[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.gameId, scope.gameId), eq(apiKeys.env, scope.env)))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map((r) => ({ id: r.id, kind: r.kind, hint: r.keyHint, createdAt: r.createdAt.toISOString(), revokedAt: r.revokedAt?.toISOString() ?? null }));
}

/** Revokes at once in this process; other instances stop accepting it within the key cache time (5 s). */
export async function revokeApiKey(db: Db, scope: GameScope, keyId: string): Promise<ApiKeyView> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: clock.now() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.gameId, scope.gameId), eq(apiKeys.env, scope.env), isNull(apiKeys.revokedAt)))
    .returning();
  const row = rows[0];
  if (!row) throw notFound("Active key");
  forgetCachedKeys();
  return { id: row.id, kind: row.kind, hint: row.keyHint, createdAt: row.createdAt.toISOString(), revokedAt: row.revokedAt?.toISOString() ?? null };
}
