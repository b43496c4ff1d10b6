import "server-only";
import { z } from "zod";
import type { orders } from "@/db/schema";

export type OrderRow = typeof orders.$inferSelect;

/** SPEC's Order resource; the creator's rate and share are never shown. The one definition of the shape (see PlayerSchema). */
export const OrderSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/),
  playerId: z.string(),
  status: z.enum(["pending", "paid", "fulfilled", "refunded", "chargeback", "failed", "canceled", "expired"]),
  pack: z.object({ sku: z.string(), name: z.string() }),
  amountCents: z.int().min(0),
  currency: z.literal("EUR"),
  country: z.string().length(2),
  vatRateBp: z.int().min(0),
  vatCents: z.int().min(0),
  netCents: z.int().min(0),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  fulfilledAt: z.iso.datetime().nullable(),
  refundedAt: z.iso.datetime().nullable(),
  creatorCode: z.object({ code: z.string(), creatorName: z.string() }).nullable(),
});
export type OrderView = z.infer<typeof OrderSchema>;

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
