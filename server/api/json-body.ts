import "server-only";
import { AppError, validationError } from "@/server/lib/errors";
import { emptyFieldErrors } from "@/server/lib/field-errors";
import { inspectJsonStructure } from "./json-structure";

/** No request body of the API nests deeper than a few levels; the bound keeps recursive walks safe. */
export const MAX_BODY_DEPTH = 32;

/**
 * A request body as the pipeline works with it: the JSON object, or the reason it is refused. The
 * refusal is answered at body validation (SPEC convention 4), after the idempotency key.
 */
export type JsonBody = { value: unknown; refusal: null } | { value: undefined; refusal: AppError };

/** A request that carries no body (a GET), or an empty one: `{}`. */
export const NO_BODY: JsonBody = { value: {}, refusal: null };

// fatal: invalid bytes throw instead of becoming U+FFFD; a leading byte-order mark is dropped (RFC 8259 8.1).
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** `application/json` in any case, with or without parameters; `+json` types and `text/json` are not JSON here. */
export function isJsonMediaType(contentType: string | null): boolean {
  if (contentType === null) return false;
  const semicolon = contentType.indexOf(";");
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase() === "application/json";
}

/** Nothing but JSON whitespace: no body at all, as far as the API is concerned. */
function isBlank(bytes: Uint8Array): boolean {
  return bytes.every((byte) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09);
}

function refused(fieldErrors: Record<string, string[]>, message?: string): JsonBody {
  return { value: undefined, refusal: validationError(fieldErrors, message) };
}

/**
 * The body's bytes as a JSON object, or why not. SECURITY: every body is read one way only, so no two
 * readers (this service, a proxy, the studio's logs) can see different requests in it: declared as
 * JSON, valid UTF-8 (never repaired to U+FFFD), valid JSON, no key twice in one object (JSON.parse
 * would keep the last `amount`), and nested at most 32 levels (a 64 KiB body can nest 30,000, enough
 * to overflow the stack of any recursive walk).
 */
export function readJsonBody(bytes: Uint8Array, contentType: string | null): JsonBody {
  if (isBlank(bytes)) return NO_BODY;
  if (!isJsonMediaType(contentType)) {
    return refused({ "Content-Type": ["CONTENT_TYPE_NOT_JSON"] }, "A request body must be sent as Content-Type: application/json.");
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return refused({ body: ["INVALID_UTF8"] }, "The body is not valid UTF-8.");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refused({ body: ["MALFORMED_JSON"] }, "The body is not valid JSON.");
  }
  const structure = inspectJsonStructure(text, MAX_BODY_DEPTH);
  if (structure.tooDeep) return refused({ body: ["TOO_DEEPLY_NESTED"] }, `The body nests deeper than ${MAX_BODY_DEPTH} levels.`);
  if (structure.duplicateKeys.length > 0) {
    const fieldErrors = emptyFieldErrors();
    for (const path of structure.duplicateKeys) fieldErrors[path] = ["DUPLICATE_KEY"];
    return refused(fieldErrors, "A key appears twice in one object of the body.");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return refused({ body: ["Must be a JSON object"] });
  return { value, refusal: null };
}
