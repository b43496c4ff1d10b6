import "server-only";
import { z } from "zod";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/server/orders/locales";

/** The field error of every refused code, a malformed one included (one answer for all, as documented). */
export const CODE_INVALID = "CODE_INVALID";

export const EMAIL_CODE_LENGTH = 6;

/** Trimmed and lower-cased before the checks, so one mailbox has one spelling in limits and links. */
export const EmailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "Must be at most 254 characters")
  .pipe(z.email("Must be a valid e-mail address"));

/**
 * Mail language. Like the checkout's `locale`, a missing or unsupported value falls back to French
 * instead of failing; a region is ignored (`en-GB` is `en`). Only a non-string is refused.
 */
export const EmailLocale = z
  .string()
  .max(35, "Must be at most 35 characters")
  .optional()
  .transform((value): Locale => {
    const language = (value ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
    return isLocale(language) ? language : DEFAULT_LOCALE;
  });

/**
 * Six digits; spaces (as in "123 456") are dropped. Anything else, including a number instead of a
 * string, reads as CODE_INVALID so a malformed code looks like a wrong one.
 */
export const EmailCode = z
  .string(CODE_INVALID)
  .max(32, CODE_INVALID)
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, CODE_INVALID));

export const EmailCodeRequest = z.strictObject({ email: EmailAddress, locale: EmailLocale });
export type EmailCodeRequest = z.infer<typeof EmailCodeRequest>;

export const EmailVerifyRequest = z.strictObject({ email: EmailAddress, code: EmailCode });
export type EmailVerifyRequest = z.infer<typeof EmailVerifyRequest>;
