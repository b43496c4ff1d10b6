import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { validationError } from "@/server/lib/errors";
import { toFieldErrors } from "@/server/lib/field-errors";
import type { GameScope } from "@/server/lib/scope";

const PaymentCountryEvidence = z.strictObject({
  orderId: z.string().min(1),
  /** ISO 3166-1 alpha-2, as the provider reports it (any country: a card issued outside the EU is evidence too). */
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "Must be an ISO 3166-1 alpha-2 country code")
    .transform((value) => value.toUpperCase()),
  /** Which provider field said so, e.g. `stripe:card.country`: kept with the country for the VAT records. */
  source: z.string().min(1).max(100),
});
export type PaymentCountryEvidenceInput = z.input<typeof PaymentCountryEvidence>;

/**
 * Records the payment method's issuing country, one of the pieces of VAT evidence of the buyer's
 * country (Implementing Regulation 282/2011 art. 24f(c)), as a provider reported it once the payment
 * is made. Every provider calls this one function. Later reports replace earlier ones (the last
 * payment's method is the one that paid). Returns whether an order of that scope was found.
 */
export async function recordPaymentCountryEvidence(db: Db, scope: GameScope, input: PaymentCountryEvidenceInput): Promise<boolean> {
  const parsed = PaymentCountryEvidence.safeParse(input);
  if (!parsed.success) throw validationError(toFieldErrors(parsed.error), "The payment country evidence is not valid.");
  const { orderId, country, source } = parsed.data;
  const rows = await db
    .update(orders)
    .set({ paymentCountry: country, paymentCountrySource: source, updatedAt: clock.now() })
    .where(and(eq(orders.id, orderId), eq(orders.gameId, scope.gameId), eq(orders.env, scope.env)))
    .returning({ id: orders.id });
  return rows.length > 0;
}
