import "server-only";
import { AppError } from "./errors";

/** What a browser says about where a request comes from. */
export type RequestSource = {
  origin: string | null;
  secFetchSite: string | null;
  /** The Host header: only consulted in development (see `isCrossSiteRequest`). */
  host: string | null;
};

type HeaderSource = { get(name: string): string | null };

export function requestSourceOf(headers: HeaderSource): RequestSource {
  return { origin: headers.get("origin"), secFetchSite: headers.get("sec-fetch-site"), host: headers.get("host") };
}

/** GET, HEAD and OPTIONS change nothing (tRPC queries are GETs, mutations POSTs). */
export function changesState(method: string): boolean {
  return !["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase());
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * Whether a browser sent the request from a page that is not the app's own. The app's own origin is
 * that of PUBLIC_URL; in development also the address the request was sent to (the Host header), so
 * `npm run dev` works at http://127.0.0.1:3000 as well as at localhost.
 *
 * `Origin` decides when it names an origin. `Origin: null` (a sandboxed frame, a `no-referrer` page's
 * POST) and a missing Origin defer to `Sec-Fetch-Site`: `cross-site` and `same-site` are refused; with
 * neither header (curl, a server, a browser too old for both) the request passes, since such a client
 * holds the cookie willingly. `Origin: null` with no `Sec-Fetch-Site` is refused: nothing vouches for it.
 */
export function isCrossSiteRequest(source: RequestSource, own: { publicUrl: string; dev: boolean }): boolean {
  const { origin, secFetchSite } = source;
  if (origin !== null && origin !== "null") {
    if (origin === new URL(own.publicUrl).origin) return false;
    const host = hostOf(origin);
    return !(own.dev && host !== null && source.host !== null && host === source.host.toLowerCase());
  }
  const site = secFetchSite?.toLowerCase() ?? null;
  if (site === "cross-site" || site === "same-site") return true;
  return origin === "null" && site === null;
}

export function crossSiteRefusal(): AppError {
  return new AppError("FORBIDDEN", "Requests from other sites are refused: use the dashboard at its own address (PUBLIC_URL).", {
    fieldErrors: { Origin: ["CROSS_SITE_REQUEST"] },
  });
}
