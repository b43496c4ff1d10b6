import { validationError, type FieldErrors } from "@/server/lib/errors";
import { emptyFieldErrors } from "./field-errors";

export const MAX_BODY_BYTES = 64 * 1024;

export function bodyTooLarge() {
  return validationError({ body: ["BODY_TOO_LARGE"] }, `The body is larger than ${MAX_BODY_BYTES} bytes.`);
}

/** The raw body text of a web Request, refused past 64 KiB without reading the rest. */
export async function readWebBody(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw bodyTooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw bodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** No request body of the API nests deeper than a few levels; the bound keeps recursive walks safe. */
export const MAX_BODY_DEPTH = 32;

/** How deep arrays and objects nest in JSON text, counted without recursion (brackets inside strings ignored). */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{" || char === "[") deepest = Math.max(deepest, ++depth);
    else if (char === "}" || char === "]") depth -= 1;
  }
  return deepest;
}

/** An empty body means `{}`; anything else must be a JSON object. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw validationError({ body: ["MALFORMED_JSON"] }, "The body is not valid JSON.");
  }
  // SECURITY: a 64 KiB body can nest 30,000 levels, enough to overflow the stack of any recursive walk (500).
  if (nestingDepth(text) > MAX_BODY_DEPTH) {
    throw validationError({ body: ["TOO_DEEPLY_NESTED"] }, `The body nests deeper than ${MAX_BODY_DEPTH} levels.`);
  }
  return parsed;
}

/**
 * Values the schemas would not refuse but that cannot be kept, as `details.fieldErrors` (dotted paths):
 * a string holding U+0000 (Postgres text and jsonb cannot store it), and an object key `__proto__`
 * (zod drops it from records without an issue, so metadata would lose the entry silently).
 */
export function unstorableValueErrors(value: unknown, path: string[] = []): FieldErrors {
  const errors = emptyFieldErrors();
  if (typeof value === "string") {
    if (value.includes("\u0000")) errors[path.length === 0 ? "body" : path.join(".")] = ["Must not contain the NUL character"];
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => Object.assign(errors, unstorableValueErrors(item, [...path, String(index)])));
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key === "__proto__") errors[[...path, key].join(".")] = ["This key name is reserved"];
      else Object.assign(errors, unstorableValueErrors(item, [...path, key]));
    }
  }
  return errors;
}
