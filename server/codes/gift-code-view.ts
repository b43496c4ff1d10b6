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
    createdAt: row.createdAt.toISOString(),
  };
}
