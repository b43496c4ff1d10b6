"use client";

import { TRPCClientError } from "@trpc/client";
import { Button } from "./primitives";

const codeNames: Record<string, string> = {
  INTERNAL_SERVER_ERROR: "Server error",
  BAD_REQUEST: "Invalid request",
  UNAUTHORIZED: "Signed out",
  FORBIDDEN: "Not allowed",
  NOT_FOUND: "Not found",
  TIMEOUT: "Timed out",
  CONFLICT: "Conflict",
  TOO_MANY_REQUESTS: "Too many requests",
  UNPROCESSABLE_CONTENT: "Invalid request",
};

/** "Server error (INTERNAL_SERVER_ERROR): connection refused": what failed and why, never a vague guess. */
export function describeQueryError(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const data = error.data as { code?: string } | undefined;
    const code = data?.code;
    if (code) return `${codeNames[code] ?? "Error"} (${code}): ${error.message}`;
    return `Network error: ${error.message}`;
  }
  if (error instanceof Error) return error.message || "Unknown error";
  return "Unknown error";
}

/** Every failed dashboard query shows this: the cause and a way to try again. */
export function QueryError({ error, onRetry, title = "This could not be loaded" }: { error: unknown; onRetry?: () => void; title?: string }) {
  return (
    <div role="alert" data-testid="query-error" className="rounded-lg border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-900">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 break-words">{describeQueryError(error)}</p>
      {onRetry && (
        <Button tone="secondary" className="mt-3" onClick={() => onRetry()}>
          Retry
        </Button>
      )}
    </div>
  );
}
