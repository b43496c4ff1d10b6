import "server-only";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { storeSettings, storeVoidedChecks } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import { childLogger } from "@/server/observability/logger";
import { readStoreSettings, type GooglePlaySettings } from "@/server/stores/settings/read-store-settings";
import { revokeStoreTransaction } from "../revoke-store-transaction";
import { googlePlayApi, googleStatusOf, type VoidedPurchase } from "./google-play-api";

const log = childLogger({ module: "stores" });

/** Google keeps 30 days of voided purchases; a first run reads all of them. */
const VOIDED_HISTORY_MS = 30 * 24 * 60 * 60 * 1000;
/** Each run reads back a little before the last one ended: a purchase voided at the boundary is not lost. */
const OVERLAP_MS = 60 * 60 * 1000;
/**
 * The list is the safety net behind the push, and Google allows an app 6,000 reads a day: each
 * environment is read at most every ten minutes, whatever the number of instances running the job.
 */
const VOIDED_INTERVAL_MS = 10 * 60 * 1000;
/** Google's voidedpurchases.list `type`: one-time products only (subscriptions are out of scope). */
const ONE_TIME_PRODUCTS = 0;

export type VoidedCounts = { voidedRead: number; clawedBack: number };

/**
 * The `payments` job's store part: reads each environment's list of voided Play purchases since its last
 * run and claws back every one recorded here (a revocation seen before changes nothing), so a refund is
 * taken back even when its push notification never came.
 */
export async function readVoidedPurchases(db: Db): Promise<VoidedCounts> {
  const environmentsWithPlay = await db
    .select({ gameId: storeSettings.gameId, env: storeSettings.env })
    .from(storeSettings)
    .where(isNotNull(storeSettings.googlePlayPackageName));
  const counts: VoidedCounts = { voidedRead: 0, clawedBack: 0 };
  for (const scope of environmentsWithPlay) {
    try {
      const play = (await readStoreSettings(db, scope)).googlePlay;
      if (play) await readEnvironment(db, scope, { play, counts });
    } catch (error) {
      // One environment's bad key or Google's outage must not stop the others; the next run tries again.
      log.warn({ gameId: scope.gameId, env: scope.env, status: googleStatusOf(error) }, "google play voided purchases not read");
    }
  }
  return counts;
}

async function readEnvironment(db: Db, scope: GameScope, { play, counts }: { play: GooglePlaySettings; counts: VoidedCounts }): Promise<void> {
  const now = clock.now();
  const checked = await db
    .select({ checkedUntil: storeVoidedChecks.checkedUntil })
    .from(storeVoidedChecks)
    .where(and(eq(storeVoidedChecks.gameId, scope.gameId), eq(storeVoidedChecks.env, scope.env), eq(storeVoidedChecks.store, "google_play")));
  const last = checked[0]?.checkedUntil.getTime();
  if (last !== undefined && now.getTime() - last < VOIDED_INTERVAL_MS) return;
  const earliest = now.getTime() - VOIDED_HISTORY_MS;
  const startTime = Math.max(earliest, (last ?? earliest) - OVERLAP_MS);
  const api = await googlePlayApi(play);
  let token: string | undefined;
  do {
    const page = (
      await api.purchases.voidedpurchases.list({ packageName: play.packageName, startTime: String(startTime), endTime: String(now.getTime()), type: ONE_TIME_PRODUCTS, token })
    ).data;
    for (const voided of page.voidedPurchases ?? []) {
      counts.voidedRead += 1;
      if (await revokeVoided(db, scope, voided)) counts.clawedBack += 1;
    }
    token = page.tokenPagination?.nextPageToken ?? undefined;
  } while (token);
  await db
    .insert(storeVoidedChecks)
    .values({ gameId: scope.gameId, env: scope.env, store: "google_play", checkedUntil: now })
    .onConflictDoUpdate({ target: [storeVoidedChecks.gameId, storeVoidedChecks.env, storeVoidedChecks.store], set: { checkedUntil: now } });
}

async function revokeVoided(db: Db, scope: GameScope, voided: VoidedPurchase): Promise<boolean> {
  const purchaseToken = voided.purchaseToken ?? null;
  const transactionId = voided.orderId ?? purchaseToken;
  if (!transactionId) return false;
  const outcome = await revokeStoreTransaction(db, scope, { store: "google_play", transactionId, productId: null, purchaseToken, reason: "Google Play voided purchase" });
  return outcome.status === "clawed_back";
}
