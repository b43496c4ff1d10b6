import "server-only";
import { createHash, createPublicKey, type KeyObject } from "node:crypto";
import type { Environment } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";
import { seal, unseal } from "@/server/lib/sealing";

export type StoreSecretKind = "app-store-private-key" | "google-play-private-key" | "google-play-notification-token";

/** SECURITY: the context binds a sealed value to its kind, game and environment; a copied value opens nowhere else. */
function contextOf(kind: StoreSecretKind, gameId: string, env: Environment): string {
  return `store-${kind}:${gameId}:${env}`;
}

export function sealStoreSecret(kind: StoreSecretKind, value: string, { gameId, env }: GameScope): string {
  return seal(value, contextOf(kind, gameId, env));
}

export function unsealStoreSecret(kind: StoreSecretKind, sealed: string, { gameId, env }: GameScope): string {
  return unseal(sealed, contextOf(kind, gameId, env));
}

/**
 * What the dashboard shows of a private key: its type and the start of its public key's SHA-256, which
 * the studio can compare with the key file it holds without anything secret being shown.
 */
export function privateKeyHint(key: KeyObject): string {
  const publicDer = createPublicKey(key).export({ type: "spki", format: "der" });
  const fingerprint = createHash("sha256").update(publicDer).digest("hex").slice(0, 12);
  const type = key.asymmetricKeyType === "ec" ? "EC P-256" : "RSA";
  return `${type} key, SHA-256 ${fingerprint}…`;
}

/** What the dashboard shows of the notification token: its last four characters. */
export function tokenHint(token: string): string {
  return `…${token.slice(-4)}`;
}
