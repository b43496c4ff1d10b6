import "server-only";
import { and, eq, isNotNull, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameEnvironments } from "@/db/schema";
import { needsResealing, UnsealError } from "@/server/lib/sealing";
import { sealStripeSecret, unsealStripeSecret } from "./stripe-keys";

export type ResealCounts = { resealed: number; unreadable: number };

const columns = [
  ["secret-key", "stripeSecretKey"],
  ["webhook-secret", "stripeWebhookSecret"],
] as const;

/**
 * Stripe keys sealed under a previous AUTH_SECRET are sealed again under the current one, so they keep
 * opening once AUTH_SECRET_PREVIOUS is dropped. A key no configured secret opens is counted, never
 * logged; the studio enters it again in the dashboard. `only.gameId` limits it to one game (tests that
 * rotate AUTH_SECRET must not reseal other files' rows).
 */
export async function resealStripeKeys(db: Db, only: { gameId?: string } = {}): Promise<ResealCounts> {
  const stored = or(isNotNull(gameEnvironments.stripeSecretKey), isNotNull(gameEnvironments.stripeWebhookSecret));
  const rows = await db
    .select()
    .from(gameEnvironments)
    .where(only.gameId === undefined ? stored : and(stored, eq(gameEnvironments.gameId, only.gameId)));
  const counts: ResealCounts = { resealed: 0, unreadable: 0 };
  for (const row of rows) {
    for (const [kind, column] of columns) {
      const stored = row[column];
      if (stored === null || !needsResealing(stored)) continue;
      let plain: string;
      try {
        plain = unsealStripeSecret(kind, stored, row.gameId, row.env);
      } catch (error) {
        if (!(error instanceof UnsealError)) throw error;
        counts.unreadable += 1;
        continue;
      }
      // Only if nobody saved a new key meanwhile.
      const changed = await db
        .update(gameEnvironments)
        .set({ [column]: sealStripeSecret(kind, plain, row.gameId, row.env) })
        .where(and(eq(gameEnvironments.gameId, row.gameId), eq(gameEnvironments.env, row.env), eq(gameEnvironments[column], stored)))
        .returning({ gameId: gameEnvironments.gameId });
      counts.resealed += changed.length;
    }
  }
  return counts;
}
