import "server-only";
import type { AppStoreServerAPIClient } from "@apple/app-store-server-library";
import type { Environment as GamecoinEnvironment } from "@/db/schema";
import { AppError, UNAVAILABLE_RETRY_AFTER_SECONDS } from "@/server/lib/errors";
import { config } from "@/server/lib/config";
import type { AppStoreSettings } from "@/server/stores/settings/read-store-settings";
import { appleLibrary, isAppleApiException } from "./apple-library";
import { appleEnvironmentOf } from "./app-store-verifier";

/**
 * Apple's App Store Server API client for one environment's app (ES256 bearer tokens signed with the
 * studio's key). `APP_STORE_API_BASE`, when set, replaces Apple's address for both environments.
 */
export async function appStoreApi(settings: AppStoreSettings, env: GamecoinEnvironment): Promise<AppStoreServerAPIClient> {
  const apple = await appleLibrary();
  const client = new apple.AppStoreServerAPIClient(settings.privateKey, settings.keyId, settings.issuerId, settings.bundleId, appleEnvironmentOf(apple, env));
  const base = config().APP_STORE_API_BASE;
  // The library takes its address from the environment only; its one field for it is not public.
  if (base !== undefined) Reflect.set(client, "urlBase", base.replace(/\/+$/, ""));
  return client;
}

/**
 * A purchase is verified inside the request's transaction (its idempotency record commits with the
 * order), and Apple's client sets no timeout of its own: past this, the call is abandoned and the
 * request is a 503 that changes nothing.
 */
const STORE_CALL_TIMEOUT_MS = 10_000;

export class StoreCallTimeout extends Error {}

/** One App Store Server API call, abandoned after STORE_CALL_TIMEOUT_MS. */
export async function withinTimeout<T>(call: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreCallTimeout("The App Store Server API did not answer in time.")), STORE_CALL_TIMEOUT_MS);
  });
  try {
    return await Promise.race([call, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Apple's "transaction id not found" answers (v1 4040010, and the original-id variant). */
const NOT_FOUND_CODES = new Set([4040010, 4040005]);

/** Whether the API said the transaction does not exist (as opposed to failing). */
export function isUnknownTransaction(error: unknown): boolean {
  return isAppleApiException(error) && (error.httpStatusCode === 404 || (error.apiError !== null && NOT_FOUND_CODES.has(Number(error.apiError))));
}

/** An API failure that says nothing about the purchase: the caller may try again. */
export function appStoreUnavailable(error: unknown): AppError {
  const status = isAppleApiException(error) ? ` (HTTP ${error.httpStatusCode})` : "";
  return new AppError("SERVICE_UNAVAILABLE", `The App Store Server API did not answer as expected${status}; nothing was recorded and trying again is safe.`, { retryable: true }, {
    "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS),
  });
}
