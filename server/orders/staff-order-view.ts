import "server-only";
import type { ItemQuantity, PackGrant } from "@/db/schema";
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
};

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
  };
}
