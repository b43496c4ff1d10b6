import "server-only";
import { z } from "zod";
import { Sku } from "@/server/catalog/catalog-codes";
import { TypedCreatorCode } from "@/server/codes/creator-codes";
import { validationError, type FieldErrors } from "@/server/lib/errors";
import { CheckoutLocale, ReturnUrl } from "./checkout-request";

/** The client route's body: no `country` (the buyer picks it on the payment page). */
export const CreateClientCheckoutRequest = z.strictObject({
  packSku: Sku,
  successUrl: ReturnUrl.optional(),
  cancelUrl: ReturnUrl.optional(),
  locale: CheckoutLocale.optional(),
  creatorCode: TypedCreatorCode.optional(),
});
export type CreateClientCheckoutRequest = z.infer<typeof CreateClientCheckoutRequest>;

export const ORIGIN_MISMATCH = "ORIGIN_MISMATCH";

/**
 * A browser may only send the buyer back to its own site: return URLs must be https and of the
 * request's Origin. A caller without an Origin header cannot pass them.
 */
export function assertReturnUrlsOfOrigin(input: Pick<CreateClientCheckoutRequest, "successUrl" | "cancelUrl">, origin: string | null): void {
  const errors: FieldErrors = {};
  for (const field of ["successUrl", "cancelUrl"] as const) {
    const value = input[field];
    if (value === undefined) continue;
    const url = new URL(value);
    if (origin === null || url.protocol !== "https:" || url.origin !== origin) errors[field] = [ORIGIN_MISMATCH];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors, "Return URLs must be https and of the page's own origin.");
}
