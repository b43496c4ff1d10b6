import "server-only";
import type { Db } from "@/db/client";
import { logger } from "@/server/observability/logger";
import { AppError } from "@/server/lib/errors";
import { Batcher } from "./batcher";
import type { MoneyMove, MoveOutcome } from "./money-move";
import { refusalError } from "./refusal-error";
import { writeMoveBatch } from "./write-batch";

/**
 * Four batches in flight: while one waits for its WAL flush, the next runs and others are on the
 * wire. Bench, spends over 1,000 players: two in flight 2,730–3,093/s (p99 25–29 ms), three
 * 3,003–3,373/s (p99 23–26 ms), four 3,569/s (p99 23 ms); a hot player's extra batches wait on its row
 * lock, as they would in line here. 64 moves bound how long one batch holds its locks
 * (docs/performance.md "Group commit"). Each batch in flight holds a pool connection.
 */
export const BATCH_LIMITS = { maxInFlight: 4, maxBatch: 64 };

const batchers = new WeakMap<Db, Batcher<MoneyMove, MoveOutcome>>();

function batcherOf(db: Db): Batcher<MoneyMove, MoveOutcome> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new Batcher((moves) => writeMoveBatch(db, moves), BATCH_LIMITS);
    batchers.set(db, batcher);
  }
  return batcher;
}

/**
 * Writes a money move together with the others that arrive meanwhile. A batch that fails as a whole
 * (a deadlock with another instance's batch, a first item row inserted meanwhile) wrote nothing:
 * each of its moves is then `refused` and takes the ordinary path alone, which answers it exactly.
 */
export async function submitMoneyMove(db: Db, move: MoneyMove): Promise<MoveOutcome> {
  try {
    return await batcherOf(db).submit(move);
  } catch (error) {
    logger.warn({ err: error }, "money move batch failed; its moves take the ordinary path");
    return { outcome: "refused", reason: "refused", facts: {} };
  }
}

/**
 * A refusal the batch's statement explained in full (too few coins, past the balance cap): the request
 * is answered with its error at once, with no second run of the move on the ordinary path.
 */
export class MoveRefused extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
    this.name = "MoveRefused";
  }
}

/**
 * The move's answer (its JSON text); throws MoveRefused for a refusal the statement explained; null
 * when its key was used or the refusal needs the ordinary path's explanation (see refusalError).
 */
export async function moneyMoveAnswer(db: Db, move: MoneyMove): Promise<string | null> {
  const outcome = await submitMoneyMove(db, move);
  if (outcome.outcome === "moved") return outcome.answer;
  if (outcome.outcome === "key_used" || outcome.outcome === "unchanged") return null;
  const error = refusalError(move, outcome);
  if (error) throw new MoveRefused(error);
  return null;
}
