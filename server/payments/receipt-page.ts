import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { pickLocale } from "@/server/orders/locales";
import { receiptFacts, type ReceiptFacts } from "./receipt-facts";
import { orderIdOfReceipt } from "./receipt-link";

/**
 * The receipt page of `/receipts/<receipt id>`: a paid order's receipt (refunded and disputed ones
 * too: they were paid, and the receipt says so), in the checkout's language, else the browser's. Null
 * for an address that is not one of ours, or an order never paid.
 */
export async function getReceiptPage(db: Db, receiptId: string, acceptLanguage: string | null): Promise<ReceiptFacts | null> {
  const orderId = orderIdOfReceipt(receiptId);
  if (!orderId) return null;
  const rows = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  const order = rows[0];
  if (!order?.paidAt) return null;
  return receiptFacts(db, order, pickLocale(order.locale, acceptLanguage));
}
