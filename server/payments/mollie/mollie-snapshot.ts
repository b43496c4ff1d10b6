import "server-only";
import { centsOf, type MollieChargeback, type MolliePayment } from "./mollie-objects";

/**
 * What Gamecoin reads of a Mollie payment, in cents. `issuerCountry` is the payment method's issuing
 * country as Mollie reports it (VAT evidence): `details.cardCountryCode` for cards (and the wallets
 * paid by card), the country of the IBAN in `details.consumerAccount` for bank methods (iDEAL,
 * Bancontact); null when Mollie gives neither (PayPal).
 */
export type MolliePaymentSnapshot = {
  id: string;
  mode: "test" | "live";
  status: MolliePayment["status"];
  method: string | null;
  currency: string;
  amountCents: number;
  refundedCents: number;
  chargedBackCents: number;
  orderId: string | null;
  gameId: string | null;
  env: string | null;
  issuerCountry: string | null;
  /** The payment's chargebacks, read only when Mollie reports an amount charged back. */
  chargebacks: MollieChargeback[];
};

function metadataField(metadata: unknown, key: string): string | null {
  if (typeof metadata !== "object" || metadata === null) return null;
  const value = (metadata as Record<string, unknown>)[key];
  return typeof value === "string" ? value : null;
}

export function issuerCountryOf(payment: MolliePayment): string | null {
  const card = payment.details?.cardCountryCode;
  if (card && /^[A-Z]{2}$/.test(card)) return card;
  const iban = payment.details?.consumerAccount?.replace(/\s+/g, "");
  if (iban && /^[A-Z]{2}\d{2}/.test(iban)) return iban.slice(0, 2);
  return null;
}

export function snapshotOf(payment: MolliePayment, chargebacks: MollieChargeback[] = []): MolliePaymentSnapshot {
  return {
    id: payment.id,
    mode: payment.mode,
    status: payment.status,
    method: payment.method ?? null,
    currency: payment.amount.currency,
    amountCents: centsOf(payment.amount),
    refundedCents: centsOf(payment.amountRefunded),
    chargedBackCents: centsOf(payment.amountChargedBack),
    orderId: metadataField(payment.metadata, "orderId"),
    gameId: metadataField(payment.metadata, "gameId"),
    env: metadataField(payment.metadata, "env"),
    issuerCountry: issuerCountryOf(payment),
    chargebacks,
  };
}
