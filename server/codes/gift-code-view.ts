import type { CodeGrant, giftCodes, ItemQuantity } from "@/db/schema";

export type GiftCodeRow = typeof giftCodes.$inferSelect;

/** A gift code as the dashboard shows it (SPEC keeps the record itself out of the public API). */
export type GiftCodeView = {
  id: string;
  /** As issued, with its dashes; redeeming ignores case, dashes and spaces. */
  code: string;
  maxUses: number;
  useCount: number;
  expiresAt: string | null;
  disabled: boolean;
  grants: CodeGrant[];
  items: ItemQuantity[];
  /** The dashboard batch it was issued in; null for fixture and API codes. */
  batchId: string | null;
  createdAt: string;
};

export function toGiftCodeView(row: GiftCodeRow): GiftCodeView {
  return {
    id: row.id,
    code: row.displayCode,
    maxUses: row.maxUses,
    useCount: row.useCount,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    disabled: row.disabled,
    grants: row.grants,
    items: row.items,
    batchId: row.batchId,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Why a code that is not disabled can no longer be redeemed anyway, or null while it still can. Shared
 * by the server's disable rule and the dashboard's Disable button (this file holds no server code).
 */
export function giftCodeOver(code: Pick<GiftCodeView, "useCount" | "maxUses" | "expiresAt">, now: Date): "used_up" | "expired" | null {
  if (code.useCount >= code.maxUses) return "used_up";
  if (code.expiresAt !== null && new Date(code.expiresAt) <= now) return "expired";
  return null;
}
