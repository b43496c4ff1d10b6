import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { apiKeys, staff } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError, notFound } from "@/server/lib/errors";
import { newId } from "@/server/lib/ids";
import { newSecret, sha256Hex } from "@/server/lib/secrets";
import { parseInput } from "@/server/webhooks/parse-input";
import type { GameScope } from "@/server/lib/scope";
import { forgetCachedKeys } from "./authenticate-key";
import { KeyKind, KeyName, keyStatus, toKeyView, type ApiKeyView, type Creator, type KeyRow } from "./key-views";

export { KeyKind, KeyName, type ApiKeyView } from "./key-views";

export const CreateKeyInput = z.object({ kind: KeyKind, name: KeyName.optional() });
export type CreateKeyInput = z.input<typeof CreateKeyInput>;

export type Change = { before: ApiKeyView; after: ApiKeyView };

export function keyPrefix(kind: KeyKind, env: GameScope["env"]): string {
  return kind === "secret" ? `svc_sk_${env}_` : `svc_pk_${env}_`;
}

export function keyHint(key: string): string {
  return `${key.slice(0, 12)}…${key.slice(-4)}`;
}

async function creatorOf(db: Db, staffId: string | null): Promise<Creator> {
  if (!staffId) return null;
  const [row] = await db.select({ id: staff.id, name: staff.name, email: staff.email }).from(staff).where(eq(staff.id, staffId));
  return row ?? null;
}

/**
 * The kind and name asked for, who made the key (a staff id; null for the fixture loader), and what the
 * fixture loader adds: the key value its file gives (CONTRACT §3), at the load's time.
 */
export type CreateKeyOptions = { request: CreateKeyInput; createdBy: string | null; plainKey?: string; now?: Date };

/** A new key for the game's environment; the plain key is returned once and only its hash is kept. */
export async function createApiKey(
  db: Db,
  scope: GameScope,
  options: CreateKeyOptions,
): Promise<{ key: string; view: ApiKeyView }> {
  const { request, createdBy } = options;
  const parsed = parseInput(CreateKeyInput, request);
  const key = options.plainKey ?? newSecret(keyPrefix(parsed.kind, scope.env), 24);
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: newId(),
      gameId: scope.gameId,
      env: scope.env,
      kind: parsed.kind,
      name: parsed.name ?? null,
      createdBy,
      keyHash: sha256Hex(key),
      keyHint: keyHint(key),
      createdAt: options.now ?? clock.now(),
    })
    .returning();
  if (!row) throw new AppError("INTERNAL_ERROR", "The key was not stored.");
  return { key, view: toKeyView(row, await creatorOf(db, createdBy)) };
}

/** Newest first, with who created each key (a left join: setup and fixture keys have no creator). */
export async function listApiKeys(db: Db, scope: GameScope): Promise<ApiKeyView[]> {
  const rows = await db
    .select({ key: apiKeys, creator: { id: staff.id, name: staff.name, email: staff.email } })
    .from(apiKeys)
    .leftJoin(staff, eq(staff.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.gameId, scope.gameId), eq(apiKeys.env, scope.env)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((r) => toKeyView(r.key, r.creator));
}

/** The key's row in the scope, locked for the change; a key of another game or environment is "not found". */
export async function lockKey(db: Db, scope: GameScope, keyId: string): Promise<KeyRow> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.gameId, scope.gameId), eq(apiKeys.env, scope.env)))
    .for("update");
  if (!row) throw notFound("Key");
  return row;
}

export async function viewOf(db: Db, row: KeyRow): Promise<ApiKeyView> {
  return toKeyView(row, await creatorOf(db, row.createdBy));
}

export const RenameKeyInput = z.object({ name: KeyName });

/** Which key of the scope, and its new name as sent (checked here). */
export type KeyRename = { keyId: string; rename: z.input<typeof RenameKeyInput> };

export async function renameApiKey(db: Db, scope: GameScope, { keyId, rename }: KeyRename): Promise<Change> {
  const { name } = parseInput(RenameKeyInput, rename);
  const current = await lockKey(db, scope, keyId);
  const [row] = await db.update(apiKeys).set({ name }).where(eq(apiKeys.id, current.id)).returning();
  if (!row) throw notFound("Key");
  return { before: await viewOf(db, current), after: await viewOf(db, row) };
}

/**
 * Revokes at once in this process; other instances stop accepting it within the key cache time (5 s).
 * A key that expired after a roll can no longer be revoked: it is refused already.
 */
export async function revokeApiKey(db: Db, scope: GameScope, keyId: string): Promise<Change> {
  const current = await lockKey(db, scope, keyId);
  if (keyStatus(current) === "revoked" || keyStatus(current) === "expired") throw notFound("Active key");
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: clock.now() })
    .where(and(eq(apiKeys.id, current.id), isNull(apiKeys.revokedAt)))
    .returning();
  if (!row) throw notFound("Active key");
  forgetCachedKeys();
  return { before: await viewOf(db, current), after: await viewOf(db, row) };
}

/**
 * A key put back in service (the fixture names it as the key to use): neither revoked nor expiring,
 * so a key revoked or rolled since works again. Seen at once in this process, as a revocation is.
 */
export async function reinstateApiKey(db: Db, keyId: string): Promise<void> {
  await db.update(apiKeys).set({ revokedAt: null, expiresAt: null }).where(eq(apiKeys.id, keyId));
  forgetCachedKeys();
}

/** Whose a plain key is, found by its hash (the fixture loader names keys to keep); null when unknown. */
export async function findKeyByPlainKey(
  db: Db,
  plainKey: string,
): Promise<Pick<KeyRow, "id" | "gameId" | "env" | "kind" | "revokedAt" | "expiresAt"> | null> {
  const [row] = await db
    .select({ id: apiKeys.id, gameId: apiKeys.gameId, env: apiKeys.env, kind: apiKeys.kind, revokedAt: apiKeys.revokedAt, expiresAt: apiKeys.expiresAt })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, sha256Hex(plainKey)))
    .limit(1);
  return row ?? null;
}

/** Whether the game's environment has a key of this kind that is not revoked. */
export async function hasActiveKey(db: Db, scope: GameScope, kind: KeyKind): Promise<boolean> {
  const [row] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.gameId, scope.gameId), eq(apiKeys.env, scope.env), eq(apiKeys.kind, kind), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row !== undefined;
}
