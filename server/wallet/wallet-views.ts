import "server-only";
import { z } from "zod";
import { ledgerEntryTypes, type LedgerEntryType } from "@/db/schema";

/** The wallet's resources of SPEC; each schema is the one definition of its shape (see PlayerSchema). */
export const BalanceSchema = z.object({ currency: z.string(), paid: z.int(), bonus: z.int(), total: z.int() });
export type BalanceView = z.infer<typeof BalanceSchema>;
export const WalletSchema = z.object({ playerId: z.string(), balances: z.array(BalanceSchema) });
export type WalletView = z.infer<typeof WalletSchema>;
export const LedgerEntrySchema = z.object({
  id: z.string(),
  type: z.enum(ledgerEntryTypes),
  currency: z.string(),
  paidDelta: z.int(),
  bonusDelta: z.int(),
  balanceAfter: z.object({ paid: z.int(), bonus: z.int(), total: z.int() }),
  reason: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
  ref: z.object({ orderId: z.string().optional(), itemSku: z.string().optional() }),
  createdAt: z.iso.datetime(),
});
export type LedgerEntryView = z.infer<typeof LedgerEntrySchema>;
export const MovementSchema = z.object({ entry: LedgerEntrySchema, balance: BalanceSchema });
export type MovementView = z.infer<typeof MovementSchema>;

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
export function inKeyOrder(metadata: Record<string, string>): Record<string, string> {
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
