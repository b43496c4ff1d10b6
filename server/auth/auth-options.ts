import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { config } from "@/server/lib/config";
import { authSecret } from "./auth-secret";
import { sessionCookieOptions } from "./session-cookies";
import { authorizeCredentials } from "./credentials-authorize";

const EIGHT_HOURS = 8 * 60 * 60;

/** The epoch `authorizeCredentials` put on the signed-in user (next-auth's User type does not know it). */
function sessionEpochOf(user: object): number {
  const epoch = (user as { sessionEpoch?: unknown }).sessionEpoch;
  return typeof epoch === "number" ? epoch : 0;
}

/**
 * Staff sign in with e-mail and password (scrypt hashes); sessions are signed JWT cookies that carry
 * only the staff id and the session epoch: the member is read from the database on every request, and
 * a session of an older epoch (before a password reset) is no session (`currentStaff`).
 * next-auth's own CSRF token protects the sign-in form.
 */
export function authOptions(): NextAuthOptions {
  pointNextAuthAtPublicUrl(config().publicUrl);
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: EIGHT_HOURS },
    ...sessionCookieOptions(config().publicUrl),
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
        authorize: authorizeCredentials,
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          token.staffId = user.id;
          token.sessionEpoch = sessionEpochOf(user);
        }
        return token;
      },
      session({ session, token }) {
        // A session made before session epochs existed carries none: it belongs to epoch 0, the column's default.
        const sessionEpoch = typeof token.sessionEpoch === "number" ? token.sessionEpoch : 0;
        return { ...session, staffId: typeof token.staffId === "string" ? token.staffId : null, sessionEpoch };
      },
    },
  };
}

/**
 * next-auth v4 takes its own absolute address only from NEXTAUTH_URL; unset, it answers with
 * http://localhost:3000/api/auth (its providers' sign-in and callback URLs, its redirects) and warns at
 * every start. Behind a proxy that address must be the public one, so it is derived from PUBLIC_URL,
 * the one setting the operator gives, rather than asked for twice.
 */
function pointNextAuthAtPublicUrl(publicUrl: string): void {
  process.env.NEXTAUTH_URL = `${publicUrl}/api/auth`;
}
