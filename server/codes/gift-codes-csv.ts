import "server-only";
import type { Db } from "@/db/client";
import type { CodeGrant, ItemQuantity } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";
import type { GiftCodeRow } from "./gift-code-view";
import { csvLine } from "@/server/lib/csv";
import { findGiftCodeBatch, listGiftCodeBatches } from "./gift-code-batches";
import { selectGiftCodes, type GiftCodesFilter } from "./list-gift-codes";

// batch_label last, so files read by column position before batches existed still line up.
export const GIFT_CODES_CSV_HEADER = ["code", "max_uses", "uses", "expires_at", "disabled", "grants", "items", "created_at", "batch_label"];

/** `coins:100;gems:5`: one cell per list, readable and split on `;` then `:`. */
function pairs(lines: CodeGrant[] | ItemQuantity[]): string {
  return lines.map((l) => ("currency" in l ? `${l.currency}:${l.amount}` : `${l.sku}:${l.quantity}`)).join(";");
}

function record(row: GiftCodeRow, labels: ReadonlyMap<string, string>): string[] {
  return [
    row.displayCode,
    String(row.maxUses),
    String(row.useCount),
    row.expiresAt ? row.expiresAt.toISOString() : "",
    String(row.disabled),
    pairs(row.grants),
    pairs(row.items),
    row.createdAt.toISOString(),
    // Empty for a code outside any batch (fixture, API).
    row.batchId ? (labels.get(row.batchId) ?? "") : "",
  ];
}

const PAGE = 1000;

/** Every code of the scope matching `filter`, newest first, as CSV text with a header row. */
export async function giftCodesCsv(db: Db, scope: GameScope, filter: GiftCodesFilter = {}): Promise<string> {
  const labels = new Map((await listGiftCodeBatches(db, scope)).map((b) => [b.id, b.label]));
  let text = csvLine(GIFT_CODES_CSV_HEADER);
  let afterId: string | null = null;
  for (;;) {
    const rows = await selectGiftCodes(db, scope, { filter, afterId, limit: PAGE });
    for (const row of rows) text += csvLine(record(row, labels));
    const last = rows[rows.length - 1];
    if (rows.length < PAGE || !last) return text;
    afterId = last.id;
  }
}

/** The label as a file-name part: letters and digits, the rest as single dashes ("Summer '26!" → "summer-26"). */
function fileNamePart(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "batch";
}

/** One batch's codes, named after its label; NOT_FOUND for a batch of another game or environment. */
export async function giftCodeBatchCsv(db: Db, scope: GameScope, batchId: string): Promise<{ filename: string; csv: string }> {
  const batch = await findGiftCodeBatch(db, scope, batchId);
  return { filename: `gift-codes-${scope.env}-${fileNamePart(batch.label)}.csv`, csv: await giftCodesCsv(db, scope, { batchId: batch.id }) };
}
