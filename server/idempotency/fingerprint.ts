import "server-only";
import { createHash } from "node:crypto";

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Two requests are "the same" when operation, path and body (as JSON, key order ignored) are. */
export function requestFingerprint(operationId: string, path: string, parsedBody: unknown): string {
  return createHash("sha256").update(`${operationId}\n${path}\n${canonicalJson(parsedBody)}`).digest("hex");
}
