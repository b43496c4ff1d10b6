import "server-only";
import { hash } from "node:crypto";

/** JSON with every object's keys in code-unit order; a loop rather than entries/sort/map/join, as it runs on every money move. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    let text = "[";
    for (let i = 0; i < value.length; i++) text += (i === 0 ? "" : ",") + canonicalJson(value[i]);
    return text + "]";
  }
  if (value !== null && typeof value === "object") {
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object).sort();
    let text = "{";
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      text += (i === 0 ? "" : ",") + JSON.stringify(key) + ":" + canonicalJson(object[key]);
    }
    return text + "}";
  }
  return JSON.stringify(value);
}

/** Two requests are "the same" when operation, path and body (as JSON, key order ignored) are. */
export function requestFingerprint(operationId: string, path: string, parsedBody: unknown): string {
  return hash("sha256", `${operationId}\n${path}\n${canonicalJson(parsedBody)}`, "hex");
}
