import "server-only";
import { and, eq, isNotNull, isNull, lt, lte, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameEnvironments } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import { childLogger } from "@/server/observability/logger";
import { openMollieApiKey } from "../payment-config";
import { REVERSALS_EVERY_MS } from "../reconcile-reversals";
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
  const due = new Date(clock.nowMs() - REVERSALS_EVERY_MS);
  const rows = await db
    .select()
    .from(gameEnvironments)
    .where(and(isNotNull(gameEnvironments.mollieApiKey), or(isNull(gameEnvironments.mollieReversalsCheckedAt), lte(gameEnvironments.mollieReversalsCheckedAt, due))))
    .orderBy(gameEnvironments.mollieReversalsCheckedAt)
    .limit(limit);
  for (const row of rows) {
    const scope: GameScope = { gameId: row.gameId, env: row.env };
    try {
      const apiKey = openMollieApiKey(row);
      if (!apiKey) continue;
      const startedAt = clock.now();
      const since = row.mollieReversalsCheckedAt ? row.mollieReversalsCheckedAt.getTime() - OVERLAP_MS : startedAt.getTime() - FIRST_LOOKBACK_MS;
      const client = mollieClient(apiKey);
      const [chargebacks, refunds] = await Promise.all([client.recentChargebacks(), client.recentRefunds()]);
      const paymentIds = new Set([...chargebacks, ...refunds].filter((r) => Date.parse(r.createdAt) >= since).map((r) => r.paymentId));
      for (const paymentId of paymentIds) {
        const recorded = await settleMolliePayment(db, scope, { client, paymentId });
        if (recorded?.status === "processed") counts.paymentsSettled += 1;
      }
      await db
        .update(gameEnvironments)
        .set({ mollieReversalsCheckedAt: startedAt })
        .where(
          and(
            eq(gameEnvironments.gameId, row.gameId),
            eq(gameEnvironments.env, row.env),
            or(isNull(gameEnvironments.mollieReversalsCheckedAt), lt(gameEnvironments.mollieReversalsCheckedAt, startedAt)),
          ),
        );
      counts.environmentsChecked += 1;
    } catch (error) {
      // The cursor stays: the next run reads the same span again.
      log.warn({ gameId: scope.gameId, env: scope.env, reason: mollieErrorMessage(error) }, "Mollie's chargebacks and refunds could not be read back");
    }
  }
  return counts;
}
