/** Shared helpers of the client API tests (tests/client): players, tokens and calls with the publishable key. */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/server/db/connection";
import { playerTokens } from "@/db/schema";
import { resetConfigForTests } from "@/server/lib/config";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { sha256Hex } from "@/server/lib/secrets";
import { forgetCachedPlayerTokens } from "@/server/players/authenticate-player-token";
import { ensurePlayer } from "./domain-helpers";
import { call, extRef, idem, type ApiResponse, type TestGame } from "./harness";

export type ErrorBody = { error: { code: string; message: string; details?: Record<string, unknown> } };
export type PlayerView = {
  id: string;
  externalId: string | null;
  kind: "external" | "hosted";
  displayName: string | null;
  country: string | null;
  blocked: boolean;
  createdAt: string;
};
export type Balance = { currency: string; paid: number; bonus: number; total: number };
export type InventoryItem = { sku: string; quantity: number; updatedAt: string };
export type PlayerToken = { token: string; expiresAt: string };
export type AnonymousPlayer = { player: PlayerView; playerSecret: string; token: string; expiresAt: string };
export type Me = { player: PlayerView; wallet: { playerId: string; balances: Balance[] }; inventory: InventoryItem[] };

type Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH" | "OPTIONS";

export type ClientCallOptions = {
  /** The publishable key; the game's test key unless given. */
  serviceKey?: string;
  token?: string;
  body?: unknown;
  rawBody?: string;
  /** `true`: a fresh key. */
  idempotencyKey?: string | true;
  origin?: string;
  clientIp?: string;
  headers?: Record<string, string>;
};

/** A /client call with the game's test publishable key (or `serviceKey`). */
export function clientCall<T = Record<string, unknown>>(game: TestGame, method: Method, path: string, options: ClientCallOptions = {}): Promise<ApiResponse<T>> {
  const { idempotencyKey, serviceKey, ...rest } = options;
  return call<T>(method, `/client${path}`, {
    ...rest,
    serviceKey: serviceKey ?? game.publishableKey,
    idempotencyKey: idempotencyKey === true ? idem() : idempotencyKey,
  });
}

/** A token-route write with a fresh Idempotency-Key. */
export function meWrite<T = Record<string, unknown>>(
  game: TestGame,
  token: string,
  path: string,
  body: unknown,
  options: Omit<ClientCallOptions, "token" | "body"> = {},
): Promise<ApiResponse<T>> {
  return clientCall<T>(game, "POST", `/me${path}`, { idempotencyKey: true, ...options, token, body });
}

/** POST /client/players through the route; fails the test unless it is 201. */
export async function newAnonymous(game: TestGame, options: { displayName?: string; live?: boolean } = {}): Promise<AnonymousPlayer> {
  const response = await clientCall<AnonymousPlayer>(game, "POST", "/players", {
    serviceKey: options.live ? game.livePublishableKey : game.publishableKey,
    body: options.displayName === undefined ? {} : { displayName: options.displayName },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** An `ext:` player created by the game backend, with a token from createPlayerToken (server). */
export async function externalPlayer(game: TestGame, options: { live?: boolean } = {}): Promise<{ ref: string; id: string; token: string }> {
  const key = options.live ? game.liveSecretKey : game.secretKey;
  const ref = extRef("client");
  const id = await ensurePlayer(game, ref, key);
  const token = await serverToken(key, ref);
  return { ref, id, token };
}

/** POST /players/{ref}/tokens with a secret key. */
export async function serverToken(secretKey: string, ref: string): Promise<string> {
  const response = await call<PlayerToken>("POST", `/players/${ref}/tokens`, { key: secretKey });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.token;
}

/** Free coins through the server grant route (the client API never credits). */
export async function grant(game: TestGame, playerId: string, currency: string, amount: number, secretKey: string = game.secretKey): Promise<void> {
  const response = await call("POST", `/players/${playerId}/wallet/grant`, { key: secretKey, idempotencyKey: idem(), body: { currency, amount } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

export async function grantItem(game: TestGame, playerId: string, sku: string, quantity: number): Promise<void> {
  const response = await call("POST", `/players/${playerId}/inventory/grant`, { key: game.secretKey, idempotencyKey: idem(), body: { sku, quantity } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

export async function getMe(game: TestGame, token: string): Promise<Me> {
  const response = await clientCall<Me>(game, "GET", "/me", { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** Sets revoked_at on one token (revocation has no route; the column is what authentication reads). */
export async function revokeToken(token: string): Promise<void> {
  const db = await getDb();
  await db.update(playerTokens).set({ revokedAt: new Date() }).where(eq(playerTokens.tokenHash, sha256Hex(token)));
  // Written past the domain, as another instance would: this process's cache is told, as the domain's paths do.
  forgetCachedPlayerTokens();
}

/** Sets CLIENT_RATE_LIMIT_PER_MINUTE (undefined: back to the default) with fresh counters. */
export function setClientRateLimit(perMinute: number | undefined): void {
  if (perMinute === undefined) delete process.env.CLIENT_RATE_LIMIT_PER_MINUTE;
  else process.env.CLIENT_RATE_LIMIT_PER_MINUTE = String(perMinute);
  resetConfigForTests();
  resetRateLimits();
}

/** Polls `check` until it returns a value (not undefined) or `timeoutMs` passes. */
export async function waitFor<T>(check: () => T | undefined, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let ipCounter = 0;
/** A client address no other case uses (TEST-NET-3), so per-IP counters never leak between cases. */
export function freshIp(): string {
  ipCounter += 1;
  return `203.0.113.${(ipCounter % 250) + 1}`;
}
