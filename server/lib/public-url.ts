import { config } from "./config";

/**
 * The public address of a path of the app. Redirects and links are built from PUBLIC_URL, never from
 * the request: behind a proxy the request's own URL is the instance's (http://localhost:3000), not the
 * address the buyer typed.
 */
export function publicUrlOf(path: string): string {
  const base = config().publicUrl;
  // An absolute URL (a provider's page) is kept; anything else is resolved against PUBLIC_URL's origin.
  return new URL(path, `${base}/`).toString();
}
