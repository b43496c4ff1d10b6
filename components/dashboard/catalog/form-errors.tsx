"use client";

import { errorMessageOf, fieldErrorsOf, type FieldErrors } from "@/components/dashboard/trpc";
import { ErrorBanner } from "@/components/ui/primitives";

/** Field errors of a failed save, and the messages of fields whose name starts with a prefix. */
export function formErrors(error: unknown): { errors: FieldErrors; under: (prefix: string) => string[] | undefined } {
  const errors = fieldErrorsOf(error);
  const under = (prefix: string) => {
    const messages = Object.entries(errors)
      .filter(([key]) => key === prefix || key.startsWith(`${prefix}.`))
      .flatMap(([key, list]) => (key === prefix ? list : list.map((m) => `${key.slice(prefix.length + 1)}: ${m}`)));
    return messages.length > 0 ? messages : undefined;
  };
  return { errors, under };
}

/**
 * The banner above a form: the server's message when the failure is not about fields (not found,
 * forbidden), otherwise a pointer to the highlighted fields plus any error no field shows.
 */
export function FormErrorBanner({ error, shownFields }: { error: unknown; shownFields: string[] }) {
  if (!error) return null;
  const errors = fieldErrorsOf(error);
  const keys = Object.keys(errors);
  if (keys.length === 0) return <ErrorBanner message={errorMessageOf(error)} />;
  const shown = (key: string) => shownFields.some((field) => key === field || key.startsWith(`${field}.`));
  const unshown = keys.filter((key) => !shown(key));
  return (
    <ErrorBanner
      message={
        unshown.length === 0
          ? "Some fields need attention."
          : `Some fields need attention: ${unshown.map((key) => `${key}: ${(errors[key] ?? []).join(" ")}`).join("; ")}`
      }
    />
  );
}

/** One sentence for a failure outside a form (a row's status change): the field problems, or the message. */
export function failureText(error: unknown): string | null {
  if (!error) return null;
  const problems = Object.values(fieldErrorsOf(error)).flat();
  return problems.length > 0 ? problems.join(" ") : errorMessageOf(error);
}
