import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { ledgerEntries, ledgerEntryTypes } from "@/db/schema";

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

/**
 * Metadata keys in one order, whatever order they were sent in or jsonb keeps them in (by length):
 * a money move's answer and its replay, rebuilt from the stored entry, are then the same bytes. Code-point
 * order, which is the database's (ledger_metadata_json orders stored metadata the same way); the object
 * then puts array-index keys ("9", "10") first, by value, as every JavaScript object does.
 */
export function inKeyOrder(metadata: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(metadata).sort(([a], [b]) => byCodePoint(a, b)));
}

/** UTF-16 units compare as code points once surrogates (U+D800–DFFF: code points past U+FFFF) sort after U+E000–FFFF. */
function codePointRank(unit: number): number {
  return unit < 0xd800 ? unit : unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}

function byCodePoint(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/**
 * A stored entry's JSON text, a column of a select from ledger_entries: made by the database's one
 * builder of an entry (db/functions/ledger_entry_json.sql), which also writes every money move's answer.
 */
export const ledgerEntryText = sql<string>`ledger_entry_json(${ledgerEntries})`;

/** An entry's text as the value it holds (the builder writes SPEC's LedgerEntry). */
export function parseLedgerEntry(text: string): LedgerEntryView {
  return JSON.parse(text) as LedgerEntryView;
}
