import type { z } from "zod";
import type { FieldErrors } from "@/server/lib/errors";

function fieldName(path: readonly PropertyKey[], fallback: string): string {
  return path.length === 0 ? fallback : path.map(String).join(".");
}

/** zod issues as SPEC's `details.fieldErrors`: field name (dotted path) to messages. */
export function toFieldErrors(error: z.ZodError, rootName = "body"): FieldErrors {
  const result: FieldErrors = {};
  const add = (name: string, message: string) => {
    (result[name] ??= []).push(message);
  };
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) add(fieldName([...issue.path, key], rootName), "Unknown field");
    } else if (issue.code === "invalid_type" && issue.input === undefined) {
      add(fieldName(issue.path, rootName), "Required");
    } else {
      add(fieldName(issue.path, rootName), issue.message);
    }
  }
  return result;
}
