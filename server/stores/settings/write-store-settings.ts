import "server-only";
import type { Db } from "@/db/client";
import { storeSettings } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { validationError, type FieldErrors } from "@/server/lib/errors";
import { emptyFieldErrors, toFieldErrors } from "@/server/lib/field-errors";
import type { GameScope } from "@/server/lib/scope";
import { newSecret } from "@/server/lib/secrets";
import { googlePlayNotificationUrl } from "./store-notification-urls";
import { privateKeyHint, sealStoreSecret, tokenHint } from "./store-secrets";
import {
  parsePrivateKey,
  pkcs8Pem,
  StoreSettingsInput,
  type AppStoreSettingsInput,
  type GooglePlaySettingsInput,
} from "./store-settings-input";
import { findStoreSettingsRow, type StoreSettingsRow } from "./store-settings-row";
import { gameSlugOf, toStoreSettingsView, type StoreSettingsView } from "./store-settings-view";

type Changes = Partial<typeof storeSettings.$inferInsert>;

export type StoreSettingsWritten = {
  settings: StoreSettingsView;
  /**
   * The Google Play notification token and its full push URL when this save chose or generated one:
   * shown once, never stored in the clear, never audited.
   */
  revealed: { notificationToken: string; googlePlayNotificationUrl: string } | null;
};

const NO_APP_STORE: Changes = {
  appStoreBundleId: null,
  appStoreAppAppleId: null,
  appStoreIssuerId: null,
  appStoreKeyId: null,
  appStorePrivateKey: null,
  appStorePrivateKeyHint: null,
};

const NO_GOOGLE_PLAY: Changes = {
  googlePlayPackageName: null,
  googlePlayClientEmail: null,
  googlePlayPrivateKey: null,
  googlePlayPrivateKeyHint: null,
  googlePlayNotificationToken: null,
  googlePlayNotificationTokenHint: null,
};

function appStoreChanges(scope: GameScope, { input, row, errors }: { input: AppStoreSettingsInput; row: StoreSettingsRow | null; errors: FieldErrors }): Changes {
  const changes: Changes = {
    appStoreBundleId: input.bundleId,
    appStoreAppAppleId: input.appAppleId ?? null,
    appStoreIssuerId: input.issuerId,
    appStoreKeyId: input.keyId,
  };
  if (scope.env === "live" && !input.appAppleId) {
    errors["appStore.appAppleId"] = ["Required for the App Store's production environment (live)"];
  }
  if (input.privateKey) {
    const key = parsePrivateKey(input.privateKey, "ec");
    if (!key) {
      errors["appStore.privateKey"] = ["Must be the App Store Server API key file (.p8): an EC P-256 private key in PEM"];
    } else {
      changes.appStorePrivateKey = sealStoreSecret("app-store-private-key", pkcs8Pem(key), scope);
      changes.appStorePrivateKeyHint = privateKeyHint(key);
    }
  } else if (!row?.appStorePrivateKey) {
    errors["appStore.privateKey"] = ["Required"];
  }
  return changes;
}

function googlePlayChanges(
  scope: GameScope,
  { input, row, errors }: { input: GooglePlaySettingsInput; row: StoreSettingsRow | null; errors: FieldErrors },
): { changes: Changes; token: string | null } {
  const changes: Changes = { googlePlayPackageName: input.packageName };
  if (input.serviceAccount) {
    const key = parsePrivateKey(input.serviceAccount.private_key, "rsa");
    if (!key) {
      errors["googlePlay.serviceAccount.private_key"] = ["Must be the service account key's RSA private key in PEM"];
    } else {
      changes.googlePlayClientEmail = input.serviceAccount.client_email;
      changes.googlePlayPrivateKey = sealStoreSecret("google-play-private-key", pkcs8Pem(key), scope);
      changes.googlePlayPrivateKeyHint = privateKeyHint(key);
    }
  } else if (!row?.googlePlayPrivateKey) {
    errors["googlePlay.serviceAccount"] = ["Required"];
  }
  let token: string | null = input.notificationToken || null;
  if (token && input.rollNotificationToken) {
    errors["googlePlay.rollNotificationToken"] = ["Either a token or a new one, not both"];
  }
  // A token the studio did not choose is made here; the first save always has one.
  if (!token && (input.rollNotificationToken || !row?.googlePlayNotificationToken)) token = newSecret("gpn_", 24);
  if (token) {
    changes.googlePlayNotificationToken = sealStoreSecret("google-play-notification-token", token, scope);
    changes.googlePlayNotificationTokenHint = tokenHint(token);
  }
  return { changes, token };
}

async function upsert(db: Db, scope: GameScope, changes: Changes): Promise<StoreSettingsRow | undefined> {
  const rows = await db
    .insert(storeSettings)
    .values({ ...scope, ...changes })
    // CONCURRENCY: two first saves of an environment meet here; the later one wins, as with any two saves.
    .onConflictDoUpdate({ target: [storeSettings.gameId, storeSettings.env], set: changes })
    .returning();
  return rows[0];
}

/**
 * Saves an environment's store settings (the caller's transaction, audited in the dashboard): checked
 * whole, then written at once, so a refused save changes nothing. Keys are stored sealed, with hints.
 */
export async function writeStoreSettings(db: Db, scope: GameScope, input: StoreSettingsInput): Promise<StoreSettingsWritten> {
  const parsed = StoreSettingsInput.safeParse(input, { reportInput: true });
  if (!parsed.success) throw validationError(toFieldErrors(parsed.error, "settings"));
  const slug = await gameSlugOf(db, scope.gameId);
  const row = await findStoreSettingsRow(db, scope, { forUpdate: true });
  const errors = emptyFieldErrors();
  const now = clock.now();
  let changes: Changes = {};
  let token: string | null = null;
  const { appStore, googlePlay } = parsed.data;
  if (appStore === null) changes = { ...changes, ...NO_APP_STORE, appStoreUpdatedAt: now };
  if (appStore) changes = { ...changes, ...appStoreChanges(scope, { input: appStore, row, errors }), appStoreUpdatedAt: now };
  if (googlePlay === null) changes = { ...changes, ...NO_GOOGLE_PLAY, googlePlayUpdatedAt: now };
  if (googlePlay) {
    const google = googlePlayChanges(scope, { input: googlePlay, row, errors });
    changes = { ...changes, ...google.changes, googlePlayUpdatedAt: now };
    token = google.token;
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const updated = Object.keys(changes).length > 0 ? await upsert(db, scope, changes) : row;
  return {
    settings: toStoreSettingsView(scope, slug, updated ?? null),
    revealed: token ? { notificationToken: token, googlePlayNotificationUrl: googlePlayNotificationUrl(slug, scope.env, token) } : null,
  };
}
