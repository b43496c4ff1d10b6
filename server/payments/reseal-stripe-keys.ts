import "server-only";
import { and, eq, isNotNull, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameEnvironments } from "@/db/schema";
import { needsResealing, UnsealError } from "@/server/lib/sealing";
import type { Environment } from "@/db/schema";
import { sealMollieApiKey, unsealMollieApiKey } from "./mollie/mollie-keys";
import { sealStripeSecret, unsealStripeSecret } from "./stripe-keys";

export type ResealCounts = { resealed: number; unreadable: number };

type SealedColumn = {
  column: "stripeSecretKey" | "stripeWebhookSecret" | "mollieApiKey";
  open: (sealed: string, gameId: string, env: Environment) => string;
  close: (plain: string, gameId: string, env: Environment) => string;
};

/** Every provider secret an environment keeps sealed: Stripe's two, Mollie's API key. */
const columns: SealedColumn[] = [
  {
    column: "stripeSecretKey",
    open: (sealed, gameId, env) => unsealStripeSecret("secret-key", sealed, { gameId, env }),
    close: (plain, gameId, env) => sealStripeSecret("secret-key", plain, { gameId, env }),
  },
  {
    column: "stripeWebhookSecret",
    open: (sealed, gameId, env) => unsealStripeSecret("webhook-secret", sealed, { gameId, env }),
    close: (plain, gameId, env) => sealStripeSecret("webhook-secret", plain, { gameId, env }),
  },
  { column: "mollieApiKey", open: unsealMollieApiKey, close: sealMollieApiKey },
];

/**
 * Stripe keys and Mollie API keys sealed under a previous AUTH_SECRET are sealed again under the current one, so they keep
 * opening once AUTH_SECRET_PREVIOUS is dropped. A key no configured secret opens is counted, never
 * logged; the studio enters it again in the dashboard. `only.gameId` limits it to one game (tests that
 * rotate AUTH_SECRET must not reseal other files' rows).
 */
export async function resealStripeKeys(db: Db, only: { gameId?: string } = {}): Promise<ResealCounts> {
  const stored = or(isNotNull(gameEnvironments.stripeSecretKey), isNotNull(gameEnvironments.stripeWebhookSecret), isNotNull(gameEnvironments.mollieApiKey));
  const rows = await db
    .select()
    .from(gameEnvironments)
    .where(only.gameId === undefined ? stored : and(stored, eq(gameEnvironments.gameId, only.gameId)));
  const counts: ResealCounts = { resealed: 0, unreadable: 0 };
  for (const row of rows) {
    for (const { column, open, close } of columns) {
      const stored = row[column];
      if (stored === null || !needsResealing(stored)) continue;
      let plain: string;
      try {
        plain = open(stored, row.gameId, row.env);
      } catch (error) {
        if (!(error instanceof UnsealError)) throw error;
        counts.unreadable += 1;
        continue;
      }
      // Only if nobody saved a new key meanwhile.
      const changed = await db
        .update(gameEnvironments)
        .set({ [column]: close(plain, row.gameId, row.env) })
        .where(and(eq(gameEnvironments.gameId, row.gameId), eq(gameEnvironments.env, row.env), eq(gameEnvironments[column], stored)))
        .returning({ gameId: gameEnvironments.gameId });
      counts.resealed += changed.length;
    }
  }
  return counts;
}
