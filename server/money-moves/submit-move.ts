import "server-only";
import type { Db } from "@/db/client";
import { logger } from "@/server/observability/logger";
import { AppError } from "@/server/lib/errors";
import { Batcher, type BatchLimits } from "./batcher";
import type { MoneyMove, MoveOutcome } from "./money-move";
import { refusalError } from "./refusal-error";
import { writeMoveBatch } from "./write-batch";

/**
 * One batch at a time while it carries the load; up to four when moves fill whole batches of 64, or
 * when a batch has been out 10 ms. Bench on a 2-core VM, 32 connections: one batch in flight 5,628–5,770
 * spends/s over 1,000 players (batches of 16, server CPU 0.107–0.109 ms a spend) against 4,696–4,878
 * with up to four whenever a slot was free (batches of 11, 0.125–0.131 ms); a hot player 7,327 against
 * 5,829. 64 moves bound how long one batch holds its locks (docs/performance.md "Group commit"). Each
 * batch in flight holds a pool connection.
 */
export const BATCH_LIMITS: BatchLimits = { maxInFlight: 4, maxBatch: 64, stallMs: 10 };

const batchers = new WeakMap<Db, Batcher<MoneyMove, MoveOutcome>>();

function batcherOf(db: Db): Batcher<MoneyMove, MoveOutcome> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new Batcher((moves) => writeMoveBatch(db, moves), BATCH_LIMITS);
    batchers.set(db, batcher);
  }
  return batcher;
}

/** What an API money move answers: its JSON text (the record keeps the same), or that its key has a record to replay. */
export type MoveAnswer = { outcome: "moved"; text: string } | { outcome: "key_used" };

/**
 * Writes a money move together with the others that arrive meanwhile (group commit), its idempotency
 * record with it. A batch that fails as a whole (a deadlock with another instance's batch, a first item
 * row inserted meanwhile) wrote nothing: its moves are then written again one by one, where no other
 * move of the batch can be the cause.
 */
export async function writeMoneyMove(db: Db, move: MoneyMove): Promise<MoveOutcome> {
  try {
    return await batcherOf(db).submit(move);
  } catch (error) {
    logger.warn({ err: error }, "money move batch failed; its moves are written again one by one");
    const [outcome] = await writeMoveBatch(db, [move]);
    if (!outcome) throw new AppError("INTERNAL_ERROR", "The money move returned nothing.");
    return outcome;
  }
}

/**
 * An API spend, grant or purchase: one statement (shared with the moves of the moment) resolves the
 * player, checks the catalog and the amounts, and writes the move and its record. A refusal is thrown
 * as its SPEC error from that statement's outcome; nothing runs a second time.
 */
export async function submitMoneyMove(db: Db, move: MoneyMove): Promise<MoveAnswer> {
  const outcome = await writeMoneyMove(db, move);
  switch (outcome.outcome) {
    case "moved":
      return { outcome: "moved", text: outcome.answer };
    case "key_used":
      return { outcome: "key_used" };
    case "refused":
      throw refusalError(move, outcome);
    case "unchanged":
      throw new AppError("INTERNAL_ERROR", "A money move of the API changed nothing.");
  }
}
