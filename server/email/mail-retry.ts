import "server-only";
/**
 * After a failed attempt a mail is tried again 30 s, 2 min, 10 min, 30 min and 2 h later, then given
 * up (logged at error, row deleted): about two and a half hours covers a mail server's restart or a
 * full mailbox, and a sign-in code or a reset link is long expired by then anyway.
 */
export const MAIL_RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;

/** The first attempt plus one per retry delay. */
export const MAIL_MAX_ATTEMPTS = 1 + MAIL_RETRY_DELAYS_MS.length;

/**
 * How long a claimed mail is left to its sender before another may take it: longer than the SMTP
 * timeouts of one send (send-mail.ts), so only a sender that died leaves it to expire.
 */
export const MAIL_LEASE_MS = 2 * 60_000;

/** When to try again after attempt `attempt` (1-based) failed at `failedAt`, or null to give up. */
export function nextMailAttemptAt(attempt: number, failedAt: Date): Date | null {
  const delay = MAIL_RETRY_DELAYS_MS[attempt - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay);
}
