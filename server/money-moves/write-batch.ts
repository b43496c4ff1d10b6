import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/db/client";
import { newId } from "@/server/lib/ids";
import { metrics } from "@/server/observability/metrics";
import { inKeyOrder } from "@/server/wallet/wallet-views";
import { z } from "zod";
import { REFUSALS, type MoneyMove, type MoveChange, type MoveOutcome, type RefusalFacts } from "./money-move";

type OutcomeRow = { idx: number; outcome: string; answer: string | null };
function changeJson(change: MoveChange): Record<string, unknown> {
  switch (change.kind) {
    case "purchase":
      return { sku: change.sku, quantity: change.quantity, client_only: change.clientOnly, bonus_first: change.bonusFirst };
    case "debit":
      return { currency: change.currency, amount: change.amount, bonus_first: change.bonusFirst, ...(change.checkCurrency ? { check_currency: true } : {}) };
    case "credit":
      return { currency: change.currency, amount: change.amount, paid: change.paid ?? 0, ...(change.checkCurrency ? { check_currency: true } : {}) };
    case "clawback":
      return { currency: change.currency, amount: change.paid + change.bonus, paid: change.paid, bonus: change.bonus, policy: change.policy };
    case "zero":
      return { currency: change.currency, amount: 0 };
  }
}

/** How the function finds the player, and whether it creates an unknown `ext:` one (with the id made here). */
function playerJson({ ref, ifUnknown, anyPlayer }: MoneyMove["player"]): Record<string, unknown> {
  if (ref.kind === "id") return { player_id: ref.id, ...(anyPlayer ? { any_player: true } : {}) };
  return {
    external_id: ref.externalId,
    ...(ifUnknown === "create" ? { create_external: true, new_player_id: newId() } : {}),
    ...(anyPlayer ? { any_player: true } : {}),
  };
}

function asJson(move: MoneyMove): Record<string, unknown> {
  const { scope, player, change, entry, record } = move;
  return {
    game_id: scope.gameId,
    env: scope.env,
    ...playerJson(player),
    kind: change.kind,
    ...changeJson(change),
    type: entry.type,
    reason: entry.reason,
    metadata: entry.metadata,
    // The answer's metadata text, in the views' key order, so both paths and the ledger list agree.
    metadata_json: JSON.stringify(inKeyOrder(entry.metadata)),
    ...(entry.orderId ? { order_id: entry.orderId } : {}),
    ...(entry.itemSku ? { item_sku: entry.itemSku } : {}),
    record,
    now: move.at.toISOString(),
  };
}

const FactsSchema = z
  .object({
    currency: z.string(),
    available: z.number(),
    required: z.union([z.number(), z.string()]),
    current: z.number(),
    limit: z.number(),
    owned: z.number(),
    quantity: z.number(),
    maxOwned: z.number().nullable(),
  })
  .partial();

function refusalFacts(text: string | null): RefusalFacts {
  if (text === null) return {};
  const parsed = FactsSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : {};
}

function toOutcome(row: OutcomeRow | undefined): MoveOutcome {
  if (row?.outcome === "moved" && row.answer !== null) return { outcome: "moved", answer: row.answer };
  if (row?.outcome === "key_used") return { outcome: "key_used" };
  if (row?.outcome === "unchanged") return { outcome: "unchanged" };
  const reason = REFUSALS.find((r) => r === row?.outcome) ?? "refused";
  return { outcome: "refused", reason, facts: refusalFacts(row?.answer ?? null) };
}

/** The batch as the function takes it: the text the server sends (the function's profile sends the same, scripts/bench/money-function.ts). */
export function moveBatchText(moves: MoneyMove[]): string {
  return JSON.stringify(moves.map(asJson));
}

/**
 * Runs a batch of moves with one statement (db/functions/money_move_batch.sql): the one place the money
 * rules live. Answers one outcome per move, in order. Counts nothing: the caller knows when it commits.
 */
export async function runMoveBatch(db: Db, moves: MoneyMove[]): Promise<MoveOutcome[]> {
  const rows = await queryRows<OutcomeRow>(db, sql`SELECT * FROM money_move_batch(${moveBatchText(moves)}::jsonb)`);
  const byIndex = new Map(rows.map((row) => [Number(row.idx), row]));
  return moves.map((_, i) => toOutcome(byIndex.get(i)));
}

/** A batch in autocommit: one commit, one WAL flush for all of its moves. */
export async function writeMoveBatch(db: Db, moves: MoneyMove[]): Promise<MoveOutcome[]> {
  const outcomes = await runMoveBatch(db, moves);
  // Committed already (autocommit), so counted at once.
  moves.forEach((move, i) => {
    if (outcomes[i]?.outcome === "moved") metrics().ledgerEntries.inc({ type: move.entry.type });
  });
  return outcomes;
}
