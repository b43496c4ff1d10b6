import "server-only";
import { asAppError, type ErrorCode } from "@/server/lib/errors";
import { answerBodyText } from "@/server/lib/json-text";
import { logger } from "@/server/observability/logger";
import type { ApiAnswer } from "./api-message";

export const NO_STORE = "no-store";

/**
 * Two header maps in one, the second's values winning. Object.assign and not an object spread: on
 * Node 20 (V8 11.3), `{ ...securityHeaders, ...answerHeaders }` gave each answer's headers a hidden
 * class of its own (V8's %HaveSameMap says so): a new map per answer, kept in the old generation until
 * a full mark-compact, its young descriptors kept alive by it, and every inline cache the object met
 * (Node's header writer among them) sent megamorphic. Object.assign reuses one map
 * (docs/decisions.md, "Answers that outlive themselves").
 */
export function mergedHeaders(first: Record<string, string>, second: Record<string, string> | undefined): Record<string, string> {
  return Object.assign({}, first, second);
}

export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): ApiAnswer {
  return jsonTextAnswer(status, answerBodyText(body), headers);
}

/** An answer whose JSON text is already written (a stored answer, replayed byte for byte). */
export function jsonTextAnswer(status: number, text: string, headers: Record<string, string> = {}): ApiAnswer {
  return {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": NO_STORE, ...headers },
    body: status === 204 ? null : text,
  };
}

export type ErrorEnvelope = { error: { code: ErrorCode; message: string; details?: Record<string, unknown> } };

/** The only way an error leaves the API: SPEC's envelope, with the status of its code. */
export function errorAnswer(error: unknown, headers: Record<string, string> = {}): ApiAnswer {
  const known = asAppError(error);
  if (known) {
    if (known !== error) logger.error({ err: error }, "database unavailable");
    const envelope: ErrorEnvelope = { error: { code: known.code, message: known.message } };
    if (known.details !== undefined) envelope.error.details = known.details;
    const answer = jsonAnswer(known.status, envelope, mergedHeaders(headers, known.headers));
    answer.errorCode = known.code;
    return answer;
  }
  // With its stack; the request's own line (request-log.ts) follows with status 500 and the same requestId.
  logger.error({ err: error }, "unexpected error");
  const envelope: ErrorEnvelope = { error: { code: "INTERNAL_ERROR", message: "Something went wrong on our side; nothing was changed." } };
  const answer = jsonAnswer(500, envelope, headers);
  answer.errorCode = envelope.error.code;
  return answer;
}

export function toWebResponse(answer: ApiAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return toWebResponse(jsonAnswer(status, body, headers));
}

export function errorResponse(error: unknown, headers: Record<string, string> = {}): Response {
  return toWebResponse(errorAnswer(error, headers));
}
