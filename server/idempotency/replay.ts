import "server-only";
import { AppError } from "@/server/lib/errors";
import type { StoredAnswer } from "./records";
import { unsealFields } from "./sealed-fields";

/** How an operation's stored answers replay: fields kept sealed, and an optional refresh (a checkout's order as it is now). */
export type ReplayRules = {
  sealedFields: readonly string[];
  refresh?: (original: unknown) => Promise<unknown>;
};

/**
 * SPEC convention 8: a replay is "the original response". The same key with another request is
 * 409 IDEMPOTENCY_CONFLICT; a created resource replays as 200 (checkout 201 new, 200 replay). The
 * stored text goes out unchanged unless fields are opened or the answer refreshed (JSON.stringify of
 * the parsed text writes the same bytes again, as that text was JSON.stringify's own).
 */
export async function replayAnswer(stored: StoredAnswer, request: { fingerprint: string; key: string }, rules: ReplayRules): Promise<{ status: number; text: string }> {
  if (stored.fingerprint !== request.fingerprint) {
    throw new AppError("IDEMPOTENCY_CONFLICT", "This Idempotency-Key was already used for a different request.");
  }
  const status = stored.status === 201 ? 200 : stored.status;
  if (rules.sealedFields.length === 0 && !rules.refresh) return { status, text: stored.text };
  const parsed: unknown = JSON.parse(stored.text);
  const original = unsealFields(parsed, rules.sealedFields, request.key);
  const body = rules.refresh ? await rules.refresh(original) : original;
  return { status, text: body === parsed ? stored.text : JSON.stringify(body) };
}
