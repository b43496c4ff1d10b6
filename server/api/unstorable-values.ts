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
  // An explicit stack, not recursion: a tRPC input may nest as deep as its size bound allows, and each
  // entry keeps its parent's path by reference, so memory grows with the value, not with depth squared.
  type Visit = { item: unknown; path: PathNode | null };
  const stack: Visit[] = [{ item: value, path: null }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    const { item, path } = visit;
    if (typeof item === "string") {
      const problem = unstorableText(item);
      if (problem) errors[path === null ? rootName : dotted(path)] = [problem];
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1) stack.push({ item: item[index], path: { segment: String(index), parent: path } });
    } else if (item !== null && typeof item === "object") {
      const entries = Object.entries(item);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index]!;
        const keyPath = { segment: key, parent: path };
        const keyProblem = key === "__proto__" ? "This key name is reserved" : unstorableText(key);
        if (keyProblem) errors[dotted(keyPath)] = [keyProblem];
        else stack.push({ item: child, path: keyPath });
      }
    }
  }
  return errors;
}

type PathNode = { segment: string; parent: PathNode | null };

function dotted(node: PathNode): string {
  const segments: string[] = [];
  for (let at: PathNode | null = node; at !== null; at = at.parent) segments.push(at.segment);
  return segments.reverse().join(".");
}
