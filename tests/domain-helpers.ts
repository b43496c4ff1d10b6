import { and, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/server/db/connection";
import { balances, games, ledgerEntries, players } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { newId } from "@/server/lib/ids";
import type { GameScope } from "@/server/lib/scope";
import { credit } from "@/server/wallet/ledger-moves";
import { forgetCachedPlayerTokens } from "@/server/players/authenticate-player-token";
import type { MovementView } from "@/server/wallet/wallet-views";
import { call, type TestGame } from "./harness";

/** The game row's id, looked up by slug. */
export async function gameIdOf(game: TestGame): Promise<string> {
  const db = await getDb();
  const rows = await db.select({ id: games.id }).from(games).where(eq(games.slug, game.slug));
  const row = rows[0];
  if (!row) throw new Error(`no game ${game.slug}`);
  return row.id;
}

export async function testScope(game: TestGame): Promise<GameScope> {
  return { gameId: await gameIdOf(game), env: "test" };
}

/** Creates (or finds) a player through upsertPlayer and returns its service id. */
export async function ensurePlayer(game: TestGame, ref: string, key: string = game.secretKey): Promise<string> {
  const response = await call<{ id: string }>("PUT", `/players/${ref}`, { key });
  if (response.status !== 200) throw new Error(`upsertPlayer ${ref}: ${response.status}`);
  return response.body.id;
}

/** The operator's block (outside the API): a direct update of the row. */
export async function blockPlayer(playerId: string): Promise<void> {
  const db = await getDb();
  await db.update(players).set({ blocked: true }).where(eq(players.id, playerId));
  forgetCachedPlayerTokens();
}

/** Paid coins as a pack order would credit them, through the domain function. */
export async function creditPaid(game: TestGame, playerId: string, currency: string, amount: number): Promise<MovementView> {
  return credit(await getDb(), await testScope(game), { playerId, currency, paid: amount, bonus: 0, details: { type: "purchase_credit" } });
}

/** Any credit through the domain function (no per-request amount bound), e.g. to approach the balance cap. */
export async function creditBonus(game: TestGame, playerId: string, currency: string, amount: number): Promise<MovementView> {
  return credit(await getDb(), await testScope(game), { playerId, currency, paid: 0, bonus: amount, details: { type: "adjustment" } });
}

/**
 * A refund of coins already spent: takes `amount` from `paid` (which may go negative) and writes the
 * matching `refund_clawback` entry, so ledger sums still equal the balance row.
 */
export async function clawBackPaid(game: TestGame, playerId: string, currency: string, amount: number): Promise<{ paid: number; bonus: number }> {
  const db = await getDb();
  const scope = await testScope(game);
  return db.transaction(async (tx) => {
    const now = clock.now();
    await tx
      .insert(balances)
      .values({ playerId, currency, gameId: scope.gameId, env: scope.env, paid: 0, bonus: 0, updatedAt: now })
      .onConflictDoNothing();
    const updated = await tx
      .update(balances)
      .set({ paid: sql`${balances.paid} - ${amount}`, updatedAt: now })
      .where(and(eq(balances.playerId, playerId), eq(balances.currency, currency)))
      .returning({ paid: balances.paid, bonus: balances.bonus });
    const row = updated[0];
    if (!row) throw new Error("no balance row");
    await tx.insert(ledgerEntries).values({
      id: newId(),
      gameId: scope.gameId,
      env: scope.env,
      playerId,
      type: "refund_clawback",
      currency,
      paidDelta: -amount,
      bonusDelta: 0,
      paidAfter: row.paid,
      bonusAfter: row.bonus,
      reason: null,
      metadata: {},
      orderId: null,
      itemSku: null,
      createdAt: now,
    });
    return row;
  });
}

export async function ledgerCount(playerId: string): Promise<number> {
  const db = await getDb();
  const rows = await db.select({ n: sql<string>`count(*)::text` }).from(ledgerEntries).where(eq(ledgerEntries.playerId, playerId));
  return Number(rows[0]?.n ?? 0);
}

/** SPEC's error envelope, exactly, for `toEqual` against a body (the message is free text, any non-empty string). */
export function apiError(code: string, details?: Record<string, unknown>): { error: Record<string, unknown> } {
  const error: Record<string, unknown> = { code, message: expect.stringMatching(/\S/) };
  if (details !== undefined) error.details = details;
  return { error };
}

/** A 400 VALIDATION_FAILED envelope with exactly these field errors. */
export function validationFailed(fieldErrors: Record<string, unknown>): { error: Record<string, unknown> } {
  return apiError("VALIDATION_FAILED", { fieldErrors });
}
