import "server-only";
/** The SQLSTATE of a Postgres error, also when drizzle wrapped it (postgres.js and PGlite both set `code`). */
export function postgresErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = current.cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = "23505";

/**
 * Codes that mean the database refused or lost the connection rather than the statement: too many
 * connections (53300, also a role's or database's CONNECTION LIMIT), starting up or shutting down
 * (57P01-57P03), the connection-exception class 08, and the network and driver errors of postgres.js.
 */
const UNAVAILABLE_SQLSTATES = new Set(["53300", "57P01", "57P02", "57P03"]);
const UNAVAILABLE_DRIVER_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
]);

function isUnavailableCode(code: unknown): boolean {
  return typeof code === "string" && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08") || UNAVAILABLE_DRIVER_CODES.has(code));
}

/** The database could not be reached or refused the connection, also when drizzle wrapped the error. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (isUnavailableCode((current as { code?: unknown }).code)) return true;
    // Node reports a host with several addresses (localhost: ::1 and 127.0.0.1) as one AggregateError.
    if (current instanceof AggregateError && current.errors.some((inner) => isUnavailableCode((inner as { code?: unknown } | null)?.code))) return true;
    current = current.cause;
  }
  return false;
}
