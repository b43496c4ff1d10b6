import { config } from "./config";

/**
 * Where to send a member after signing in, from an untrusted `callbackUrl`: its path, query and fragment
 * when it resolves to PUBLIC_URL's own origin, else `fallback`. Resolving with the WHATWG parser (as
 * the browser will) is what catches `/\evil.example`, `/%09/evil.example` and the other spellings a
 * "starts with one slash" check lets through.
 */
export function sameOriginPath(target: string | undefined | null, fallback: string): string {
  if (!target) return fallback;
  const own = new URL(config().publicUrl);
  let resolved: URL;
  try {
    resolved = new URL(target, own);
  } catch {
    return fallback;
  }
  if (resolved.origin !== own.origin) return fallback;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
