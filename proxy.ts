import { randomBytes } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { errorResponse } from "@/server/api/http";
import { config } from "@/server/lib/config";
import { changesState, crossSiteRefusal, isCrossSiteRequest, requestSourceOf } from "@/server/lib/cross-site";
import { baseSecurityHeaders, isApiPath, isPaymentPath, pageSecurityHeaders } from "@/server/lib/security-headers";

function withHeaders<T extends Response>(response: T, headers: Record<string, string>): T {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/**
 * Every request Next.js serves passes here (no matcher: static files get nosniff and HSTS too).
 * Pages get a fresh CSP nonce, which Next.js reads back from the request's CSP header and puts on its
 * own scripts. A server action is a POST to a page: one sent from another site is refused with 403
 * before Next.js runs it (its own check answers 500). The payment page's form targets are not: they
 * use no cookie, the token in their URL is the authority, and the page's `no-referrer` makes browsers
 * send `Origin: null`.
 */
export function proxy(request: NextRequest): NextResponse | Response {
  const path = request.nextUrl.pathname;
  const { publicUrl, NODE_ENV } = config();
  const dev = NODE_ENV === "development";
  if (isApiPath(path)) return withHeaders(NextResponse.next(), baseSecurityHeaders(publicUrl));

  const nonce = randomBytes(16).toString("base64");
  const headers = pageSecurityHeaders({ path, nonce, publicUrl, dev });
  if (changesState(request.method) && !isPaymentPath(path) && isCrossSiteRequest(requestSourceOf(request.headers), { publicUrl, dev })) {
    return withHeaders(errorResponse(crossSiteRefusal()), headers);
  }
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]);
  return withHeaders(NextResponse.next({ request: { headers: requestHeaders } }), headers);
}
