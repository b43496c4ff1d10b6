import "server-only";
import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameEnvironments } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";

/** An environment's disputes, chargebacks and refunds are read back at most this often, per provider. */
export const REVERSALS_EVERY_MS = 10 * 60_000;

export type ReversalProvider = "stripe" | "mollie";

type EnvironmentRow = typeof gameEnvironments.$inferSelect;

/** An environment claimed for a read-back; `checkedAt` is where its last complete read ended (null: never read). */
export type ReversalRead = { row: EnvironmentRow; scope: GameScope; checkedAt: Date | null };

/** Each provider's two columns (game_environments), and which environments it reads back. */
const fieldsOf = {
  stripe: {
    checked: "stripeReversalsCheckedAt",
    tried: "stripeReversalsTriedAt",
    configured: () => and(eq(gameEnvironments.paymentProvider, "stripe"), isNotNull(gameEnvironments.stripeSecretKey)),
  },
  mollie: {
    checked: "mollieReversalsCheckedAt",
    tried: "mollieReversalsTriedAt",
    configured: () => isNotNull(gameEnvironments.mollieApiKey),
  },
} as const;

/**
 * The environments whose read-back is due, claimed. The claim moves the attempt's time to now before the
 * provider is asked, so another instance skips them (SKIP LOCKED, then the time) and a refused key is
 * asked again only after REVERSALS_EVERY_MS, like one that answered: it neither fills every sweep with
 * warnings nor keeps the environments behind it waiting, since the longest-untried come first. Keys
 * saved since the last attempt make an environment due at once, so a studio's fix is tried on the next sweep.
 */
export async function claimReversalReads(db: Db, { provider, limit }: { provider: ReversalProvider; limit: number }): Promise<ReversalRead[]> {
  const { checked, tried, configured } = fieldsOf[provider];
  const triedAt = gameEnvironments[tried];
  const now = clock.now();
  const due = new Date(now.getTime() - REVERSALS_EVERY_MS);
  const rows = await db.transaction(async (tx) => {
    const claimed = await tx
      .select()
      .from(gameEnvironments)
      .where(and(configured(), or(isNull(triedAt), lte(triedAt, due), gt(gameEnvironments.paymentsUpdatedAt, triedAt))))
      .orderBy(sql`${triedAt} asc nulls first`)
      .limit(limit)
      .for("update", { skipLocked: true });
    if (claimed.length === 0) return [];
    await tx
      .update(gameEnvironments)
      .set({ [tried]: now })
      .where(or(...claimed.map((row) => environmentIs(row))));
    return claimed;
  });
  return rows.map((row) => ({ row, scope: { gameId: row.gameId, env: row.env }, checkedAt: row[checked] }));
}

/** A complete read up to `readAt`: the next one starts there (less its overlap). Never moves the cursor back. */
export async function advanceReversalCursor(db: Db, { provider, scope, readAt }: { provider: ReversalProvider; scope: GameScope; readAt: Date }): Promise<void> {
  const { checked } = fieldsOf[provider];
  const checkedAt = gameEnvironments[checked];
  await db
    .update(gameEnvironments)
    .set({ [checked]: readAt })
    .where(and(environmentIs(scope), or(isNull(checkedAt), lt(checkedAt, readAt))));
}

function environmentIs(scope: GameScope): SQL {
  return and(eq(gameEnvironments.gameId, scope.gameId), eq(gameEnvironments.env, scope.env)) as SQL;
}
