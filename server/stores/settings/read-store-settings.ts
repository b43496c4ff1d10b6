import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameEnvironments, games, type Environment } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { UnsealError } from "@/server/lib/sealing";
import { unsealStoreSecret, type StoreSecretKind } from "./store-secrets";
import { findStoreSettingsRow, type StoreSettingsRow } from "./store-settings-row";

/** The App Store settings of an environment, opened: what Apple's library needs to verify and to call the API. */
export type AppStoreSettings = {
  bundleId: string;
  /** Required by Apple's verifier in production (`live`) only. */
  appAppleId: number | null;
  issuerId: string;
  keyId: string;
  /** PKCS#8 PEM of the App Store Server API key (EC P-256). */
  privateKey: string;
};

/** Google Play's settings of an environment, opened. */
export type GooglePlaySettings = {
  packageName: string;
  /** The two fields of the service-account key file the OAuth flow needs (PKCS#8 PEM RSA key). */
  serviceAccount: { client_email: string; private_key: string };
  /** The `token` query parameter that authenticates Real-time developer notifications. */
  notificationToken: string;
};

/** An environment's store settings for the server side; a store not set up is null. */
export type StoreSettings = {
  scope: GameScope;
  appStore: AppStoreSettings | null;
  googlePlay: GooglePlaySettings | null;
};

/**
 * Opens one sealed column. A value no configured AUTH_SECRET opens is a refusal that tells the studio
 * what to do, never a 500 or the sealed text.
 */
function open(kind: StoreSecretKind, sealed: string, row: StoreSettingsRow): string {
  try {
    return unsealStoreSecret(kind, sealed, row);
  } catch (error) {
    if (!(error instanceof UnsealError)) throw error;
    const store = kind.startsWith("app-store") ? "App Store" : "Google Play";
    throw new AppError(
      "CONFLICT",
      `The ${store} settings of the ${row.env} environment cannot be opened (AUTH_SECRET changed); enter them again in Keys & settings → Stores.`,
    );
  }
}

function appStoreOf(row: StoreSettingsRow): AppStoreSettings | null {
  const { appStoreBundleId: bundleId, appStoreIssuerId: issuerId, appStoreKeyId: keyId, appStorePrivateKey: sealed } = row;
  if (!bundleId || !issuerId || !keyId || !sealed) return null;
  return { bundleId, appAppleId: row.appStoreAppAppleId, issuerId, keyId, privateKey: open("app-store-private-key", sealed, row) };
}

function googlePlayOf(row: StoreSettingsRow): GooglePlaySettings | null {
  const { googlePlayPackageName: packageName, googlePlayClientEmail: clientEmail, googlePlayPrivateKey: sealedKey, googlePlayNotificationToken: sealedToken } = row;
  if (!packageName || !clientEmail || !sealedKey || !sealedToken) return null;
  return {
    packageName,
    serviceAccount: { client_email: clientEmail, private_key: open("google-play-private-key", sealedKey, row) },
    notificationToken: open("google-play-notification-token", sealedToken, row),
  };
}

export function openStoreSettings(scope: GameScope, row: StoreSettingsRow | null): StoreSettings {
  return { scope, appStore: row ? appStoreOf(row) : null, googlePlay: row ? googlePlayOf(row) : null };
}

/** An environment's store settings, secrets opened (server side only: never send this to a browser). */
export async function readStoreSettings(db: Db, scope: GameScope): Promise<StoreSettings> {
  return openStoreSettings(scope, await findStoreSettingsRow(db, scope));
}

/**
 * The store settings of the environment a notification URL names (`/api/stores/…/<game-slug>/<env>`),
 * or null when no such game exists.
 */
export async function readStoreSettingsByGameSlug(db: Db, gameSlug: string, env: Environment): Promise<StoreSettings | null> {
  const rows = await db
    .select({ gameId: games.id })
    .from(games)
    .innerJoin(gameEnvironments, and(eq(gameEnvironments.gameId, games.id), eq(gameEnvironments.env, env)))
    .where(eq(games.slug, gameSlug))
    .limit(1);
  const gameId = rows[0]?.gameId;
  if (!gameId) return null;
  return readStoreSettings(db, { gameId, env });
}
