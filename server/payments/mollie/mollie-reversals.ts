import "server-only";
import type { Db } from "@/db/client";
import { clock } from "@/server/lib/clock";
import { childLogger } from "@/server/observability/logger";
import { openMollieApiKey } from "../payment-config";
import { advanceReversalCursor, claimReversalReads } from "../reversal-reads";
import { mollieClient, mollieErrorMessage } from "./mollie-client";
import { settleMolliePayment } from "./mollie-settle";

const log = childLogger({ module: "payments" });

/** Each read starts this far before the last one ended, as for Stripe. */
const OVERLAP_MS = 15 * 60_000;
/** The first read of an environment looks back this far. */
const FIRST_LOOKBACK_MS = 30 * 24 * 3_600_000;

export type MollieReversalCounts = { environmentsChecked: number; paymentsSettled: number };

/**
 * Chargebacks and refunds made at Mollie whose webhook never reached us. Mollie's lists have no date
 * filter, so each environment with a Mollie key reads the newest page of each (Mollie sorts newest
 * first) and keeps what was created since its last read; each payment named goes through the
 * webhook's path (mollie-settle.ts), so a late webhook and a second instance change nothing twice.
 * Payments of another game on the same Mollie account are left (their metadata names that game).
 */
export async function reconcileMollieReversals(db: Db, limit: number): Promise<MollieReversalCounts> {
  const counts: MollieReversalCounts = { environmentsChecked: 0, paymentsSettled: 0 };
  for (const { row, scope, checkedAt } of await claimReversalReads(db, { provider: "mollie", limit })) {
    try {
      const apiKey = openMollieApiKey(row);
      if (!apiKey) continue;
      const startedAt = clock.now();
      const since = checkedAt ? checkedAt.getTime() - OVERLAP_MS : startedAt.getTime() - FIRST_LOOKBACK_MS;
      const client = mollieClient(apiKey);
      const [chargebacks, refunds] = await Promise.all([client.recentChargebacks(), client.recentRefunds()]);
      const paymentIds = new Set([...chargebacks, ...refunds].filter((r) => Date.parse(r.createdAt) >= since).map((r) => r.paymentId));
      for (const paymentId of paymentIds) {
        const recorded = await settleMolliePayment(db, scope, { client, paymentId });
        if (recorded?.status === "processed") counts.paymentsSettled += 1;
      }
      await advanceReversalCursor(db, { provider: "mollie", scope, readAt: startedAt });
      counts.environmentsChecked += 1;
    } catch (error) {
      // The cursor stays: the next attempt (REVERSALS_EVERY_MS on) reads the same span again.
      log.warn({ gameId: scope.gameId, env: scope.env, reason: mollieErrorMessage(error) }, "Mollie's chargebacks and refunds could not be read back");
    }
  }
  return counts;
}
