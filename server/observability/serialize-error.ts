import "server-only";
import { DrizzleQueryError } from "drizzle-orm";

export type SerializedError = {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  constraint?: string;
  table?: string;
  query?: string;
  cause?: SerializedError;
};

/** The stack's frames only: the first line repeats the message, which may hold parameters. */
function framesOf(error: Error): string | undefined {
  const frames = (error.stack ?? "").split("\n").filter((line) => line.startsWith("    at "));
  return frames.length > 0 ? frames.join("\n") : undefined;
}

function stringField(error: object, name: string): string | undefined {
  const value = (error as Record<string, unknown>)[name];
  return typeof value === "string" ? value : undefined;
}

/**
 * How an error reaches a log line (the logger's `err` serializer). SECURITY: pino's default copies
 * every enumerable property, and drizzle's query error carries the statement's parameters (secrets,
 * sealed keys, e-mail addresses) in `params` and in its message; Postgres puts row values in `detail`.
 * So a query error keeps its SQL text and its cause's code, constraint and table, never values.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  if (error instanceof DrizzleQueryError) {
    return {
      type: "DrizzleQueryError",
      message: "Failed query",
      query: error.query,
      stack: framesOf(error),
      ...(error.cause !== undefined && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
    };
  }
  const code = stringField(error, "code");
  const constraint = stringField(error, "constraint_name");
  const table = stringField(error, "table_name");
  const cause = (error as { cause?: unknown }).cause;
  return {
    type: error.name,
    message: error.message,
    stack: error.stack,
    ...(code === undefined ? {} : { code }),
    ...(constraint === undefined ? {} : { constraint }),
    ...(table === undefined ? {} : { table }),
    ...(cause !== undefined && depth < 3 ? { cause: serializeError(cause, depth + 1) } : {}),
  };
}
