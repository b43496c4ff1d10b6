import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games } from "@/db/schema";
import { notFound } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { appStoreNotificationUrl, googlePlayNotificationUrl } from "./store-notification-urls";
import { findStoreSettingsRow, type StoreSettingsRow } from "./store-settings-row";

/** An environment's store settings as the dashboard shows them: ids and hints, never a key or the token. */
export type StoreSettingsView = {
  env: GameScope["env"];
  appStore: {
    bundleId: string;
    appAppleId: number | null;
    issuerId: string;
    keyId: string;
    privateKeyHint: string | null;
    updatedAt: string | null;
  } | null;
  googlePlay: {
    packageName: string;
    clientEmail: string | null;
    privateKeyHint: string | null;
    notificationTokenHint: string | null;
    updatedAt: string | null;
  } | null;
  /** What to paste into App Store Connect and into the Pub/Sub push subscription (the token shown once). */
  notificationUrls: { appStore: string; googlePlay: string };
};

export async function gameSlugOf(db: Db, gameId: string): Promise<string> {
  const rows = await db.select({ slug: games.slug }).from(games).where(eq(games.id, gameId)).limit(1);
  if (!rows[0]) throw notFound("Game");
  return rows[0].slug;
}

export function toStoreSettingsView(scope: GameScope, slug: string, row: StoreSettingsRow | null): StoreSettingsView {
  return {
    env: scope.env,
    appStore:
      row?.appStoreBundleId && row.appStoreIssuerId && row.appStoreKeyId
        ? {
            bundleId: row.appStoreBundleId,
            appAppleId: row.appStoreAppAppleId,
            issuerId: row.appStoreIssuerId,
            keyId: row.appStoreKeyId,
            privateKeyHint: row.appStorePrivateKeyHint,
            updatedAt: row.appStoreUpdatedAt?.toISOString() ?? null,
          }
        : null,
    googlePlay: row?.googlePlayPackageName
      ? {
          packageName: row.googlePlayPackageName,
          clientEmail: row.googlePlayClientEmail,
          privateKeyHint: row.googlePlayPrivateKeyHint,
          notificationTokenHint: row.googlePlayNotificationTokenHint,
          updatedAt: row.googlePlayUpdatedAt?.toISOString() ?? null,
        }
      : null,
    notificationUrls: { appStore: appStoreNotificationUrl(slug, scope.env), googlePlay: googlePlayNotificationUrl(slug, scope.env) },
  };
}

/** An environment's store settings for the dashboard. */
export async function getStoreSettingsView(db: Db, scope: GameScope): Promise<StoreSettingsView> {
  const [slug, row] = await Promise.all([gameSlugOf(db, scope.gameId), findStoreSettingsRow(db, scope)]);
  return toStoreSettingsView(scope, slug, row);
}
