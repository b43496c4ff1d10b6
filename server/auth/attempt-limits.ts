import "server-only";
import { AppError } from "@/server/lib/errors";
import { consume, exhausted, rateLimitedError, refund, type LimitRule } from "@/server/lib/rate-limit";

/**
 * Failed staff credentials allowed per 15 minutes: per account (the normalised e-mail, or an
 * invitation link) and per client address. Sign-in and invitation acceptance share both counters, so
 * one address gets 30 failures in all, however it splits them.
 */
export const staffAuthLimits = {
  perAccount: { name: "staff-auth-account", points: 10, durationSeconds: 15 * 60 } satisfies LimitRule,
  perIp: { name: "staff-auth-ip", points: 30, durationSeconds: 15 * 60 } satisfies LimitRule,
};

export type FailureKey = { rule: LimitRule; key: string };

/** What a limited attempt came to: its value, or a failure with the keys this very failure used up. */
export type LimitedAttempt<T> = { value: T } | { value: null; lockedNow: FailureKey[] };

/** The keys of one attempt, the client address first, so a locked address never counts against an account. */
export function failureKeys(account: string, clientIp: string | null): FailureKey[] {
  const keys: FailureKey[] = [];
  if (clientIp) keys.push({ rule: staffAuthLimits.perIp, key: clientIp });
  keys.push({ rule: staffAuthLimits.perAccount, key: account });
  return keys;
}

/**
 * Runs `attempt` (null means it failed) only while none of `keys` is used up.
 *
 * CONCURRENCY: the attempt is counted before it runs and given back when it succeeds (or throws), so
 * parallel attempts can never run more than the limit allows: a check made first and a count made
 * afterwards would let every parallel attempt pass the check. A refused attempt is given back too, so
 * the counters hold exactly the failures (and the attempts in flight).
 *
 * Over a limit: 429 RATE_LIMITED with Retry-After (the longest wait of the keys), without running the
 * attempt. The failure that uses up a key's last point is the lockout, and only it reports the key.
 */
export async function limitFailures<T>(keys: FailureKey[], attempt: () => Promise<T | null>, lockedMessage: string): Promise<LimitedAttempt<T>> {
  const counted: (FailureKey & { remainingPoints: number })[] = [];
  for (const [index, key] of keys.entries()) {
    const outcome = await consume(key.rule, key.key);
    if (!outcome.allowed) {
      await giveBack([...counted, key]);
      let retryAfterSeconds = outcome.retryAfterSeconds;
      for (const later of keys.slice(index + 1)) {
        const state = await exhausted(later.rule, later.key);
        if (!state.allowed) retryAfterSeconds = Math.max(retryAfterSeconds, state.retryAfterSeconds);
      }
      throw rateLimitedError({ allowed: false, retryAfterSeconds }, lockedMessage);
    }
    counted.push({ ...key, remainingPoints: outcome.remainingPoints });
  }
  let value: T | null;
  try {
    value = await attempt();
  } catch (error) {
    await giveBack(counted);
    throw error;
  }
  if (value !== null) {
    await giveBack(counted);
    return { value };
  }
  return { value: null, lockedNow: counted.filter((key) => key.remainingPoints === 0).map(({ rule, key }) => ({ rule, key })) };
}

async function giveBack(keys: FailureKey[]): Promise<void> {
  for (const key of keys) await refund(key.rule, key.key);
}

/** Seconds until a lockout ends, when `error` is one (429 from `limitFailures`); null otherwise. */
export function lockedForSeconds(error: unknown): number | null {
  if (!(error instanceof AppError) || error.code !== "RATE_LIMITED") return null;
  const seconds = Number(error.headers["Retry-After"]);
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}
