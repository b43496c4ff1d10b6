import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { creatorCodes } from "@/db/schema";
import { validationError } from "@/server/lib/errors";
import { CREATOR_CODE_PATTERN, normalizeCreatorCode } from "@/server/lib/code-format";
import { consume, countRefusal, exhausted, rateLimitedError, type LimitRule } from "@/server/lib/rate-limit";

export const CODE_INVALID = "CODE_INVALID";

/** What a buyer may type, compared in upper case (the format the fixture loader and dashboard store). */
export const TypedCreatorCode = z
  .string()
  .max(64, CODE_INVALID)
  .transform(normalizeCreatorCode)
  .pipe(z.string().regex(CREATOR_CODE_PATTERN, CODE_INVALID));

/** Failed creator-code attempts allowed per 15 minutes (brute-forcing the list of creators). */
export const creatorCodeLimits = {
  perPlayer: { name: "creator-code-player", points: 10, durationSeconds: 15 * 60 } satisfies LimitRule,
  perIp: { name: "creator-code-ip", points: 30, durationSeconds: 15 * 60 } satisfies LimitRule,
};

export type AppliedCreatorCode = { code: string; creatorName: string; rateBp: number };

export type CreatorCodeUse = { normalizedCode: string; playerId: string; clientIp: string | null };

/**
 * The active creator code the buyer typed, or 400 CODE_INVALID. Only refused attempts count against
 * the limits; once a limit is used up every attempt is 429 until the window passes.
 */
export async function applyCreatorCode(db: Db, gameId: string, { normalizedCode, ...who }: CreatorCodeUse): Promise<AppliedCreatorCode> {
  const keys: [LimitRule, string][] = [[creatorCodeLimits.perPlayer, `${gameId}:${who.playerId}`]];
  if (who.clientIp) keys.push([creatorCodeLimits.perIp, who.clientIp]);
  for (const [rule, key] of keys) {
    const state = await exhausted(rule, key);
    if (!state.allowed) {
      countRefusal(rule);
      throw rateLimitedError(state, "Too many creator codes tried; retry later.");
    }
  }
  const rows = await db
    .select()
    .from(creatorCodes)
    .where(and(eq(creatorCodes.gameId, gameId), eq(creatorCodes.code, normalizedCode), eq(creatorCodes.active, true)))
    .limit(1);
  const found = rows[0];
  if (!found) {
    for (const [rule, key] of keys) await consume(rule, key);
    throw validationError({ creatorCode: [CODE_INVALID] }, "This creator code is not valid.");
  }
  return { code: found.code, creatorName: found.creatorName, rateBp: found.rateBp };
}

/** The creator's share of an order, from the net amount (VAT is not the studio's money). */
export function creatorShareCents(netCents: number, rateBp: number): number {
  return Math.floor((2 * netCents * rateBp + 10_000) / 20_000);
}
