import type { orders } from "@/db/schema";

export type OrderRow = typeof orders.$inferSelect;

/** SPEC's Order resource; the creator's rate and share are never shown. */
export type OrderView = {
  id: string;
  playerId: string;
  status: OrderRow["status"];
  pack: { sku: string; name: string };
  amountCents: number;
  currency: "EUR";
  country: string;
  vatRateBp: number;
  vatCents: number;
  netCents: number;
  createdAt: string;
  paidAt: string | null;
  fulfilledAt: string | null;
  refundedAt: string | null;
  creatorCode: { code: string; creatorName: string } | null;
};

export function toOrderView(row: OrderRow): OrderView {
  return {
    id: row.id,
    playerId: row.playerId,
    status: row.status,
    pack: { sku: row.packSku, name: row.packName },
    amountCents: row.amountCents,
    currency: "EUR",
    country: row.country,
    vatRateBp: row.vatRateBp,
    vatCents: row.vatCents,
    netCents: row.netCents,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    fulfilledAt: row.fulfilledAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    creatorCode: row.creatorCode && row.creatorName ? { code: row.creatorCode, creatorName: row.creatorName } : null,
  };
}
