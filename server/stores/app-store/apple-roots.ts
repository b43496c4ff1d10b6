import "server-only";
import { X509Certificate, createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { config } from "@/server/lib/config";

/**
 * Apple Root CA - G3 (https://www.apple.com/certificateauthority/AppleRootCA-G3.cer), DER in base64:
 * the root of every StoreKit 2 transaction and App Store Server Notification V2. A public certificate.
 * SHA-256 63:34:3A:BF:B8:9A:6A:03:EB:B5:7E:9B:3F:5F:A7:BE:7C:4F:5C:75:6F:30:17:B3:A8:C4:88:C3:65:3E:91:79.
 */
const APPLE_ROOT_CA_G3 =
  "MIICQzCCAcmgAwIBAgIILcX8iNLFS5UwCgYIKoZIzj0EAwMwZzEbMBkGA1UEAwwSQXBwbGUgUm9vdCBDQSAtIEczMSYwJAYDVQQLDB1BcHBsZSBDZXJ0aWZpY2F0aW9uIEF1dGhvcml0eTETMBEGA1UECgwKQXBwbGUgSW5jLjELMAkGA1UEBhMCVVMwHhcNMTQwNDMwMTgxOTA2WhcNMzkwNDMwMTgxOTA2WjBnMRswGQYDVQQDDBJBcHBsZSBSb290IENBIC0gRzMxJjAkBgNVBAsMHUFwcGxlIENlcnRpZmljYXRpb24gQXV0aG9yaXR5MRMwEQYDVQQKDApBcHBsZSBJbmMuMQswCQYDVQQGEwJVUzB2MBAGByqGSM49AgEGBSuBBAAiA2IABJjpLz1AcqTtkyJygRMc3RCV8cWjTnHcFBbZDuWmBSp3ZHtfTjjTuxxEtX/1H7YyYl3J6YRbTzBPEVoA/VhYDKX1DyxNB0cTddqXl5dvMVztK517IDvYuVTZXpmkOlEKMaNCMEAwHQYDVR0OBBYEFLuw3qFYM4iapIqZ3r6966/ayySrMA8GA1UdEwEB/wQFMAMBAf8wDgYDVR0PAQH/BAQDAgEGMAoGCCqGSM49BAMDA2gAMGUCMQCD6cHEFl4aXTQY2e3v9GwOAEZLuN+yRhHFD/3meoyhpmvOwgPUnPWTxnS4at+qIxUCMG1mihDK1A3UT82NQz60imOlM27jbdoXt2QfyFMm+YhidDkLF1vLUagM6BgD56KyKA==";

const appleRoot = Buffer.from(APPLE_ROOT_CA_G3, "base64");
const appleFingerprints = new Set([fingerprint(appleRoot)]);

/** The roots signed data must chain up to, and whether the library checks revocation online (OCSP). */
export type TrustedRoots = { certificates: Buffer[]; onlineChecks: boolean };

let cached: { source: string | undefined; roots: TrustedRoots } | undefined;

/**
 * Apple's published root unless `APPLE_ROOT_CERTIFICATES` names others (comma-separated DER or PEM
 * files). Online checks (OCSP at Apple, and expiry against today's date) run exactly when every trusted
 * root is Apple's: a chain of one's own has no OCSP responder, so staging and tests verify signature,
 * chain, OIDs and dates at the signing time, and production always asks Apple (docs/decisions.md).
 */
export function trustedAppleRoots(): TrustedRoots {
  const source = config().APPLE_ROOT_CERTIFICATES;
  if (cached && cached.source === source) return cached.roots;
  const certificates = source === undefined ? [appleRoot] : source.split(",").map((path) => path.trim()).filter(Boolean).map(readCertificate);
  const roots = { certificates, onlineChecks: certificates.every((der) => appleFingerprints.has(fingerprint(der))) };
  cached = { source, roots };
  return roots;
}

/** DER bytes of a DER or PEM certificate file (X509Certificate reads both). */
function readCertificate(path: string): Buffer {
  return new X509Certificate(readFileSync(path)).raw;
}

function fingerprint(der: Buffer): string {
  return createHash("sha256").update(der).digest("hex");
}
