import "server-only";
import type { Environment } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import type { ApiAnswer } from "./api-message";

export const CORS_ALLOWED_HEADERS = "Authorization, Content-Type, X-Service-Key, Idempotency-Key";
export const CORS_EXPOSED_HEADERS = "Idempotent-Replayed, Retry-After, X-Request-Id";
export const CORS_MAX_AGE_SECONDS = "600";

/**
 * Preflight of a client route: answered without authentication (browsers send no key with it), so it
 * cannot know the game; the real request is checked against the game's origins.
 */
export function preflightAnswer(origin: string | null, methods: string[]): ApiAnswer {
  const headers: Record<string, string> = {
    "Access-Control-Allow-Origin": origin ?? "*",
    "Access-Control-Allow-Methods": [...methods, "OPTIONS"].join(", "),
    "Access-Control-Allow-Headers": CORS_ALLOWED_HEADERS,
    "Access-Control-Max-Age": CORS_MAX_AGE_SECONDS,
    "Cache-Control": "no-store",
  };
  if (origin) headers.Vary = "Origin";
  return { status: 204, headers, body: null };
}

/**
 * CORS headers of a client answer, or 403 for an origin the game did not list. An empty list lets any
 * origin call `test` and none call `live`. A request without Origin (not a browser) is unaffected.
 */
export function corsHeaders(origin: string | null, allowedOrigins: readonly string[], env: Environment): Record<string, string> {
  if (origin === null) return {};
  const exposed = { "Access-Control-Expose-Headers": CORS_EXPOSED_HEADERS };
  if (allowedOrigins.includes(origin)) return { "Access-Control-Allow-Origin": origin, Vary: "Origin", ...exposed };
  if (allowedOrigins.length === 0 && env === "test") return { "Access-Control-Allow-Origin": "*", ...exposed };
  throw new AppError("FORBIDDEN", `Origin ${origin} is not allowed for this game.`, { fieldErrors: { Origin: ["ORIGIN_NOT_ALLOWED"] } });
}

/** Before the game is known (bad key), errors still reach browser code, so it can show them. */
export function provisionalCorsHeaders(origin: string | null): Record<string, string> {
  return origin === null ? {} : { "Access-Control-Allow-Origin": origin, Vary: "Origin", "Access-Control-Expose-Headers": CORS_EXPOSED_HEADERS };
}
