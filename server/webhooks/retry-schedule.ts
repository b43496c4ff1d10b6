import "server-only";
/** SPEC: after a failure, retries 1 min, 5 min, 30 min, 2 h, 6 h and 24 h later; then abandoned. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 24 * 3_600_000] as const;

/** The first attempt plus one per retry delay. */
export const MAX_ATTEMPTS = 1 + RETRY_DELAYS_MS.length;

/**
 * When to try again after attempt number `attempt` (1-based, counted over the delivery's whole life)
 * failed at `failedAt`, or null when the delivery is abandoned.
 */
export function nextRetryAt(attempt: number, failedAt: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempt - 1];
  if (delay === undefined) return null;
  return new Date(failedAt.getTime() + delay);
}
