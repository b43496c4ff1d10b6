import "server-only";
import type { User } from "next-auth";
import { getDb } from "@/server/db/connection";
import { trustedClientIp } from "@/server/lib/client-ip";
import { lockedForSeconds } from "./attempt-limits";
import { SignInCredentials, signInStaff } from "./staff-sign-in";

/**
 * next-auth hands the message of an error thrown in `authorize` to `signIn()` as its `error`; a
 * lockout travels as `LOCKED:<seconds>` so the sign-in form can say when to try again (read by
 * `signInLockout` in components/auth/lockout-message.ts).
 */
export function lockedSignInError(retryAfterSeconds: number): Error {
  return new Error(`LOCKED:${retryAfterSeconds}`);
}

/** next-auth gives `authorize` the request headers as a plain object. */
function headerReader(headers: Record<string, unknown> | undefined): { get(name: string): string | null } {
  return {
    get(name) {
      const value = headers?.[name.toLowerCase()];
      return typeof value === "string" ? value : null;
    },
  };
}

/** The credentials provider's `authorize`: the user to sign in, or null for a wrong e-mail or password. */
export async function authorizeCredentials(credentials: unknown, request: { headers?: Record<string, unknown> } | undefined): Promise<User | null> {
  const parsed = SignInCredentials.safeParse(credentials);
  if (!parsed.success) return null;
  // The address the custom server vouched for; without it (a request that bypassed it) only the account limit applies.
  const clientIp = trustedClientIp(headerReader(request?.headers));
  try {
    const member = await signInStaff(await getDb(), parsed.data, { clientIp });
    // The epoch rides along to the jwt callback (auth-options.ts), which puts it in the session.
    return member ? ({ id: member.id, email: member.email, name: member.name, sessionEpoch: member.sessionEpoch } as User) : null;
  } catch (error) {
    const seconds = lockedForSeconds(error);
    if (seconds !== null) throw lockedSignInError(seconds);
    throw error;
  }
}
