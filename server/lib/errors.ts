import "server-only";
import { isDatabaseUnavailable } from "@/server/lib/postgres-errors";

/**
 * The only error type of the domain and the API. Every code maps to exactly one HTTP status here,
 * and this table also feeds the OpenAPI error schema.
 */
export const errorStatus = {
  /** Unknown field, bad type or bound, bad player reference, bad idempotency key, refused code, return-URL mismatch. */
  VALIDATION_FAILED: 400,
  /** The route needs an `Idempotency-Key` header and none (or an empty one) was sent. */
  IDEMPOTENCY_KEY_REQUIRED: 400,
  /** Missing, unknown, revoked or expired credentials. */
  UNAUTHENTICATED: 401,
  /** No payment provider for the environment, or the provider refused. */
  PAYMENT_FAILED: 402,
  /** The credentials are valid but not for this route or action. */
  FORBIDDEN: 403,
  /** The player is blocked by the studio. */
  PLAYER_BLOCKED: 403,
  /** Unknown route, player, currency, item, pack or order. */
  NOT_FOUND: 404,
  /** The route exists but not with this HTTP method. */
  METHOD_NOT_ALLOWED: 405,
  /** The action does not fit the resource's state (consuming a durable item, refunding an unpaid order). */
  CONFLICT: 409,
  /** The idempotency key was used for a different request. */
  IDEMPOTENCY_CONFLICT: 409,
  /** Balance or owned quantity too low. */
  INSUFFICIENT_FUNDS: 409,
  /** Balance cap, `maxOwned` or `maxPerPlayer` would be exceeded. */
  LIMIT_REACHED: 409,
  /** The pack is outside its sale window. */
  PACK_NOT_AVAILABLE: 409,
  /** The pack has no stock left. */
  PACK_SOLD_OUT: 409,
  /** Too many requests; see `Retry-After`. */
  RATE_LIMITED: 429,
  /** A bug on our side; nothing was changed. */
  INTERNAL_ERROR: 500,
  /** The database refuses connections (too many, starting up, unreachable); see `Retry-After`. */
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

export type FieldErrors = Record<string, string[]>;
export type ErrorDetails = Record<string, unknown>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, details?: ErrorDetails, headers: Record<string, string> = {}) {
    // A client's mistake or a refusal (4xx) is an answer, not a fault: nobody reads its stack, and
    // capturing one was 3 % of a refused spend's CPU. A 5xx keeps its stack for the log.
    const answerOnly = errorStatus[code] < 500;
    const stackFrames = Error.stackTraceLimit;
    if (answerOnly) Error.stackTraceLimit = 0;
    super(message);
    if (answerOnly) Error.stackTraceLimit = stackFrames;
    this.name = "AppError";
    this.code = code;
    this.details = details;
    this.headers = headers;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export function validationError(fieldErrors: FieldErrors, message = "The request is not valid."): AppError {
  return new AppError("VALIDATION_FAILED", message, { fieldErrors });
}

export function notFound(what: string): AppError {
  return new AppError("NOT_FOUND", `${what} not found.`);
}

/** Seconds a client waits before retrying when the database refuses connections: pools drain in moments. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

export function serviceUnavailable(): AppError {
  return new AppError("SERVICE_UNAVAILABLE", "The service is briefly unavailable; retry in a few seconds.", undefined, {
    "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS),
  });
}

/** The AppError an error stands for: itself, 503 when the database refused the connection, else null (a bug). */
export function asAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) return serviceUnavailable();
  return null;
}
