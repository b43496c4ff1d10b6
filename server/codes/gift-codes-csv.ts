import type { Db } from "@/db/client";
import type { CodeGrant, ItemQuantity } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";
import type { GiftCodeRow } from "./gift-code-view";
import { csvLine } from "@/server/lib/csv";
import { selectGiftCodes, type GiftCodesFilter } from "./list-gift-codes";

export const GIFT_CODES_CSV_HEADER = ["code", "max_uses", "uses", "expires_at", "disabled", "grants", "items", "created_at"];

/** `coins:100;gems:5`: one cell per list, readable and split on `;` then `:`. */
function pairs(lines: CodeGrant[] | ItemQuantity[]): string {
  return lines.map((l) => ("currency" in l ? `${l.currency}:${l.amount}` : `${l.sku}:${l.quantity}`)).join(";");
}

function record(row: GiftCodeRow): string[] {
  return [
    row.displayCode,
    String(row.maxUses),
    String(row.useCount),
    row.expiresAt ? row.expiresAt.toISOString() : "",
    String(row.disabled),
    pairs(row.grants),
    pairs(row.items),
    row.createdAt.toISOString(),
  ];
}

const PAGE = 1000;

/** Every code of the scope matching `filter`, newest first, as CSV text with a header row. */
export async function giftCodesCsv(db: Db, scope: GameScope, filter: GiftCodesFilter = {}): Promise<string> {
  let text = csvLine(GIFT_CODES_CSV_HEADER);
  let afterId: string | null = null;
  for (;;) {
    const rows = await selectGiftCodes(db, scope, filter, { afterId, limit: PAGE });
    for (const row of rows) text += csvLine(record(row));
    const last = rows[rows.length - 1];
    if (rows.length < PAGE || !last) return text;
    afterId = last.id;
  }
}
