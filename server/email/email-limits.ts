import "server-only";
import type { GameScope } from "@/server/lib/scope";
import { consume, countRefusal, exhausted, rateLimitedError, type LimitRule } from "@/server/lib/rate-limit";

/**
 * The API's limits on e-mail codes. The counters live in the rate-limit store (Redis when REDIS_URL is set), not in the
 * database: the routes run in a transaction that rolls back on every refusal, which would undo a
 * counter kept in a row.
 */
export const emailCodeLimits = {
  /** Per address within one game and environment, me and sign-in requests together. */
  perAddress: { name: "email-code-address", points: 3, durationSeconds: 60 * 60 } satisfies LimitRule,
  perPlayer: { name: "email-code-player", points: 10, durationSeconds: 60 * 60 } satisfies LimitRule,
  /** Per IP across games, like the other per-IP limits. */
  perIp: { name: "email-code-ip", points: 10, durationSeconds: 60 * 60 } satisfies LimitRule,
  /** Wrong guesses per code; lasts as long as a code does. */
  tries: { name: "email-code-tries", points: 5, durationSeconds: 10 * 60 } satisfies LimitRule,
};

/**
 * Counts one code request. The IP and the player are counted before the address and the first
 * refusal stops the count, so a caller over its own allowance cannot use up a stranger's address.
 */
export async function limitCodeRequest(
  scope: GameScope,
  email: string,
  who: { playerId: string | null; clientIp: string | null },
): Promise<void> {
  const checks: [LimitRule, string][] = [];
  if (who.clientIp) checks.push([emailCodeLimits.perIp, who.clientIp]);
  if (who.playerId) checks.push([emailCodeLimits.perPlayer, who.playerId]);
  checks.push([emailCodeLimits.perAddress, `${scope.gameId}:${scope.env}:${email}`]);
  for (const [rule, key] of checks) {
    const outcome = await consume(rule, key);
    if (!outcome.allowed) throw rateLimitedError(outcome, "Too many e-mail codes requested; retry later.");
  }
}

/** Whether a code may still be tried (fewer than 5 wrong guesses). */
export async function codeHasTriesLeft(codeId: string): Promise<boolean> {
  const { allowed } = await exhausted(emailCodeLimits.tries, codeId);
  if (!allowed) countRefusal(emailCodeLimits.tries);
  return allowed;
}

/** Counts one wrong guess against a code. */
export async function countWrongTry(codeId: string): Promise<void> {
  await consume(emailCodeLimits.tries, codeId);
}
