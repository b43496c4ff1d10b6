import "server-only";
import { createPrivateKey, type KeyObject } from "node:crypto";
import { z } from "zod";

/**
 * What a studio saves for one environment. A store left out stays as it is; `null` removes it. Inside a
 * store, a secret left out (or empty) keeps the stored one, so a bundle id can change without pasting
 * the key again; `rollNotificationToken` makes a new Google Play notification token.
 */
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

/** Apple's bundle ids: reverse-DNS, letters, digits, hyphens and periods. */
const BUNDLE_ID = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
/** Android application ids: two or more segments, each starting with a letter. */
const PACKAGE_NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
/** Printable characters without spaces: ids and tokens are pasted, and a stray space is a mistake. */
const NO_SPACES = /^\S+$/;

const appAppleId = z
  .union([z.number(), z.string().trim().regex(/^\d{1,15}$/, "Must be Apple's numeric app id").transform(Number)])
  .pipe(z.number().int("Must be Apple's numeric app id").positive("Must be Apple's numeric app id").max(Number.MAX_SAFE_INTEGER))
  .nullable()
  .optional();

export const AppStoreSettingsInput = z.strictObject({
  bundleId: text(155).min(1, "Required").regex(BUNDLE_ID, "Must be a bundle id such as com.studio.game"),
  appAppleId,
  issuerId: text(100).min(1, "Required").regex(NO_SPACES, "No spaces"),
  keyId: text(100).min(1, "Required").regex(NO_SPACES, "No spaces"),
  privateKey: z.string().trim().max(10_000, "At most 10000 characters").optional(),
});
export type AppStoreSettingsInput = z.infer<typeof AppStoreSettingsInput>;

/** Google's service-account key file, pasted whole: only these two fields are kept (the others name the project). */
const ServiceAccountKey = z.object({
  client_email: text(320).email("Must be the service account's e-mail address"),
  private_key: z.string().trim().min(1, "Required").max(10_000, "At most 10000 characters"),
});

/** The key file as pasted (its JSON text) or as an object (fixtures). */
const serviceAccount = z.preprocess((value) => {
  if (typeof value !== "string") return value;
  if (value.trim() === "") return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, ServiceAccountKey.optional());

export const GooglePlaySettingsInput = z.strictObject({
  packageName: text(255).min(1, "Required").regex(PACKAGE_NAME, "Must be a package name such as com.studio.game"),
  serviceAccount,
  notificationToken: text(255).regex(NO_SPACES, "No spaces").optional().or(z.literal("")),
  rollNotificationToken: z.boolean().optional(),
});
export type GooglePlaySettingsInput = z.infer<typeof GooglePlaySettingsInput>;

export const StoreSettingsInput = z.strictObject({
  appStore: AppStoreSettingsInput.nullable().optional(),
  googlePlay: GooglePlaySettingsInput.nullable().optional(),
});
export type StoreSettingsInput = z.input<typeof StoreSettingsInput>;
export type ParsedStoreSettingsInput = z.infer<typeof StoreSettingsInput>;

/** The key's object when `pem` is a private key of `type` ("ec" on P-256 for Apple, "rsa" for Google), else null. */
export function parsePrivateKey(pem: string, type: "ec" | "rsa"): KeyObject | null {
  // Keys pasted from a JSON file sometimes keep their escaped line breaks.
  const text = pem.includes("\\n") && !pem.includes("\n") ? pem.replaceAll("\\n", "\n") : pem;
  let key: KeyObject;
  try {
    key = createPrivateKey(text);
  } catch {
    return null;
  }
  if (key.asymmetricKeyType !== type) return null;
  if (type === "ec" && key.asymmetricKeyDetails?.namedCurve !== "prime256v1") return null;
  return key;
}

/** The PEM text as it will be stored: PKCS#8, the form both stores' libraries read. */
export function pkcs8Pem(key: KeyObject): string {
  return key.export({ type: "pkcs8", format: "pem" }).toString();
}

/** Whether `given` is the same private key as the stored PKCS#8 `stored` (whatever PEM form it was given in). */
export function samePrivateKey(given: string, stored: string, type: "ec" | "rsa"): boolean {
  const key = parsePrivateKey(given, type);
  return key !== null && pkcs8Pem(key) === stored;
}
