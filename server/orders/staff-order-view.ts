import "server-only";
import type { ItemQuantity, PackGrant } from "@/db/schema";
import { vatEvidenceOf, type VatEvidence } from "@/server/vat/vat-evidence";
import { toOrderView, type OrderRow, type OrderView } from "./order-view";

/**
 * The order as the studio sees it in its dashboard: SPEC's Order plus what SPEC hides from game
 * clients and servers (the creator's rate and share are the studio's own business), the closing
 * timestamps and what the order delivered.
 */
export type StaffOrderView = OrderView & {
  creatorRateBp: number | null;
  creatorShareCents: number | null;
  refundReason: string | null;
  chargebackAt: string | null;
  closedAt: string | null;
  expiresAt: string;
  provider: string;
  /** The provider's payment (Stripe: the PaymentIntent id), to find it in the provider's dashboard. */
  providerReference: string | null;
  /** A refund asked of the provider and not recorded yet (reconciliation finishes it). */
  refundRequestedAt: string | null;
  disputeStatus: string | null;
  disputeReference: string | null;
  grants: PackGrant[];
  items: ItemQuantity[];
  deliveredItems: ItemQuantity[] | null;
  /** When the buyer consented to immediate delivery and the loss of the withdrawal right, and to which wording. */
  consentAt: string | null;
  consentVersion: string | null;
  /** The pieces of evidence of the buyer's country and how they read together; null until the order is paid. */
  vatEvidence: StaffVatEvidence | null;
};

export type StaffVatEvidence = VatEvidence & { ipCountry: string | null; paymentCountry: string | null; paymentCountrySource: string | null };

/** The VAT evidence of a paid order (an unpaid one sold nothing to declare). */
export function staffVatEvidence(row: Pick<OrderRow, "paidAt" | "country" | "ipCountry" | "paymentCountry" | "paymentCountrySource">): StaffVatEvidence | null {
  if (!row.paidAt) return null;
  return { ...vatEvidenceOf(row), ipCountry: row.ipCountry, paymentCountry: row.paymentCountry, paymentCountrySource: row.paymentCountrySource };
}

export function toStaffOrderView(row: OrderRow): StaffOrderView {
  return {
    ...toOrderView(row),
    creatorRateBp: row.creatorRateBp,
    creatorShareCents: row.creatorShareCents,
    refundReason: row.refundReason,
    chargebackAt: row.chargebackAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    provider: row.provider,
    providerReference: row.providerReference,
    refundRequestedAt: row.refundRequestedAt?.toISOString() ?? null,
    disputeStatus: row.disputeStatus,
    disputeReference: row.disputeReference,
    grants: row.grants,
    items: row.items,
    deliveredItems: row.deliveredItems,
    consentAt: row.consentAt?.toISOString() ?? null,
    consentVersion: row.consentVersion,
    vatEvidence: staffVatEvidence(row),
  };
}
