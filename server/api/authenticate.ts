import type { Db } from "@/db/client";
import { authenticateKey, type KeyIdentity } from "@/server/keys/authenticate-key";
import { AppError } from "@/server/lib/errors";

function bearer(headers: Headers): string | null {
  const value = headers.get("authorization");
  if (!value) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return match?.[1] ?? null;
}

/** Server routes: `Authorization: Bearer svc_sk_…`. A publishable key is known but not allowed here. */
export async function authenticateSecretKey(db: Db, headers: Headers): Promise<KeyIdentity> {
  const key = bearer(headers);
  if (!key) throw new AppError("UNAUTHENTICATED", "Send your secret key as `Authorization: Bearer svc_sk_…`.");
  const identity = await authenticateKey(db, key);
  if (!identity) throw new AppError("UNAUTHENTICATED", "The key is unknown or revoked.");
  if (identity.kind !== "secret") {
    throw new AppError("FORBIDDEN", "A publishable key only works on /client routes; server routes need the secret key.");
  }
  return identity;
}
