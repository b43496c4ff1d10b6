import "server-only";
import type { orders, packs } from "@/db/schema";

type SoldPack = Pick<typeof packs.$inferSelect, "sku" | "name" | "grants" | "items" | "priceCents">;

export type PackSnapshot = Pick<typeof orders.$inferInsert, "packSku" | "packName" | "grants" | "items" | "amountCents">;

/**
 * The pack as a new order keeps it, whichever channel sold it: later catalog edits change neither what
 * a past order delivers (or takes back on refund) nor the price it was sold at.
 */
export function packSnapshot(pack: SoldPack): PackSnapshot {
  return { packSku: pack.sku, packName: pack.name, grants: pack.grants, items: pack.items, amountCents: pack.priceCents };
}
