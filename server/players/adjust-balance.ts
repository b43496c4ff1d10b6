import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import { CurrencyCode } from "@/server/catalog/catalog-codes";
import { requireActiveCurrency } from "@/server/catalog/find-catalog-entries";
import type { GameSettings } from "@/server/games/game-settings";
import type { GameScope } from "@/server/lib/scope";
import { credit, debit } from "@/server/wallet/ledger-moves";
import { MAX_AMOUNT } from "@/server/wallet/schemas";
import type { MovementView } from "@/server/wallet/wallet-views";
import { playerOfScope } from "./get-player-detail";

export const AdjustmentInput = z.strictObject({
  currency: CurrencyCode,
  amount: z
    .number("Must be an integer")
    .int("Must be an integer")
    .min(-MAX_AMOUNT, `Must be between -${MAX_AMOUNT} and ${MAX_AMOUNT}`)
    .max(MAX_AMOUNT, `Must be between -${MAX_AMOUNT} and ${MAX_AMOUNT}`)
    .refine((amount) => amount !== 0, "Must not be 0: positive credits, negative debits"),
  reason: z.string().trim().min(1, "A reason is required").max(500, "Must be at most 500 characters"),
});
export type AdjustmentInput = z.infer<typeof AdjustmentInput>;

/** Whose balance support corrects, by how much and why; `settings` gives the game's spend order. */
export type BalanceAdjustment = { playerId: string; adjustment: AdjustmentInput; settings: Pick<GameSettings, "spendOrder"> };

/**
 * A manual correction by the studio's support, written as an `adjustment` ledger entry with its reason.
 * A positive amount is credited like a grant (bonus bucket, repaying a debt first); a negative one is
 * taken like a spend (the game's spend order, refused with INSUFFICIENT_FUNDS rather than leaving a
 * debt). A blocked player can still be adjusted: blocking stops the player, not the studio.
 */
export async function adjustBalance(db: Db, scope: GameScope, { playerId, adjustment: input, settings }: BalanceAdjustment): Promise<MovementView> {
  const player = await playerOfScope(db, scope, playerId);
  await requireActiveCurrency(db, scope, input.currency);
  const details = { type: "adjustment" as const, reason: input.reason };
  if (input.amount > 0) return credit(db, scope, { playerId: player.id, currency: input.currency, paid: 0, bonus: input.amount, details });
  return debit(db, scope, { playerId: player.id, currency: input.currency, amount: -input.amount, spendOrder: settings.spendOrder, details });
}
