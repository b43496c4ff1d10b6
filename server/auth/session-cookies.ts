import "server-only";
import type { NextAuthOptions } from "next-auth";
import { servesHttps } from "@/server/lib/security-headers";

/** Cookies only this host may set or read: Secure, Path=/, no Domain (what the `__Host-` prefix demands). */
const HOST_ONLY = { httpOnly: true, sameSite: "lax", path: "/", secure: true } as const;

/**
 * next-auth's cookies, Secure and prefixed when PUBLIC_URL is https. next-auth would decide from
 * NEXTAUTH_URL, which the operator never sets (auth-options.ts derives it from PUBLIC_URL, per request,
 * after next-auth's start-up checks); without this they were never Secure. The session,
 * CSRF and callback cookies take `__Host-` (the browser refuses them from a sibling subdomain or over
 * http); the OAuth-only cookies keep next-auth's `__Secure-` names. Every reader of the session
 * (`getServerSession`, the auth route) gets the names from the same options.
 */
export function sessionCookieOptions(publicUrl: string): Pick<NextAuthOptions, "useSecureCookies" | "cookies"> {
  if (!servesHttps(publicUrl)) return { useSecureCookies: false };
  return {
    useSecureCookies: true,
    cookies: {
      sessionToken: { name: "__Host-next-auth.session-token", options: HOST_ONLY },
      callbackUrl: { name: "__Host-next-auth.callback-url", options: HOST_ONLY },
      csrfToken: { name: "__Host-next-auth.csrf-token", options: HOST_ONLY },
    },
  };
}
