import "server-only";
import { z } from "zod";

/**
 * Mollie's documented v2 objects, as far as Gamecoin reads them (API reference: Payments, Refunds,
 * Chargebacks, Methods). Loose objects: fields Mollie adds later pass through.
 */

/** `{ currency: "EUR", value: "4.99" }`: a string with exactly the currency's decimals. */
export const MollieAmount = z.object({ currency: z.string().length(3), value: z.string().regex(/^-?\d+\.\d{2}$/) });
export type MollieAmount = z.infer<typeof MollieAmount>;

const Link = z.object({ href: z.string(), type: z.string().optional() }).nullish();

export const molliePaymentStatuses = ["open", "canceled", "pending", "authorized", "expired", "failed", "paid"] as const;

export const MolliePayment = z.looseObject({
  resource: z.literal("payment"),
  id: z.string().startsWith("tr_"),
  mode: z.enum(["test", "live"]),
  status: z.enum(molliePaymentStatuses),
  amount: MollieAmount,
  amountRefunded: MollieAmount.nullish(),
  amountRemaining: MollieAmount.nullish(),
  amountChargedBack: MollieAmount.nullish(),
  description: z.string(),
  method: z.string().nullish(),
  metadata: z.unknown().nullish(),
  isCancelable: z.boolean().nullish(),
  createdAt: z.string(),
  expiresAt: z.string().nullish(),
  paidAt: z.string().nullish(),
  /** Method-specific: `cardCountryCode` for cards, `consumerAccount` (an IBAN) for bank methods. */
  details: z.looseObject({ cardCountryCode: z.string().nullish(), consumerAccount: z.string().nullish() }).nullish(),
  _links: z.looseObject({ checkout: Link, refunds: Link, chargebacks: Link }),
});
export type MolliePayment = z.infer<typeof MolliePayment>;

export const MollieRefund = z.looseObject({
  resource: z.literal("refund"),
  id: z.string().startsWith("re_"),
  amount: MollieAmount,
  status: z.enum(["queued", "pending", "processing", "refunded", "failed", "canceled"]),
  paymentId: z.string(),
  createdAt: z.string(),
});
export type MollieRefund = z.infer<typeof MollieRefund>;

export const MollieChargeback = z.looseObject({
  resource: z.literal("chargeback"),
  id: z.string().startsWith("chb_"),
  amount: MollieAmount,
  paymentId: z.string(),
  createdAt: z.string(),
  reversedAt: z.string().nullish(),
});
export type MollieChargeback = z.infer<typeof MollieChargeback>;

export const MollieMethod = z.looseObject({ resource: z.literal("method"), id: z.string() });

/** A page of a list: `_embedded.<resource>s`, and `_links.next` when there is more. */
export function mollieList<T extends z.ZodType>(key: string, item: T) {
  return z.looseObject({
    count: z.number().int(),
    _embedded: z.record(z.string(), z.array(item)).transform((embedded) => embedded[key] ?? []),
    _links: z.looseObject({ next: Link }),
  });
}

/** Mollie's error body (application/hal+json). */
export const MollieErrorBody = z.looseObject({ status: z.number().int(), title: z.string(), detail: z.string(), field: z.string().optional() });

/** Euro cents as Mollie writes them: 499 → "4.99". */
export function toMollieAmount(cents: number): MollieAmount {
  return { currency: "EUR", value: (cents / 100).toFixed(2) };
}

/** Mollie's amount back in cents (only euros are ever sent, so only euros are read). */
export function centsOf(amount: MollieAmount | null | undefined): number {
  if (!amount) return 0;
  const [whole = "0", fraction = "00"] = amount.value.replace("-", "").split(".");
  const cents = Number(whole) * 100 + Number(fraction);
  return amount.value.startsWith("-") ? -cents : cents;
}
