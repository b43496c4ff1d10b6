import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import { ipCountry } from "@/server/vat/ip-country";
import { CURRENT_CONSENT_VERSION } from "./consent-wording";

/** What the buyer's Pay request on the hosted page establishes, besides the country it posts. */
export type PayRequestFacts = { consented: boolean; clientIp: string | null };

export type PayRequestRecord = { orderId: string } & PayRequestFacts;

/**
 * Records, on a pending order, the consent to immediate delivery (when first given, and the version of
 * the wording the page showed) and the country of the address the Pay request came from (VAT evidence;
 * the latest request's, since that is the one that pays). The checkout's own request is no evidence:
 * a server checkout comes from the game's server, not from the buyer. Runs before the payment, in its
 * own short transaction: a consent given and a payment then refused stays true.
 */
export async function recordPayRequest(db: Db, scope: GameScope, { orderId, ...facts }: PayRequestRecord): Promise<void> {
  const country = await ipCountry(facts.clientIp);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ consentAt: orders.consentAt })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.gameId, scope.gameId), eq(orders.env, scope.env), eq(orders.status, "pending")))
      .for("update");
    const row = rows[0];
    if (!row) return;
    // The first consent stands with the words it was given to; a second Pay does not rewrite it.
    const consent = facts.consented && !row.consentAt ? { consentAt: now, consentVersion: CURRENT_CONSENT_VERSION } : {};
    await tx
      .update(orders)
      .set({ ...consent, ipCountry: country, updatedAt: now })
      .where(eq(orders.id, orderId));
  });
}
