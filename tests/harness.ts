import { beforeAll } from "vitest";
import { type Db } from "@/db/client";
import { getDb } from "@/server/db/connection";
import { runMigrations } from "@/server/db/connection";
import { loadFixture } from "@/server/fixtures/load-fixture";
import { newId } from "@/server/lib/ids";
import { newSecret } from "@/server/lib/secrets";
import { createServer } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { vouchForClientIp } from "@/server/lib/client-ip";
import { serveApi } from "@/server/api/node-adapter";
import { answerUnparsableRequest } from "@/server/api/unparsable-request";
import { assertAnswerMatchesDocument } from "./api/openapi-conformance";


/** Migrations before the first test of a file (idempotent; PGlite in-memory databases start empty). */
export function useDatabase(): void {
  beforeAll(async () => {
    await runMigrations();
  });
}

export async function db(): Promise<Db> {
  return getDb();
}

export type TestGame = {
  slug: string;
  secretKey: string;
  publishableKey: string;
  liveSecretKey: string;
  livePublishableKey: string;
};

type CatalogInput = {
  currencies?: unknown[];
  items?: unknown[];
  packs?: unknown[];
};

/** A fresh studio and game with its own keys, so test files never share player data. */
export async function createTestGame(
  options: { catalog?: CatalogInput; settings?: Record<string, unknown>; allowedOrigins?: { test?: string[]; live?: string[] }; creatorCodes?: unknown[] } = {},
): Promise<TestGame> {
  const suffix = newId();
  const game: TestGame = {
    slug: `game-${suffix}`,
    secretKey: newSecret("svc_sk_test_"),
    publishableKey: newSecret("svc_pk_test_"),
    liveSecretKey: newSecret("svc_sk_live_"),
    livePublishableKey: newSecret("svc_pk_live_"),
  };
  const catalog = {
    currencies: options.catalog?.currencies ?? [
      { code: "coins", name: "Coins", purchasable: true },
      { code: "gems", name: "Gems", purchasable: false },
      { code: "old_coins", name: "Old coins", purchasable: false, status: "archived" },
    ],
    items: options.catalog?.items ?? [
      { sku: "potion", name: "Potion", type: "consumable", price: { currency: "coins", amount: 10 }, clientPurchasable: true },
      { sku: "sword", name: "Sword", type: "durable", price: { currency: "coins", amount: 100 }, maxOwned: 1 },
      { sku: "shield", name: "Shield", type: "durable", price: null, maxOwned: 3 },
      { sku: "draft-hat", name: "Hat", type: "durable", status: "draft" },
    ],
    packs: options.catalog?.packs ?? [],
  };
  await loadFixture(await getDb(), {
    studio: { name: `Studio ${suffix}` },
    games: [
      {
        slug: game.slug,
        name: `Game ${suffix}`,
        settings: options.settings ?? {},
        catalog,
        creatorCodes: options.creatorCodes ?? [],
        environments: {
          test: { secretKey: game.secretKey, publishableKey: game.publishableKey, allowedOrigins: options.allowedOrigins?.test ?? [] },
          live: { secretKey: game.liveSecretKey, publishableKey: game.livePublishableKey, allowedOrigins: options.allowedOrigins?.live ?? [] },
        },
      },
    ],
  });
  return game;
}

/** `text` is the body exactly as it arrived (byte-for-byte comparisons of replays). */
export type ApiResponse<T = Record<string, unknown>> = { status: number; headers: Headers; body: T; text: string };

type CallOptions = {
  key?: string | null;
  /** Client routes: the publishable key (X-Service-Key). */
  serviceKey?: string;
  /** Client token routes: the player token (Authorization: Bearer). */
  token?: string;
  origin?: string;
  /** The client address, as the custom server would vouch for it. */
  clientIp?: string;
  body?: unknown;
  /** Sent as is; bytes can be invalid UTF-8. */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  idempotencyKey?: string | null;
  headers?: Record<string, string>;
};

type Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH" | "OPTIONS";

let apiServer: Promise<string> | undefined;

/**
 * What server.ts runs for /api/v1 in production (vouch for the client address, then the Node adapter),
 * on a port of this test worker, behind one trusted proxy hop so a test can say which client calls.
 */
function apiOrigin(): Promise<string> {
  apiServer ??= new Promise((resolve) => {
    const server = createServer((req, res) => {
      vouchForClientIp(req, 1);
      void serveApi(req, res);
    });
    server.on("clientError", answerUnparsableRequest);
    // Only fetch closes idle connections (after 4 s): when the server also dropped them after its default
    // 5 s, a request sent on one just as it was dropped failed with ECONNRESET on a loaded machine.
    server.keepAliveTimeout = 0;
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
    server.unref();
  });
  return apiServer;
}

/** The API base (ending in `/api/v1`) of the test server, for clients that build their own requests. */
export async function apiBaseUrl(): Promise<string> {
  return `${await apiOrigin()}/api/v1`;
}

let unnamedClients = 0;
/** A request that names no client address comes from an address of its own, as from many players. */
function unnamedClientIp(): string {
  unnamedClients += 1;
  return `10.${(unnamedClients >> 16) & 255}.${(unnamedClients >> 8) & 255}.${unnamedClients & 255}`;
}

/**
 * Sends raw bytes to the test server (requests fetch would refuse to send) and returns the raw answer,
 * read until the server closes; `hangUp` closes the sending side right after the bytes.
 */
export async function rawHttp(request: (host: string) => string, options: { hangUp?: boolean } = {}): Promise<string> {
  const origin = new URL(await apiOrigin());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(origin.port), origin.hostname, () => {
      socket.write(request(origin.host));
      if (options.hangUp) socket.end();
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    socket.on("error", reject);
  });
}

/** Calls the API over real HTTP, through the same Node adapter as production. */
export async function call<T = Record<string, unknown>>(method: Method, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  if (options.serviceKey) headers["x-service-key"] = options.serviceKey;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.origin) headers.origin = options.origin;
  headers["x-forwarded-for"] = options.clientIp ?? unnamedClientIp();
  if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["content-type"] ??= "application/json";
  const response = await fetch(`${await apiOrigin()}/api/v1${path}`, { method, headers, body });
  const text = await response.text();
  assertAnswerMatchesDocument(method, path, response.status, text);
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T, text };
}

let keyCounter = 0;
/** A fresh Idempotency-Key. */
export function idem(): string {
  keyCounter += 1;
  return `test-${newId()}-${keyCounter}`;
}

/** A POST with a fresh Idempotency-Key. */
export function post<T = Record<string, unknown>>(path: string, key: string, body?: unknown, idempotencyKey: string = idem()): Promise<ApiResponse<T>> {
  return call<T>("POST", path, { key, body, idempotencyKey });
}

export function get<T = Record<string, unknown>>(path: string, key: string): Promise<ApiResponse<T>> {
  return call<T>("GET", path, { key });
}

/** A unique ext: reference, URL-encoded once. */
export function extRef(prefix = "player"): string {
  return `ext:${encodeURIComponent(`${prefix}-${newId()}`)}`;
}
