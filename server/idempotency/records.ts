import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { idempotencyRecords } from "@/db/schema";
import { preparedQuery } from "@/server/db/prepared-query";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import type { IdempotencyClaim } from "./claim";

/** The one stored shape: the answer's status and its JSON text exactly as it was sent (sealed fields sealed). */
export type StoredAnswer = { fingerprint: string; status: number; text: string };

/**
 * As text: the drivers would parse json, and a parsed body is no longer the bytes that were sent.
 * TRANSITION (docs/decisions.md): a record an instance of the previous release wrote during a rolling
 * release keeps only `{"ledgerEntryId": …}`; its answer is made from the entry by the same SQL as a
 * batched move's (money_answer). Migration 0011 converted the records that existed then.
 */
const answerText = sql<string>`CASE
  WHEN json_typeof(${idempotencyRecords.responseBody}) = 'object' AND ${idempotencyRecords.responseBody}->>'ledgerEntryId' IS NOT NULL
   AND (SELECT count(*) FROM json_object_keys(${idempotencyRecords.responseBody})) = 1
  THEN (SELECT money_answer(e.id, e.type, e.currency, e.paid_delta, e.bonus_delta, e.paid_after, e.bonus_after, e.reason, e.metadata,
                            e.order_id, e.item_sku, e.created_at, NULL)
        FROM ledger_entries e WHERE e.id = ${idempotencyRecords.responseBody}->>'ledgerEntryId')
  ELSE ${idempotencyRecords.responseBody}::text END`;

/** An idempotency key, and who sent it (keys of different callers never meet). A claim is one too. */
export type RecordKey = { principal: string; key: string };

const lookup = preparedQuery((db) => {
  const records = idempotencyRecords;
  return db
    .select({ fingerprint: records.fingerprint, status: records.responseStatus, text: answerText })
    .from(records)
    .where(
      and(
        eq(records.gameId, sql.placeholder("gameId")),
        eq(records.env, sql.placeholder("env")),
        eq(records.principal, sql.placeholder("principal")),
        eq(records.key, sql.placeholder("key")),
        // Past 30 days a key is forgotten even before the cleanup job drops its week. The window is the
        // key trigger's and the batch's own SQL (db/functions/idempotency_keys.sql), so a record they
        // would not see is not replayed either.
        sql`idempotency_record_live(${records.createdAt}, ${sql.placeholder("now")}::timestamptz)`,
      ),
    )
    // An expired record and its key's new one may both exist (one live record per key: migration 0015).
    .orderBy(desc(records.createdAt))
    .limit(1)
    .prepare("find_idempotency_record");
});

/** The record of this key, unless there is none or it is past its 30 days. */
export async function findRecord(db: Db, scope: GameScope, { principal, key }: RecordKey): Promise<StoredAnswer | null> {
  const rows = await lookup(db).execute({ gameId: scope.gameId, env: scope.env, principal, key, now: clock.now().toISOString() });
  const row = rows[0];
  return row ? { fingerprint: row.fingerprint, status: row.status, text: row.text } : null;
}

/** The claim of a key, and the text of the answer its record keeps. */
export type AnsweredClaim = { claim: IdempotencyClaim; text: string };

/**
 * Claims the key in the transaction of the request's effect, with the answer's text. Returns false
 * when a concurrent request with the same key committed first: the caller must roll back and answer
 * with that one's result. (A batched money move claims inside its own statement: server/money-moves.)
 */
export async function claimInTransaction(db: Db, scope: GameScope, { claim, text }: AnsweredClaim): Promise<boolean> {
  // The column is json, which keeps the text as written; drizzle's json mapping would stringify it again.
  const responseBody = sql`${text}::json`;
  // CONCURRENCY: the trigger's lock on the key makes a twin request wait here until the first commits or rolls back.
  const inserted = await db
    .insert(idempotencyRecords)
    .values({
      gameId: scope.gameId,
      env: scope.env,
      principal: claim.principal,
      key: claim.key,
      fingerprint: claim.fingerprint,
      operation: claim.operation,
      responseStatus: claim.status,
      responseBody,
      createdAt: clock.now(),
    })
    // The trigger idempotency_records_one_live_key skips the row when the key has a live record (the
    // insert then returns nothing); beside an expired one it writes the new record.
    .onConflictDoNothing()
    .returning({ key: idempotencyRecords.key });
  return inserted.length > 0;
}
