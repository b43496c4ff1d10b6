import "server-only";
import type { MoneyMove, MoveOutcome } from "@/server/money-moves/money-move";
import { toBalanceView, toLedgerEntryView, type MovementView } from "./wallet-views";

/** The answer of a batched move that happened, from what the batch returned and what was asked; null otherwise. */
export function movementFromOutcome(move: MoneyMove, outcome: MoveOutcome): MovementView | null {
  if (outcome.outcome !== "moved") return null;
  const entry = toLedgerEntryView({
    id: outcome.entryId,
    type: move.entry.type,
    currency: outcome.currency,
    paidDelta: outcome.paidDelta,
    bonusDelta: outcome.bonusDelta,
    paidAfter: outcome.paidAfter,
    bonusAfter: outcome.bonusAfter,
    reason: move.entry.reason,
    metadata: move.entry.metadata,
    orderId: null,
    itemSku: move.change.kind === "purchase" ? move.change.sku : null,
    createdAt: move.at,
  });
  return { entry, balance: toBalanceView(outcome.currency, outcome.paidAfter, outcome.bonusAfter) };
}
