import type { FieldErrors } from "@/components/dashboard/trpc";

/**
 * The messages of one Shop card field. The server names a field two ways: the domain's own checks
 * (the return address) say `returnUrl`, while tRPC's input schema says `settings.accentColor` (and
 * `settings.appSchemes.0` for one scheme); both belong under the field.
 */
export function shopFieldErrors(errors: FieldErrors, name: string): string[] {
  const under = (key: string, prefix: string) => key === prefix || key.startsWith(`${prefix}.`);
  return Object.entries(errors)
    .filter(([key]) => under(key, name) || under(key, `settings.${name}`))
    .flatMap(([, messages]) => messages);
}
