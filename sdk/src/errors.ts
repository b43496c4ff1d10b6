/**
 * Codes the API answers (see the `Error` schema), plus three the SDK raises itself:
 * `NETWORK_ERROR` (no answer after the retries), `INVALID_RESPONSE` (an answer that is not the JSON
 * envelope) and `POPUP_BLOCKED` (buyPack could not open its window).
 */
export type GamecoinErrorCode = string;

export type FieldErrors = Record<string, string[]>;

/** Every failed call rejects with this: the API's error envelope, typed. */
export class GamecoinError extends Error {
  override readonly name = "GamecoinError";
  /** HTTP status; 0 when no answer came (network error, blocked popup). */
  readonly status: number;
  readonly code: GamecoinErrorCode;
  /** `error.details` of the envelope (e.g. `required`/`available` of INSUFFICIENT_FUNDS); `{}` when none. */
  readonly details: Record<string, unknown>;
  /** `details.fieldErrors`: field name to its reasons (e.g. `{ code: ["CODE_INVALID"] }`); `{}` when none. */
  readonly fieldErrors: FieldErrors;
  /** Seconds from `Retry-After` on a 429 or 503; null when absent. */
  readonly retryAfter: number | null;
  /** `X-Request-Id` of the answer, for support; null when absent. */
  readonly requestId: string | null;

  constructor(init: {
    status: number;
    code: GamecoinErrorCode;
    message: string;
    details?: Record<string, unknown>;
    retryAfter?: number | null;
    requestId?: string | null;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? {};
    this.fieldErrors = fieldErrorsOf(this.details);
    this.retryAfter = init.retryAfter ?? null;
    this.requestId = init.requestId ?? null;
  }
}

function fieldErrorsOf(details: Record<string, unknown>): FieldErrors {
  const raw = details.fieldErrors;
  if (typeof raw !== "object" || raw === null) return {};
  const out: FieldErrors = {};
  for (const [field, reasons] of Object.entries(raw as Record<string, unknown>)) {
    if (Array.isArray(reasons)) out[field] = reasons.filter((r): r is string => typeof r === "string");
  }
  return out;
}

/** The error of an answer that is not a success: the envelope when the body is one. */
export function errorFromResponse(response: Response, text: string): GamecoinError {
  const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
  const requestId = response.headers.get("x-request-id");
  let envelope: unknown;
  try {
    envelope = text ? JSON.parse(text) : null;
  } catch {
    envelope = null;
  }
  const error = (envelope as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
  if (error && typeof error.code === "string") {
    return new GamecoinError({
      status: response.status,
      code: error.code,
      message: typeof error.message === "string" ? error.message : error.code,
      details: typeof error.details === "object" && error.details !== null ? (error.details as Record<string, unknown>) : {},
      retryAfter,
      requestId,
    });
  }
  return new GamecoinError({ status: response.status, code: "INVALID_RESPONSE", message: `HTTP ${response.status} without an error envelope`, retryAfter, requestId });
}

/** `Retry-After` in seconds (delta-seconds or an HTTP date); null when absent or unreadable. */
export function parseRetryAfter(value: string | null): number | null {
  if (value === null || value.trim() === "") return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}
