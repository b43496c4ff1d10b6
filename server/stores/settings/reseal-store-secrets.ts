import "server-only";
import { and, eq, isNotNull, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { storeSettings } from "@/db/schema";
import { needsResealing, UnsealError } from "@/server/lib/sealing";
import { sealStoreSecret, unsealStoreSecret, type StoreSecretKind } from "./store-secrets";

export type ResealCounts = { resealed: number; unreadable: number };

const columns = [
  ["app-store-private-key", "appStorePrivateKey"],
  ["google-play-private-key", "googlePlayPrivateKey"],
  ["google-play-notification-token", "googlePlayNotificationToken"],
] as const satisfies readonly (readonly [StoreSecretKind, keyof typeof storeSettings.$inferSelect])[];

/**
 * Store keys and notification tokens sealed under a previous AUTH_SECRET are sealed again under the
 * current one, so they keep opening once AUTH_SECRET_PREVIOUS is dropped (as resealStripeKeys does).
 * A value no configured secret opens is counted, never logged; the studio enters it again in the
 * dashboard. `only.gameId` limits it to one game (tests that rotate AUTH_SECRET).
 */
export async function resealStoreSecrets(db: Db, only: { gameId?: string } = {}): Promise<ResealCounts> {
  const stored = or(...columns.map(([, column]) => isNotNull(storeSettings[column])));
  const rows = await db
    .select()
    .from(storeSettings)
    .where(only.gameId === undefined ? stored : and(stored, eq(storeSettings.gameId, only.gameId)));
  const counts: ResealCounts = { resealed: 0, unreadable: 0 };
  for (const row of rows) {
    for (const [kind, column] of columns) {
      const sealed = row[column];
      if (sealed === null || !needsResealing(sealed)) continue;
      let plain: string;
      try {
        plain = unsealStoreSecret(kind, sealed, row);
      } catch (error) {
        if (!(error instanceof UnsealError)) throw error;
        counts.unreadable += 1;
        continue;
      }
      // Only if nobody saved a new value meanwhile.
      const changed = await db
        .update(storeSettings)
        .set({ [column]: sealStoreSecret(kind, plain, row) })
        .where(and(eq(storeSettings.gameId, row.gameId), eq(storeSettings.env, row.env), eq(storeSettings[column], sealed)))
        .returning({ gameId: storeSettings.gameId });
      counts.resealed += changed.length;
    }
  }
  return counts;
}
