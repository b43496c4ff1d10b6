import "server-only";
import type { Db } from "@/db/client";
import { logger } from "@/server/observability/logger";
import { Batcher } from "./batcher";
import type { MoneyMove, MoveOutcome } from "./money-move";
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
    return { outcome: "refused" };
  }
}

/** The move's answer (its JSON text), or null when it was refused or its key used: the ordinary path then answers. */
export async function moneyMoveAnswer(db: Db, move: MoneyMove): Promise<string | null> {
  const outcome = await submitMoneyMove(db, move);
  return outcome.outcome === "moved" ? outcome.answer : null;
}
