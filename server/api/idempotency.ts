import "server-only";
import { and, eq, lt, sql, type SQL } from "drizzle-orm";
import { createHash } from "node:crypto";
import type { Db } from "@/db/client";
import { idempotencyRecords } from "@/db/schema";
import { AppError, validationError } from "@/server/lib/errors";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";

export const IDEMPOTENCY_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The header's value, checked as SPEC convention 8 says. */
export function readIdempotencyKey(headerValue: string | null): string {
  if (headerValue === null || headerValue === "") {
    throw new AppError("IDEMPOTENCY_KEY_REQUIRED", "This route needs an Idempotency-Key header.");
  }
  if (headerValue.length > 100 || !/^[\x20-\x7e]+$/.test(headerValue)) {
    throw validationError({ "Idempotency-Key": ["Must be 1 to 100 printable ASCII characters"] });
  }
  return headerValue;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Two requests are "the same" when operation, path and body (as JSON, key order ignored) are. */
export function requestFingerprint(operationId: string, path: string, parsedBody: unknown): string {
  return createHash("sha256").update(`${operationId}\n${path}\n${canonicalJson(parsedBody)}`).digest("hex");
}

/** `text` is the answer's JSON exactly as it was sent (its sealed fields sealed). */
export type StoredResponse = { fingerprint: string; status: number; text: string };

export async function findStoredResponse(db: Db, scope: GameScope, principal: string, key: string): Promise<StoredResponse | null> {
  const rows = await db
    .select({
      fingerprint: idempotencyRecords.fingerprint,
      status: idempotencyRecords.responseStatus,
      // As text: the drivers would parse json, and a parsed body is no longer the bytes that were sent.
      text: sql<string>`${idempotencyRecords.responseBody}::text`,
      createdAt: idempotencyRecords.createdAt,
    })
    .from(idempotencyRecords)
    .where(
      and(
        eq(idempotencyRecords.gameId, scope.gameId),
        eq(idempotencyRecords.env, scope.env),
        eq(idempotencyRecords.principal, principal),
        eq(idempotencyRecords.key, key),
      ),
    )
    .limit(1);
  const row = rows[0];
  // Past 30 days a key is forgotten even before the cleanup job deletes it.
  if (!row || row.createdAt.getTime() < clock.nowMs() - IDEMPOTENCY_TTL_MS) return null;
  return { fingerprint: row.fingerprint, status: row.status, text: row.text };
}

/**
 * Records the response in the transaction of its effect. Returns false when a concurrent request
 * with the same key committed first: the caller must roll back and answer with that one's result.
 */
export async function storeResponse(
  db: Db,
  scope: GameScope,
  record: { principal: string; key: string; fingerprint: string; operation: string; status: number; text: string },
): Promise<boolean> {
  // The column is json, which keeps the text as written; drizzle's json mapping would stringify it again.
  const responseBody = sql`${record.text}::json`;
  // CONCURRENCY: the primary key makes a twin request wait here until the first commits or rolls back.
  const inserted = await db
    .insert(idempotencyRecords)
    .values({
      gameId: scope.gameId,
      env: scope.env,
      principal: record.principal,
      key: record.key,
      fingerprint: record.fingerprint,
      operation: record.operation,
      responseStatus: record.status,
      responseBody,
      createdAt: clock.now(),
    })
    .onConflictDoUpdate({
      target: [idempotencyRecords.gameId, idempotencyRecords.env, idempotencyRecords.principal, idempotencyRecords.key],
      // Only an expired record may be replaced.
      set: {
        fingerprint: record.fingerprint,
        operation: record.operation,
        responseStatus: record.status,
        responseBody,
        createdAt: clock.now(),
      },
      setWhere: lt(idempotencyRecords.createdAt, new Date(clock.nowMs() - IDEMPOTENCY_TTL_MS)),
    })
    .returning({ key: idempotencyRecords.key });
  return inserted.length > 0;
}

/** What an idempotent request records besides its answer. */
export type IdempotencyClaim = { principal: string; key: string; fingerprint: string; operation: string };

/** A stored answer that is a money move's ledger entry (written by `ledgerEntryRecordInsert`). */
export type LedgerEntryReference = { ledgerEntryId: string };

export function isLedgerEntryReference(stored: unknown): stored is LedgerEntryReference {
  return typeof stored === "object" && stored !== null && typeof (stored as { ledgerEntryId?: unknown }).ledgerEntryId === "string";
}

/**
 * The INSERT of a money move's record, for the move's own statement (it reads the new entry from
 * `moved(entry_id)`). It keeps the entry's id, from which a replay rebuilds the answer. A plain
 * INSERT: any record with this key, even an expired one, fails the statement with a unique violation,
 * and the request takes the ordinary path, which replays, refuses or replaces it.
 */
export function ledgerEntryRecordInsert(scope: GameScope, claim: IdempotencyClaim, status: number): SQL {
  return sql`
    INSERT INTO idempotency_records (game_id, env, principal, key, fingerprint, operation, response_status, response_body, created_at)
    SELECT ${scope.gameId}, ${scope.env}, ${claim.principal}, ${claim.key}, ${claim.fingerprint}, ${claim.operation}, ${status}::int,
           json_build_object('ledgerEntryId', moved.entry_id), ${clock.now().toISOString()}::timestamptz
    FROM moved`;
}
