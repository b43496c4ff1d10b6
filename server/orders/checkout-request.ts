import "server-only";
import { z } from "zod";
import { Sku } from "@/server/catalog/catalog-codes";
import { EuCountry } from "@/server/vat/eu-vat";
import { isLocale, type Locale } from "@/server/orders/locales";

export const ReturnUrl = z
  .string()
  .max(2048, "Must be at most 2048 characters")
  // abort: the protocol check below parses the URL, which throws on a value that is not one.
  .url({ error: "Must be an absolute URL", abort: true })
  .refine((value) => /^https?:$/.test(new URL(value).protocol), "Must be an http or https URL");

/** Unknown locales are ignored, not refused (SPEC, client checkout), so one rule serves both routes. */
export const CheckoutLocale = z
  .unknown()
  .transform((value): Locale | undefined => (typeof value === "string" && isLocale(value) ? value : undefined));

/** The server route's body: exactly SPEC's five fields. */
export const CreateCheckoutRequest = z.strictObject({
  packSku: Sku,
  successUrl: ReturnUrl.optional(),
  cancelUrl: ReturnUrl.optional(),
  country: EuCountry.optional(),
  locale: CheckoutLocale.optional(),
});
export type CreateCheckoutRequest = z.infer<typeof CreateCheckoutRequest>;
