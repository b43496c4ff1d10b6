import "server-only";
import type {
  Environment,
  JWSTransactionDecodedPayload,
  ResponseBodyV2DecodedPayload,
  SignedDataVerifier,
  VerificationException,
} from "@apple/app-store-server-library";
import type { Environment as GamecoinEnvironment } from "@/db/schema";
import { AppError, UNAVAILABLE_RETRY_AFTER_SECONDS } from "@/server/lib/errors";
import type { AppStoreSettings } from "@/server/stores/settings/read-store-settings";
import { appleLibrary, type Apple } from "./apple-library";
import { trustedAppleRoots, type TrustedRoots } from "./apple-roots";

/** The App Store's Sandbox is Gamecoin's `test`, its Production is `live`. */
export function appleEnvironmentOf(apple: Apple, env: GamecoinEnvironment): Environment {
  return env === "live" ? apple.Environment.PRODUCTION : apple.Environment.SANDBOX;
}

/**
 * Apple's own verifier for one environment's app: the chain up to a trusted root (with the App Store's
 * certificate OIDs), the signature, the bundle id, the App Apple ID (production) and the environment.
 * Never the Xcode or local-testing environments, which skip the signature.
 */
export async function appStoreVerifier(settings: AppStoreSettings, env: GamecoinEnvironment): Promise<SignedDataVerifier> {
  const apple = await appleLibrary();
  const environment = appleEnvironmentOf(apple, env);
  if (environment === apple.Environment.PRODUCTION && settings.appAppleId === null) {
    throw new AppError("CONFLICT", "The App Store settings of the live environment have no App Apple ID: add it in Keys & settings → Stores.");
  }
  const roots = trustedAppleRoots();
  // One verifier per app and environment: the library caches verified certificate chains (and their
  // OCSP answers, in production) for 15 minutes per instance.
  const key = `${environment}\n${settings.bundleId}\n${settings.appAppleId ?? ""}`;
  const cached = verifiers.get(key);
  if (cached && cached.roots === roots) return cached.verifier;
  if (verifiers.size >= MAX_CACHED_VERIFIERS) verifiers.clear();
  const verifier = new apple.SignedDataVerifier(roots.certificates, roots.onlineChecks, environment, settings.bundleId, settings.appAppleId ?? undefined);
  verifiers.set(key, { roots, verifier });
  return verifier;
}

const MAX_CACHED_VERIFIERS = 500;
const verifiers = new Map<string, { roots: TrustedRoots; verifier: SignedDataVerifier }>();

/** Why a verification failed, in words a studio can act on. */
function refusalOf(apple: Apple, error: VerificationException, at: { what: string; env: GamecoinEnvironment }): AppError {
  const { what, env } = at;
  switch (error.status) {
    case apple.VerificationStatus.INVALID_APP_IDENTIFIER:
      return new AppError("VALIDATION_FAILED", `The ${what} belongs to another app than this environment's bundle id.`, { reason: "app" });
    case apple.VerificationStatus.INVALID_ENVIRONMENT:
      return new AppError(
        "VALIDATION_FAILED",
        `The ${what} comes from the App Store's ${env === "live" ? "Sandbox" : "Production"}, which is not the ${env} environment (Sandbox → test, Production → live).`,
        { reason: "environment" },
      );
    case apple.VerificationStatus.RETRYABLE_VERIFICATION_FAILURE:
      return new AppError("SERVICE_UNAVAILABLE", "Apple's certificate status service did not answer; trying again is safe.", { retryable: true }, {
        "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS),
      });
    default:
      return new AppError("VALIDATION_FAILED", `The ${what}'s signature or certificate chain does not verify.`, { reason: "signature" });
  }
}

async function verified<T>(run: () => Promise<T>, what: string, env: GamecoinEnvironment): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const apple = await appleLibrary();
    if (error instanceof apple.VerificationException) throw refusalOf(apple, error, { what, env });
    // The library throws its own errors for input that is not a JWS at all.
    throw new AppError("VALIDATION_FAILED", `The ${what} is not a signed App Store JWS.`, { reason: "signature" });
  }
}

export function verifyAppStoreTransaction(verifier: SignedDataVerifier, signed: string, env: GamecoinEnvironment): Promise<JWSTransactionDecodedPayload> {
  return verified(() => verifier.verifyAndDecodeTransaction(signed), "signed transaction", env);
}

export function verifyAppStoreNotification(verifier: SignedDataVerifier, signedPayload: string, env: GamecoinEnvironment): Promise<ResponseBodyV2DecodedPayload> {
  return verified(() => verifier.verifyAndDecodeNotification(signedPayload), "notification", env);
}
