import "server-only";
import type { Db } from "@/db/client";
import { authenticateKey, type KeyIdentity } from "@/server/keys/authenticate-key";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { tokenHolder } from "@/server/players/authenticate-player-token";
import type { AuthMode } from "./operation";
import type { HeaderReader } from "./api-message";

export type Authenticated = {
  identity: KeyIdentity;
  scope: GameScope;
  /** Whose idempotency keys these are: "server", the token's player id, or "client" (no token). */
  principal: string;
  /** The token's player on client token routes (its row is read by the pipeline when a handler needs it). */
  playerId: string | null;
};

function bearer(headers: HeaderReader): string | null {
  const value = headers.get("authorization");
  if (!value) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return match?.[1] ?? null;
}

const SECRET_PREFIX = "svc_sk_";

/** Server routes: `Authorization: Bearer svc_sk_…`. A publishable key is known but not allowed here. */
async function authenticateServer(db: Db, headers: HeaderReader): Promise<Authenticated> {
  const key = bearer(headers);
  if (!key) throw new AppError("UNAUTHENTICATED", "Send your secret key as `Authorization: Bearer svc_sk_…`.");
  const identity = await authenticateKey(db, key);
  if (!identity) throw new AppError("UNAUTHENTICATED", "The key is unknown or revoked.");
  if (identity.kind !== "secret") {
    throw new AppError("FORBIDDEN", "A publishable key only works on /client routes; server routes need the secret key.");
  }
  return { identity, scope: { gameId: identity.gameId, env: identity.env }, principal: "server", playerId: null };
}

/**
 * Client routes: the publishable key in `X-Service-Key`, and on token routes a player token as
 * `Authorization: Bearer svc_pt_…`. Every token failure looks the same (401).
 */
async function authenticateClient(db: Db, headers: HeaderReader, mode: "publishable" | "player"): Promise<Authenticated> {
  const serviceKey = headers.get("x-service-key");
  // SECURITY: a secret key must never travel through a browser; refuse it loudly wherever it appears.
  if (serviceKey?.startsWith(SECRET_PREFIX) || bearer(headers)?.startsWith(SECRET_PREFIX)) {
    throw new AppError("FORBIDDEN", "Secret keys must not be used on /client routes; use the publishable key.");
  }
  if (!serviceKey) throw new AppError("UNAUTHENTICATED", "Send your publishable key in the X-Service-Key header.");
  const identity = await authenticateKey(db, serviceKey);
  if (!identity) throw new AppError("UNAUTHENTICATED", "The publishable key is unknown or revoked.");
  if (identity.kind !== "publishable") throw new AppError("FORBIDDEN", "Secret keys must not be used on /client routes.");
  const scope: GameScope = { gameId: identity.gameId, env: identity.env };
  if (mode === "publishable") return { identity, scope, principal: "client", playerId: null };
  const token = bearer(headers);
  const holder = token ? await tokenHolder(db, scope, token) : null;
  if (!holder) throw new AppError("UNAUTHENTICATED", "The player token is missing, invalid or expired; get a new token.");
  if (holder.blocked) throw new AppError("PLAYER_BLOCKED", "This player is blocked.");
  return { identity, scope, principal: holder.playerId, playerId: holder.playerId };
}

export function authenticate(db: Db, mode: AuthMode, headers: HeaderReader): Promise<Authenticated> {
  return mode === "secret" ? authenticateServer(db, headers) : authenticateClient(db, headers, mode);
}
