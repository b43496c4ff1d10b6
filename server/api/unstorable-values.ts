import "server-only";
import type { FieldErrors } from "@/server/lib/errors";
import { emptyFieldErrors } from "@/server/lib/field-errors";

// With the u flag a well-formed pair is one code point outside this range: only lone halves match.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Why a string cannot be kept as sent, or null. */
function unstorableText(text: string): string | null {
  // Postgres text and jsonb cannot hold U+0000.
  if (text.includes("\u0000")) return "Must not contain the NUL character";
  // UTF-8 cannot encode a lone surrogate: the driver would store U+FFFD (the replay then differs from
  // the answer) and jsonb refuses its escape outright (a 500, after an `ext:` player was created).
  if (LONE_SURROGATE.test(text)) return "Must not contain a lone UTF-16 surrogate";
  return null;
}

/**
 * Values the schemas would not refuse but that cannot be kept, as `details.fieldErrors` (dotted
 * paths; the whole value is `rootName`): strings and keys with U+0000 or a lone UTF-16 surrogate, and
 * an object key `__proto__` (zod drops it from records without an issue, so metadata would lose the
 * entry silently).
 */
export function unstorableValueErrors(value: unknown, rootName = "body"): FieldErrors {
  const errors = emptyFieldErrors();
  const walk = (item: unknown, path: string[]): void => {
    if (typeof item === "string") {
      const problem = unstorableText(item);
      if (problem) errors[path.length === 0 ? rootName : path.join(".")] = [problem];
    } else if (Array.isArray(item)) {
      item.forEach((element, index) => walk(element, [...path, String(index)]));
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        const keyProblem = key === "__proto__" ? "This key name is reserved" : unstorableText(key);
        if (keyProblem) errors[[...path, key].join(".")] = [keyProblem];
        else walk(child, [...path, key]);
      }
    }
  };
  walk(value, []);
  return errors;
}
