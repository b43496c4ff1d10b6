/** Shared setup of the gift-code tests: players and codes written straight to the database. */
import { and, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/server/db/connection";
import { balances, giftCodes, ledgerEntries, players, type CodeGrant, type Environment, type ItemQuantity } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { normalizeGiftCode } from "@/server/lib/code-format";
import { AppError } from "@/server/lib/errors";
import { newId } from "@/server/lib/ids";
import type { GameScope } from "@/server/lib/scope";
import type { PlayerRow } from "@/server/players/player-view";
import { redeemGiftCode, type RedeemCaller, type RedemptionView } from "@/server/codes/redeem-gift-code";
import type { GiftCodeRow } from "@/server/codes/gift-code-view";

export async function newPlayer(scope: GameScope, options: { blocked?: boolean } = {}): Promise<PlayerRow> {
  const db = await getDb();
  const now = clock.now();
  const rows = await db
    .insert(players)
    .values({ id: newId(), gameId: scope.gameId, env: scope.env, externalId: `p-${newId()}`, kind: "external", blocked: options.blocked ?? false, createdAt: now, updatedAt: now })
    .returning();
  const row = rows[0];
  if (!row) throw new Error("player not inserted");
  return row;
}

export type CodeInput = {
  code?: string;
  env?: Environment;
  maxUses?: number;
  expiresAt?: Date | null;
  disabled?: boolean;
  grants?: CodeGrant[];
  items?: ItemQuantity[];
};

/** A code row as the fixture loader writes it (display code kept, normalized code matched). */
export async function insertCode(scope: GameScope, input: CodeInput = {}): Promise<GiftCodeRow> {
  const db = await getDb();
  const display = input.code ?? `T${newId().slice(-12).toUpperCase()}`;
  const rows = await db
    .insert(giftCodes)
    .values({
      id: newId(),
      gameId: scope.gameId,
      env: input.env ?? scope.env,
      code: normalizeGiftCode(display),
      displayCode: display,
      maxUses: input.maxUses ?? 100,
      expiresAt: input.expiresAt ?? null,
      disabled: input.disabled ?? false,
      grants: input.grants ?? [{ currency: "coins", amount: 100 }],
      items: input.items ?? [],
      createdAt: clock.now(),
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error("code not inserted");
  return row;
}

export const NO_IP: RedeemCaller = { clientIp: null, perIpLimit: false };

/** One redemption in its own transaction, as the API pipeline runs it. */
export async function redeem(scope: GameScope, player: PlayerRow, code: string, who: RedeemCaller = NO_IP): Promise<RedemptionView> {
  const db = await getDb();
  return db.transaction((tx) => redeemGiftCode(tx, scope, { player, input: { code }, ...who }));
}

/** The one refusal SPEC allows for every bad code: exactly this code and these details. */
export async function expectCodeInvalid(attempt: Promise<unknown>): Promise<void> {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect({ code: appError.code, status: appError.status, details: appError.details, headers: appError.headers }).toEqual({
    code: "VALIDATION_FAILED",
    status: 400,
    details: { fieldErrors: { code: ["CODE_INVALID"] } },
    headers: {},
  });
}

export async function useCountOf(id: string): Promise<number> {
  const db = await getDb();
  const rows = await db.select({ useCount: giftCodes.useCount }).from(giftCodes).where(eq(giftCodes.id, id));
  return rows[0]?.useCount ?? -1;
}

export async function balanceOf(playerId: string, currency: string): Promise<{ paid: number; bonus: number } | null> {
  const db = await getDb();
  const rows = await db
    .select({ paid: balances.paid, bonus: balances.bonus })
    .from(balances)
    .where(and(eq(balances.playerId, playerId), eq(balances.currency, currency)));
  return rows[0] ?? null;
}

export async function giftEntriesOf(playerId: string): Promise<(typeof ledgerEntries.$inferSelect)[]> {
  const db = await getDb();
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.playerId, playerId), eq(ledgerEntries.type, "gift_code")))
    .orderBy(ledgerEntries.id);
}

export async function ledgerCountOfGame(gameId: string): Promise<number> {
  const db = await getDb();
  const rows = await db.select({ n: sql<string>`count(*)::text` }).from(ledgerEntries).where(eq(ledgerEntries.gameId, gameId));
  return Number(rows[0]?.n ?? 0);
}
