/** What staff read when too many attempts failed: that they are locked out, and for how long. */
export function lockoutMessage(failed: "sign-ins" | "attempts", retryAfterSeconds: number): string {
  // Rounded up, so the wait is never shorter than said (and never "0 minutes").
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed ${failed}. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/** The wait in seconds when next-auth's sign-in error is a lockout (`LOCKED:<seconds>`, from the credentials provider). */
export function signInLockout(error: string | null | undefined): number | null {
  const match = /^LOCKED:(\d{1,7})$/.exec(error ?? "");
  return match ? Number(match[1]) : null;
}
