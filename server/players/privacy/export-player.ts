import "server-only";
import { and, asc, eq, gt } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { balances, giftCodeRedemptions, giftCodes, inventory, ledgerEntries, orders } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import { toOrderView } from "@/server/orders/order-view";
import { parseLedgerEntry, toBalanceView, ledgerEntryText } from "@/server/wallet/wallet-views";
import type { PlayerRow } from "../player-view";
import { playerEmailCodes } from "./player-email-codes";
import { EXPORT_FORMAT_VERSION, type PlayerExport } from "./privacy-schemas";

/**
 * Everything the service holds about one player, as one JSON document (GDPR access and portability).
 * Secrets never leave: the player secret's hash, token hashes, e-mail code hashes and checkout tokens
 * are not part of it.
 */
export async function exportPlayer(db: Db, scope: GameScope, player: PlayerRow): Promise<PlayerExport> {
  const mine = (t: { playerId: AnyPgColumn; gameId: AnyPgColumn; env: AnyPgColumn }) =>
    and(eq(t.playerId, player.id), eq(t.gameId, scope.gameId), eq(t.env, scope.env));
  const [wallet, ledger, owned, sales, redemptions, codes] = await Promise.all([
    db.select().from(balances).where(mine(balances)).orderBy(asc(balances.currency)),
    // Ids sort in creation order (server/wallet/ledger-moves.ts).
    db.select({ text: ledgerEntryText }).from(ledgerEntries).where(mine(ledgerEntries)).orderBy(asc(ledgerEntries.id)),
    db.select().from(inventory).where(and(mine(inventory), gt(inventory.quantity, 0))).orderBy(asc(inventory.sku)),
    db.select().from(orders).where(mine(orders)).orderBy(asc(orders.createdAt), asc(orders.id)),
    db
      .select({ code: giftCodes.displayCode, redeemedAt: giftCodeRedemptions.createdAt })
      .from(giftCodeRedemptions)
      .innerJoin(giftCodes, eq(giftCodes.id, giftCodeRedemptions.giftCodeId))
      .where(and(eq(giftCodeRedemptions.playerId, player.id), eq(giftCodes.gameId, scope.gameId), eq(giftCodes.env, scope.env)))
      .orderBy(asc(giftCodeRedemptions.createdAt), asc(giftCodes.displayCode)),
    playerEmailCodes(db, scope, player),
  ]);
  return {
    formatVersion: EXPORT_FORMAT_VERSION,
    exportedAt: clock.now().toISOString(),
    game: { id: scope.gameId, env: scope.env },
    profile: {
      id: player.id,
      externalId: player.externalId,
      kind: player.kind,
      displayName: player.displayName,
      email: player.email,
      linkedEmail: player.linkedEmail,
      birthYear: player.birthYear,
      country: player.country,
      blocked: player.blocked,
      createdAt: player.createdAt.toISOString(),
      updatedAt: player.updatedAt.toISOString(),
    },
    wallet: { balances: wallet.map((b) => toBalanceView(b.currency, b.paid, b.bonus)) },
    ledger: ledger.map((row) => parseLedgerEntry(row.text)),
    inventory: owned.map((i) => ({ sku: i.sku, quantity: i.quantity, updatedAt: i.updatedAt.toISOString() })),
    orders: sales.map(toOrderView),
    giftCodeRedemptions: redemptions.map((r) => ({ code: r.code, redeemedAt: r.redeemedAt.toISOString() })),
    emailLinks: codes.map((c) => ({
      email: c.email,
      purpose: c.purpose,
      requestedAt: c.createdAt.toISOString(),
      expiresAt: c.expiresAt.toISOString(),
      usedAt: c.usedAt?.toISOString() ?? null,
    })),
  };
}
