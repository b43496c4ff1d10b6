import "server-only";
import { randomInt } from "node:crypto";
import { and, desc, eq, gt, isNull, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { emailCodes } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { validationError, type AppError } from "@/server/lib/errors";
import { newId } from "@/server/lib/ids";
import { constantTimeEqual, sha256Hex } from "@/server/lib/secrets";
import type { GameScope } from "@/server/lib/scope";
import { codeHasTriesLeft, countWrongTry } from "./email-limits";
import { lockAddress } from "./email-players";
import { CODE_INVALID, EMAIL_CODE_LENGTH } from "./email-schemas";
import type { CodePurpose } from "./templates";

export const EMAIL_CODE_TTL_SECONDS = 600;

/**
 * Who a code is for. A `link` code only works for the player who asked for it; a `sign_in` code has
 * no session player (`playerId` then records, for support, whom the address was linked to; null
 * when no player held it).
 */
export type CodeTarget = { email: string; purpose: CodePurpose; playerId: string | null };

/** At most this many live codes are tried per verification (3 per hour per address can exist). */
const MAX_CANDIDATES = 10;

function codeHash(codeId: string, code: string): string {
  // SECURITY: the id salts the hash, so equal codes give different hashes and a table of the
  // million possible codes does not cover the column at once.
  return sha256Hex(`${codeId}:${code}`);
}

export function codeInvalid(): AppError {
  return validationError({ code: [CODE_INVALID] }, "This code is not valid.");
}

/** A new six-digit code for `target`, valid 10 minutes; only its hash is stored. Returns the plain code. */
export async function storeEmailCode(db: Db, scope: GameScope, target: CodeTarget): Promise<string> {
  // SECURITY: crypto.randomInt is uniform and unpredictable (Math.random is neither).
  const code = String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, "0");
  const id = newId();
  const now = clock.now();
  await db.insert(emailCodes).values({
    id,
    gameId: scope.gameId,
    env: scope.env,
    email: target.email,
    purpose: target.purpose,
    playerId: target.playerId,
    codeHash: codeHash(id, code),
    expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_SECONDS * 1000),
    createdAt: now,
  });
  return code;
}

export type CodeAttempt = { code: string } & CodeTarget;

/**
 * Spends a code, or throws 400 CODE_INVALID (wrong, expired, used, unknown or out of tries alike).
 * Every live code of the address and purpose is tried, newest first, so a mail that arrives late
 * still works. A wrong guess counts against each live code it was compared with. Both verify routes
 * come here; `db` must be the route's transaction, which holds the address lock until it ends.
 */
export async function spendEmailCode(db: Db, scope: GameScope, { code, ...target }: CodeAttempt): Promise<void> {
  // CONCURRENCY: the check of the tries left and the count of a wrong one must not interleave with a
  // parallel guess, or thirty guesses at once all pass the check before any is counted. Guesses at
  // one address therefore run one after another: 5 tries are exactly 5 comparisons.
  await lockAddress(db, scope, target.email);
  const now = clock.now();
  const conditions: SQL[] = [
    eq(emailCodes.gameId, scope.gameId),
    eq(emailCodes.env, scope.env),
    eq(emailCodes.email, target.email),
    eq(emailCodes.purpose, target.purpose),
    isNull(emailCodes.usedAt),
    gt(emailCodes.expiresAt, now),
  ];
  // SECURITY: a link code proves the address for the session that asked for it, not for another player.
  if (target.purpose === "link") conditions.push(target.playerId ? eq(emailCodes.playerId, target.playerId) : isNull(emailCodes.playerId));
  const live = await db
    .select({ id: emailCodes.id, codeHash: emailCodes.codeHash })
    .from(emailCodes)
    .where(and(...conditions))
    .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
    .limit(MAX_CANDIDATES);

  const tried: string[] = [];
  let matched: string | null = null;
  for (const candidate of live) {
    if (!(await codeHasTriesLeft(candidate.id))) continue;
    tried.push(candidate.id);
    // SECURITY: constant-time comparison of the hashes.
    if (matched === null && constantTimeEqual(codeHash(candidate.id, code), candidate.codeHash)) matched = candidate.id;
  }
  if (matched === null) {
    for (const id of tried) await countWrongTry(id);
    throw codeInvalid();
  }
  // One use: a concurrent verification of the same code waits on this row and then finds it used.
  const spent = await db
    .update(emailCodes)
    .set({ usedAt: now })
    .where(and(eq(emailCodes.id, matched), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  if (spent.length === 0) throw codeInvalid();
  // The address is proven: the other live codes of this target are closed too, leaving less to guess.
  await db.update(emailCodes).set({ usedAt: now }).where(and(...conditions));
}
