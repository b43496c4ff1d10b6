import "server-only";
import type { z } from "zod";
import type { FieldErrors } from "@/server/lib/errors";

function fieldName(path: readonly PropertyKey[], fallback: string): string {
  return path.length === 0 ? fallback : path.map(String).join(".");
}

/**
 * A field-errors object without a prototype: a body key named `__proto__` is then an ordinary entry
 * instead of the prototype setter (which would lose it, or break `push`).
 */
export function emptyFieldErrors(): FieldErrors {
  return Object.create(null) as FieldErrors;
}

/** zod issues as SPEC's `details.fieldErrors`: field name (dotted path) to messages. */
export function toFieldErrors(error: z.ZodError, rootName = "body"): FieldErrors {
  const result = emptyFieldErrors();
  const add = (name: string, message: string) => {
    (result[name] ??= []).push(message);
  };
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) add(fieldName([...issue.path, key], rootName), "Unknown field");
    } else if (issue.code === "invalid_type" && issue.input === undefined) {
      // Needs `reportInput: true` at parse time, else every bad type would read "Required".
      add(fieldName(issue.path, rootName), "Required");
    } else if (issue.code === "invalid_key") {
      // A record key (metadata): what is wrong with the key rather than zod's generic "Invalid key in record".
      for (const inner of issue.issues) add(fieldName(issue.path, rootName), inner.message);
    } else {
      add(fieldName(issue.path, rootName), issue.message);
    }
  }
  return result;
}
