import "server-only";
import type { ApiAnswer, ApiRequest } from "@/server/api/api-message";
import { mergedHeaders } from "@/server/api/http";
import { writeRequestLine, type RequestLineFields } from "@/server/observability/request-line";
import { metrics } from "@/server/observability/metrics";
import { runWithRequestContext } from "@/server/observability/request-context";
import { REQUEST_ID_HEADER, requestIdFrom } from "@/server/observability/request-id";

/** What the pipeline learns about a request as it goes; null until known (an unknown route has no operation). */
export type RequestTrace = {
  requestId: string;
  /** The operationId, "preflight" for a CORS preflight. */
  operation: string | null;
  /** The matched route template (`/api/v1/players/{player}/grants`), never the raw path with player refs. */
  route: string | null;
  gameId: string | null;
  env: string | null;
};

/** The operation label of a request that matched no route: raw paths would make unbounded series. */
const UNMATCHED = "unmatched";

/** The code of an error answer: known when this request made it, read from the text of a replayed one. */
function errorCodeOf(answer: ApiAnswer): string | null {
  if (answer.status < 400 || answer.body === null) return null;
  if (answer.errorCode !== undefined) return answer.errorCode;
  try {
    const parsed = JSON.parse(answer.body) as { error?: { code?: unknown } };
    return typeof parsed.error?.code === "string" ? parsed.error.code : null;
  } catch {
    return null;
  }
}

/**
 * Runs one API request with its request id in the logging context, then writes its one log line,
 * times it in `gamecoin_http_request_duration_seconds` and echoes the id as X-Request-Id. Only what
 * is listed here is logged: no header, query or body value can reach the line.
 */
export async function traceApiRequest(request: ApiRequest, handle: (trace: RequestTrace) => Promise<ApiAnswer>): Promise<ApiAnswer> {
  const startedAt = performance.now();
  const trace: RequestTrace = { requestId: requestIdFrom(request.headers), operation: null, route: null, gameId: null, env: null };
  const answer = await runWithRequestContext({ requestId: trace.requestId }, () => handle(trace));
  const seconds = (performance.now() - startedAt) / 1000;
  const errorCode = errorCodeOf(answer);
  const line: RequestLineFields = {
    requestId: trace.requestId,
    operation: trace.operation,
    method: request.method,
    route: trace.route,
    status: answer.status,
    durationMs: Math.round(seconds * 10_000) / 10,
    gameId: trace.gameId,
    env: trace.env,
  };
  if (errorCode !== null) line.errorCode = errorCode;
  if (answer.status >= 500) writeRequestLine("error", line, "request failed");
  else writeRequestLine("info", line, "request");
  metrics().httpRequestDuration.observe({ operation: trace.operation ?? UNMATCHED, status: String(answer.status) }, seconds);
  return Object.assign({}, answer, { headers: mergedHeaders(answer.headers, { [REQUEST_ID_HEADER]: trace.requestId }) });
}
