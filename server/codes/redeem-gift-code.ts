import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { giftCodeRedemptions, giftCodes } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { GIFT_CODE_PATTERN, normalizeGiftCode } from "@/server/lib/code-format";
import { AppError, validationError } from "@/server/lib/errors";
import { consume, rateLimitedError, type LimitOutcome, type LimitRule } from "@/server/lib/rate-limit";
import type { GameScope } from "@/server/lib/scope";
import { assertNotBlocked } from "@/server/players/find-player";
import type { PlayerRow } from "@/server/players/player-view";
import { CODE_INVALID } from "./creator-codes";
import { deliverableContents, deliverGiftContents, type RedemptionView } from "./deliver-gift-code";

export type { RedemptionView } from "./deliver-gift-code";

/**
 * Body of redeemCode and redeemClientCode. Only the length is checked here, and its refusal reads
 * `CODE_INVALID` like every other refusal; the format is checked after normalizing, in the domain
 * function, so that a malformed code and an unknown one are indistinguishable.
 */
export const RedeemCodeRequest = z.strictObject({
  code: z.string().min(1, CODE_INVALID).max(64, CODE_INVALID),
});
export type RedeemCodeRequest = z.infer<typeof RedeemCodeRequest>;

/** SPEC limits: 10 attempts per 15 minutes per player; the client route also 30 per IP. */
export const giftCodeLimits = {
  perPlayer: { name: "gift-code-player", points: 10, durationSeconds: 15 * 60 } satisfies LimitRule,
  perIp: { name: "gift-code-ip", points: 30, durationSeconds: 15 * 60 } satisfies LimitRule,
};

/** Who is redeeming, as the route knows it: the client route limits per IP as well. */
export type RedeemCaller = { clientIp: string | null; perIpLimit: boolean };

type Refusal = Extract<LimitOutcome, { allowed: false }>;

/**
 * Counts this attempt against every limit that applies, successful or not (a successful guess is still
 * a guess). Past a limit the attempt is 429 until the window passes.
 */
async function countAttempt(scope: GameScope, playerId: string, who: RedeemCaller): Promise<void> {
  const attempts = [consume(giftCodeLimits.perPlayer, `${scope.gameId}:${scope.env}:${playerId}`)];
  // Without a known address (no trusted proxy header) only the per-player limit can apply.
  if (who.perIpLimit && who.clientIp) attempts.push(consume(giftCodeLimits.perIp, `${scope.gameId}:${scope.env}:${who.clientIp}`));
  const refusals = (await Promise.all(attempts)).filter((o): o is Refusal => !o.allowed);
  if (refusals.length > 0) {
    const retryAfterSeconds = Math.max(...refusals.map((r) => r.retryAfterSeconds));
    throw rateLimitedError({ allowed: false, retryAfterSeconds }, "Too many codes tried; retry later.");
  }
}

/** SECURITY: one answer for unknown, malformed, disabled, expired, used-up and already-used codes. */
function codeRefused(): AppError {
  return validationError({ code: [CODE_INVALID] }, "This code is not valid.");
}

export type RedeemGiftCodeOptions = { player: PlayerRow; input: { code: string } } & RedeemCaller;

/**
 * Redeems a gift code for `player` inside the caller's transaction: counts the attempt, then credits
 * the code's coins to `bonus` and adds its items (up to `maxOwned`, the rest reported as `skipped`).
 * A code belongs to one game and one environment; a test code does not exist in live.
 */
export async function redeemGiftCode(db: Db, scope: GameScope, { player, input, ...who }: RedeemGiftCodeOptions): Promise<RedemptionView> {
  await countAttempt(scope, player.id, who);
  assertNotBlocked(player);
  const normalized = normalizeGiftCode(input.code);
  if (!GIFT_CODE_PATTERN.test(normalized)) throw codeRefused();

  // CONCURRENCY: the code row stays locked until commit, so redemptions of one code run one at a time
  // and the use count read below is the one this transaction increments.
  const rows = await db
    .select()
    .from(giftCodes)
    .where(and(eq(giftCodes.gameId, scope.gameId), eq(giftCodes.env, scope.env), eq(giftCodes.code, normalized)))
    .limit(1)
    .for("update");
  const gift = rows[0];
  const now = clock.now();
  if (!gift || gift.disabled || (gift.expiresAt !== null && gift.expiresAt <= now) || gift.useCount >= gift.maxUses) throw codeRefused();

  // Everything the code gave has left the catalog: a dead code, refused before it burns a use.
  const contents = await deliverableContents(db, scope, { grants: gift.grants, lines: gift.items });
  if (contents.grants.length === 0 && contents.items.length === 0) throw codeRefused();

  // CONCURRENCY: the primary key (code, player) makes a second use by the same player impossible,
  // even from a transaction that does not wait on the row lock above.
  const firstUse = await db
    .insert(giftCodeRedemptions)
    .values({ giftCodeId: gift.id, playerId: player.id, createdAt: now })
    .onConflictDoNothing()
    .returning({ giftCodeId: giftCodeRedemptions.giftCodeId });
  if (firstUse.length === 0) throw codeRefused();

  // CONCURRENCY: conditional on the count, so use_count can never pass max_uses even without the lock.
  const counted = await db
    .update(giftCodes)
    .set({ useCount: sql`${giftCodes.useCount} + 1` })
    .where(and(eq(giftCodes.id, gift.id), sql`${giftCodes.useCount} < ${giftCodes.maxUses}`))
    .returning({ useCount: giftCodes.useCount });
  if (counted.length === 0) throw codeRefused();

  return deliverGiftContents(db, scope, { playerId: player.id, contents, reason: `gift code ${gift.displayCode}` });
}
