import "server-only";
import type { androidpublisher_v3 } from "@googleapis/androidpublisher";
import { AppError, UNAVAILABLE_RETRY_AFTER_SECONDS } from "@/server/lib/errors";
import { config } from "@/server/lib/config";
import type { GooglePlaySettings } from "@/server/stores/settings/read-store-settings";

export type GooglePlayApi = androidpublisher_v3.Androidpublisher;
export type ProductPurchase = androidpublisher_v3.Schema$ProductPurchase;
export type VoidedPurchase = androidpublisher_v3.Schema$VoidedPurchase;

/**
 * A purchase is verified inside the request's transaction (its idempotency record commits with the
 * order), so no call to Google may hold it long: past this, the request is a 503 and changes nothing.
 */
const STORE_CALL_TIMEOUT_MS = 10_000;
const ANDROID_PUBLISHER_SCOPE = "https://www.googleapis.com/auth/androidpublisher";
/** Where Google's auth library sends the service-account assertion (and the audience it signs for). */
const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";

/**
 * Google's official Play Developer API client, authenticated as the studio's service account: the
 * auth library signs the RS256 assertion and trades it for an access token. `GOOGLE_PLAY_API_BASE` is
 * the client's `rootUrl`; `GOOGLE_OAUTH_TOKEN_URL` replaces the token endpoint, which the auth library
 * does not let one configure, by rewriting only that address on the client's own transport.
 */
export async function googlePlayApi(settings: GooglePlaySettings): Promise<GooglePlayApi> {
  // Loaded on first use: Google's client and auth library hold about 18 MB that a game without Google
  // Play sales, and every instance until its first one, need not carry (docs/performance.md, memory).
  const { androidpublisher, auth } = await import("@googleapis/androidpublisher");
  const { GOOGLE_PLAY_API_BASE: rootUrl, GOOGLE_OAUTH_TOKEN_URL: tokenUrl } = config();
  const client = new auth.JWT({ email: settings.serviceAccount.client_email, key: settings.serviceAccount.private_key, scopes: [ANDROID_PUBLISHER_SCOPE] });
  client.transporter.interceptors.request.add({
    resolved: async (options) => {
      if (tokenUrl !== GOOGLE_TOKEN_URL && String(options.url) === GOOGLE_TOKEN_URL) options.url = new URL(tokenUrl);
      options.timeout = STORE_CALL_TIMEOUT_MS;
      return options;
    },
  });
  return androidpublisher({ version: "v3", auth: client, rootUrl: rootUrl.endsWith("/") ? rootUrl : `${rootUrl}/`, retry: false, timeout: STORE_CALL_TIMEOUT_MS });
}

/** The HTTP status of a failed API call, when the API answered at all. */
export function googleStatusOf(error: unknown): number | null {
  if (typeof error !== "object" || error === null) return null;
  const status = (error as { status?: unknown; response?: { status?: unknown } }).status ?? (error as { response?: { status?: unknown } }).response?.status;
  return typeof status === "number" ? status : null;
}

export function googlePlayUnavailable(error: unknown): AppError {
  const status = googleStatusOf(error);
  return new AppError(
    "SERVICE_UNAVAILABLE",
    `The Google Play Developer API did not answer as expected${status === null ? "" : ` (HTTP ${status})`}; nothing was recorded and trying again is safe.`,
    { retryable: true },
    { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
  );
}
