import { bigint, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { environments, games } from "./tenancy";

export const stores = ["app_store", "google_play"] as const;
export type StoreName = (typeof stores)[number];

/**
 * An environment's App Store and Google Play settings (`test` is the stores' sandbox, `live` their
 * production). A store's columns are all null when it is not set up. SECURITY: private keys and the
 * notification token are sealed (server/lib/sealing.ts) for their game, environment and column; the
 * dashboard shows only the hints.
 */
export const storeSettings = pgTable(
  "store_settings",
  {
    gameId: text("game_id").notNull().references(() => games.id),
    env: text("env", { enum: environments }).notNull(),
    appStoreBundleId: text("app_store_bundle_id"),
    // Apple's numeric id of the app; the verifier needs it for production transactions only.
    appStoreAppAppleId: bigint("app_store_app_apple_id", { mode: "number" }),
    appStoreIssuerId: text("app_store_issuer_id"),
    appStoreKeyId: text("app_store_key_id"),
    appStorePrivateKey: text("app_store_private_key"),
    appStorePrivateKeyHint: text("app_store_private_key_hint"),
    appStoreUpdatedAt: timestamp("app_store_updated_at", { withTimezone: true, mode: "date" }),
    googlePlayPackageName: text("google_play_package_name"),
    googlePlayClientEmail: text("google_play_client_email"),
    googlePlayPrivateKey: text("google_play_private_key"),
    googlePlayPrivateKeyHint: text("google_play_private_key_hint"),
    // Sealed, not hashed: the studio may choose it (fixtures), so it need not be high-entropy.
    googlePlayNotificationToken: text("google_play_notification_token"),
    googlePlayNotificationTokenHint: text("google_play_notification_token_hint"),
    googlePlayUpdatedAt: timestamp("google_play_updated_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.env] })],
);
