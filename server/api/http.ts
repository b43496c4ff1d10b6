import { AppError, type ErrorCode } from "@/server/lib/errors";

export const NO_STORE = "no-store";

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": NO_STORE,
      ...headers,
    },
  });
}

export type ErrorEnvelope = { error: { code: ErrorCode; message: string; details?: Record<string, unknown> } };

/** The only way an error leaves the API: SPEC's envelope, with the status of its code. */
export function errorResponse(error: unknown, headers: Record<string, string> = {}): Response {
  if (error instanceof AppError) {
    const envelope: ErrorEnvelope = { error: { code: error.code, message: error.message } };
    if (error.details !== undefined) envelope.error.details = error.details;
    return jsonResponse(error.status, envelope, { ...headers, ...error.headers });
  }
  console.error("[api] unexpected error", error);
  const envelope: ErrorEnvelope = { error: { code: "INTERNAL_ERROR", message: "Something went wrong on our side; nothing was changed." } };
  return jsonResponse(500, envelope, headers);
}
