import "server-only";
import type { GameScope } from "@/server/lib/scope";
import { consume, exhausted, type LimitRule } from "@/server/lib/rate-limit";
import { codeInvalid } from "./email-codes";
import { EmailVerifyRequest } from "./email-schemas";
import type { CodePurpose } from "./templates";

/**
 * Replays of a code verification that did not match the stored request, per address and purpose. The
 * stored answer of a verification holds a token and a `playerSecret`: under a known Idempotency-Key a
 * wrong code answered 409 and the right one replayed the secret, so each key was a free code oracle.
 * Five mismatches a week, counted like wrong tries, and the address's replays stop: over the 30 days a
 * record lives that is at most about 25 guesses of a million. (A week, not 30 days: the in-process store
 * times windows with setTimeout, which cannot wait more than 24.8 days.)
 */
export const verificationReplayTries: LimitRule = { name: "email-verify-replay", points: 5, durationSeconds: 7 * 24 * 60 * 60 };

export type ReplayedVerification = { rawBody: unknown; matches: boolean };

/**
 * The guard of both verify routes (server/api/operations/client-players.ts): a request that does not match
 * the stored one counts a failed try; once five have failed, even the matching request is refused as
 * CODE_INVALID, so guessing through replays learns at most five codes' worth, as the code itself allows.
 */
export async function guardVerificationReplay(scope: GameScope, purpose: CodePurpose, { rawBody, matches }: ReplayedVerification): Promise<void> {
  const parsed = EmailVerifyRequest.safeParse(rawBody);
  // A body that is not a verification tests no code: the ordinary 409 answers it.
  if (!parsed.success) return;
  const key = `${scope.gameId}:${scope.env}:${purpose}:${parsed.data.email}`;
  if (!matches) {
    await consume(verificationReplayTries, key);
    return;
  }
  const { allowed } = await exhausted(verificationReplayTries, key);
  if (!allowed) throw codeInvalid();
}
