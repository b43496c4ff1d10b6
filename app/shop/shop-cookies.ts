import type { Environment } from "@/db/schema";
import { config } from "@/server/lib/config";
import { servesHttps } from "@/server/lib/security-headers";
import { shopCookieName } from "@/server/shop/shop-paths";

/** Secure exactly when the public address is https (behind a TLS proxy, PUBLIC_URL says so). */
function secure(): boolean {
  return servesHttps(config().publicUrl);
}

export function sessionCookieName(env: Environment): string {
  return shopCookieName(env, secure());
}

/** The e-mail a sign-in code was asked for, kept between the two steps (10 minutes, like the code). */
export function emailCookieName(env: Environment): string {
  return `${sessionCookieName(env)}_email`;
}

/** Scoped to the game's shop pages; HttpOnly (no script reads it), SameSite=Lax (no cross-site POST carries it). */
export function setCookie(options: { name: string; value: string; slug: string; maxAgeSeconds: number }): string {
  const parts = [
    `${options.name}=${options.value}`,
    `Path=/shop/${encodeURIComponent(options.slug)}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (secure()) parts.push("Secure");
  return parts.join("; ");
}

export function clearCookie(name: string, slug: string): string {
  return setCookie({ name, value: "", slug, maxAgeSeconds: 0 });
}

/** One cookie's value from a Cookie header. */
export function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}
