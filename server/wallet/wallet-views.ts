import type { LedgerEntryType } from "@/db/schema";

export type BalanceView = { currency: string; paid: number; bonus: number; total: number };
export type WalletView = { playerId: string; balances: BalanceView[] };
export type LedgerEntryView = {
  id: string;
  type: LedgerEntryType;
  currency: string;
  paidDelta: number;
  bonusDelta: number;
  balanceAfter: { paid: number; bonus: number; total: number };
  reason: string | null;
  metadata: Record<string, string>;
  ref: { orderId?: string; itemSku?: string };
  createdAt: string;
};
export type MovementView = { entry: LedgerEntryView; balance: BalanceView };

export function toBalanceView(currency: string, paid: number, bonus: number): BalanceView {
  return { currency, paid, bonus, total: paid + bonus };
}

export type LedgerRowLike = {
  id: string;
  type: LedgerEntryType;
  currency: string;
  paidDelta: number;
  bonusDelta: number;
  paidAfter: number;
  bonusAfter: number;
  reason: string | null;
  metadata: Record<string, string>;
  orderId: string | null;
  itemSku: string | null;
  createdAt: Date;
};

/**
 * Metadata keys in one order, whatever order they were sent in or jsonb keeps them in (by length):
 * a money move's answer and its replay, rebuilt from the stored entry, are then the same bytes.
 */
function inKeyOrder(metadata: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(metadata).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function toLedgerEntryView(row: LedgerRowLike): LedgerEntryView {
  const ref: LedgerEntryView["ref"] = {};
  if (row.orderId !== null) ref.orderId = row.orderId;
  if (row.itemSku !== null) ref.itemSku = row.itemSku;
  return {
    id: row.id,
    type: row.type,
    currency: row.currency,
    paidDelta: row.paidDelta,
    bonusDelta: row.bonusDelta,
    balanceAfter: { paid: row.paidAfter, bonus: row.bonusAfter, total: row.paidAfter + row.bonusAfter },
    reason: row.reason,
    metadata: inKeyOrder(row.metadata),
    ref,
    createdAt: row.createdAt.toISOString(),
  };
}
