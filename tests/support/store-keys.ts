import { generateKeyPairSync } from "node:crypto";

/** A fresh App Store Server API key, as the .p8 file App Store Connect gives (PKCS#8 PEM, EC P-256). */
export function appStoreApiKey(): string {
  return generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
}

/** A fresh Google service account key file's two fields the OAuth flow needs. */
export function googleServiceAccount(email = "gamecoin@demo-project.iam.gserviceaccount.com"): { client_email: string; private_key: string } {
  const pem = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  return { client_email: email, private_key: pem };
}
