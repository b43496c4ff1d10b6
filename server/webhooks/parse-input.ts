import "server-only";
import type { z } from "zod";
import { validationError, type FieldErrors } from "@/server/lib/errors";

/**
 * Domain functions validate their own input (the dashboard's tRPC layer parses with the same schemas,
 * but a rule must hold whoever calls). Problems become VALIDATION_FAILED with SPEC's fieldErrors.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fieldErrors: FieldErrors = Object.create(null) as FieldErrors;
  for (const issue of parsed.error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) (fieldErrors[[...issue.path, key].map(String).join(".")] ??= []).push("Unknown field");
      continue;
    }
    const name = issue.path.length === 0 ? "input" : issue.path.map(String).join(".");
    (fieldErrors[name] ??= []).push(issue.message);
  }
  throw validationError(fieldErrors);
}
