/** "Try again in N minutes.", rounded up, so the wait is never shorter than said (and never "0 minutes"). */
function tryAgainIn(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/** What staff read when too many attempts failed: that they are locked out, and for how long. */
export function lockoutMessage(failed: "sign-ins" | "attempts", retryAfterSeconds: number): string {
  return `Too many failed ${failed}. ${tryAgainIn(retryAfterSeconds)}`;
}

/** What staff read when they asked for too many password reset links. */
export function resetRequestsMessage(retryAfterSeconds: number): string {
  return `Too many password reset requests. ${tryAgainIn(retryAfterSeconds)}`;
}

/** The wait in seconds when next-auth's sign-in error is a lockout (`LOCKED:<seconds>`, from the credentials provider). */
export function signInLockout(error: string | null | undefined): number | null {
  const match = /^LOCKED:(\d{1,7})$/.exec(error ?? "");
  return match ? Number(match[1]) : null;
}
