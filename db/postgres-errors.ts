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
