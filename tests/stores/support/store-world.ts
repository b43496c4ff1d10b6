import { generateKeyPairSync, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { packs, type Environment } from "@/db/schema";
import { POST as appStoreRoute } from "@/app/api/stores/app-store/[game]/[env]/route";
import { POST as googlePlayRoute } from "@/app/api/stores/google-play/[game]/[env]/route";
import { getDb } from "@/server/db/connection";
import { resetConfigForTests } from "@/server/lib/config";
import { writeStoreSettings } from "@/server/stores/settings/write-store-settings";
import type { TestGame } from "../../harness";
import { gameIdOf } from "../../domain-helpers";
import { createSalesGame } from "../../order-helpers";
import { makeAppleChain, type AppleChain } from "./apple-certificates";
import { appleTransaction, signAppleJws, type AppleTransactionFields } from "./apple-signing";
import { startAppStoreServer, type AppStoreServer } from "./app-store-server";
import { startGooglePlayServer, type GooglePlayServer, type PlayPurchase } from "./google-play-server";

/** The stores as a test file sees them: our own Apple chain, the two stand-ins, the app pointed at them. */
export type StoreWorld = { chain: AppleChain; apple: AppStoreServer; google: GooglePlayServer; restore: () => Promise<void> };

const VARIABLES = ["APP_STORE_API_BASE", "APPLE_ROOT_CERTIFICATES", "GOOGLE_PLAY_API_BASE", "GOOGLE_OAUTH_TOKEN_URL"] as const;

export async function startStoreWorld(): Promise<StoreWorld> {
  const chain = makeAppleChain();
  const apple = await startAppStoreServer();
  const google = await startGooglePlayServer();
  const previous = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
  process.env.APP_STORE_API_BASE = apple.url;
  process.env.APPLE_ROOT_CERTIFICATES = chain.rootPath;
  process.env.GOOGLE_PLAY_API_BASE = google.url;
  process.env.GOOGLE_OAUTH_TOKEN_URL = google.tokenUrl;
  resetConfigForTests();
  return {
    chain,
    apple,
    google,
    restore: async () => {
      for (const name of VARIABLES) {
        const value = previous[name];
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetConfigForTests();
      await apple.close();
      await google.close();
      chain.dispose();
    },
  };
}

/** Store product ids of the sales catalog's packs (p500: 500 paid + 50 bonus coins and 2 potions, 4.99). */
export const PRODUCTS = {
  p500: { appStore: "com.studio.game.coins500", googlePlay: "coins_500" },
  duo: { appStore: "com.studio.game.duo", googlePlay: "duo" },
  draft: { appStore: "com.studio.game.draft", googlePlay: "draft" },
};

export type StoreGame = {
  game: TestGame;
  gameId: string;
  bundleId: string;
  appAppleId: number;
  packageName: string;
  notificationToken: string;
  serviceAccountEmail: string;
};

let games = 0;

/**
 * A sales game whose two environments are set up with both stores (through the settings' own write
 * function, keys sealed), their API keys registered at the stand-ins, and packs mapped to products.
 */
export async function createStoreGame(world: StoreWorld): Promise<StoreGame> {
  games += 1;
  const game = await createSalesGame();
  const gameId = await gameIdOf(game);
  const suffix = `${process.pid}x${games}`;
  const bundleId = `com.studio.game${suffix.replace(/\W/g, "")}`;
  const packageName = `com.studio.play${suffix.replace(/\W/g, "")}`;
  const appAppleId = 1_000_000 + games;
  const notificationToken = `push-${randomUUID()}`;
  const serviceAccountEmail = `gamecoin-${suffix}@studio-project.iam.gserviceaccount.com`;
  const db = await getDb();
  for (const env of ["test", "live"] as const) {
    const apiKey = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
    const serviceKey = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const keyId = `KEY${env.toUpperCase()}${suffix}`.replace(/\W/g, "");
    const issuerId = randomUUID();
    world.apple.addKey({ issuerId, keyId, bundleId, publicKey: apiKey.publicKey });
    const email = env === "test" ? serviceAccountEmail : `live-${serviceAccountEmail}`;
    world.google.addServiceAccount({ clientEmail: email, publicKey: serviceKey.publicKey, packageName });
    await writeStoreSettings(db, { gameId, env }, {
      appStore: { bundleId, appAppleId, issuerId, keyId, privateKey: apiKey.privateKey.export({ type: "pkcs8", format: "pem" }).toString() },
      googlePlay: {
        packageName,
        serviceAccount: { client_email: email, private_key: serviceKey.privateKey.export({ type: "pkcs8", format: "pem" }).toString() },
        notificationToken,
      },
    });
    await mapProducts(gameId, env);
  }
  return { game, gameId, bundleId, appAppleId, packageName, notificationToken, serviceAccountEmail };
}

async function mapProducts(gameId: string, env: Environment): Promise<void> {
  const db = await getDb();
  const mapping: [string, { appStore: string; googlePlay: string }][] = [
    ["p500", PRODUCTS.p500],
    ["duo", PRODUCTS.duo],
    ["draft-pack", PRODUCTS.draft],
  ];
  for (const [sku, products] of mapping) {
    await db
      .update(packs)
      .set({ appStoreProductId: products.appStore, googlePlayProductId: products.googlePlay })
      .where(and(eq(packs.gameId, gameId), eq(packs.env, env), eq(packs.sku, sku)));
  }
}

let transactions = 0;

/** A fresh App Store transaction id (Apple's are numeric strings). */
export function newTransactionId(): string {
  transactions += 1;
  return `${2000000000000000 + process.pid * 100000 + transactions}`;
}

/**
 * A purchase in the App Store: Apple signs the transaction with our chain, and its Server API knows it.
 * Returns the JWS the device would hold.
 */
export function appStorePurchase(world: StoreWorld, game: StoreGame, fields: Partial<AppleTransactionFields> & { env?: Environment } = {}): { jws: string; transactionId: string } {
  const transactionId = fields.transactionId ?? newTransactionId();
  const payload = appleTransaction({
    transactionId,
    productId: fields.productId ?? PRODUCTS.p500.appStore,
    bundleId: fields.bundleId ?? game.bundleId,
    environment: fields.environment ?? ((fields.env ?? "test") === "live" ? "Production" : "Sandbox"),
    ...(fields.price === undefined ? {} : { price: fields.price }),
    ...(fields.currency === undefined ? {} : { currency: fields.currency }),
    ...(fields.revocationDate === undefined ? {} : { revocationDate: fields.revocationDate }),
    ...(fields.type === undefined ? {} : { type: fields.type }),
  });
  const jws = signAppleJws(payload, world.chain);
  world.apple.setTransaction(transactionId, jws);
  return { jws, transactionId };
}

/** Apple refunds: its Server API now shows the transaction revoked; returns the revoked JWS. */
export function appStoreRefund(world: StoreWorld, game: StoreGame, transactionId: string, productId: string = PRODUCTS.p500.appStore, env: Environment = "test"): string {
  const jws = signAppleJws(
    appleTransaction({ transactionId, productId, bundleId: game.bundleId, environment: env === "live" ? "Production" : "Sandbox", revocationDate: Date.now() }),
    world.chain,
  );
  world.apple.setTransaction(transactionId, jws);
  return jws;
}

let playOrders = 0;

/** A purchase in Google Play (a license tester's by default, for `test`); returns its token. */
export function googlePlayPurchase(world: StoreWorld, game: StoreGame, fields: Partial<PlayPurchase> & { live?: boolean } = {}): { purchaseToken: string; orderId: string } {
  playOrders += 1;
  const purchaseToken = `tok.${randomUUID()}.${randomUUID()}`;
  const orderId = fields.orderId ?? `GPA.3${process.pid}-${playOrders}-0000-${Date.now() % 100000}`;
  const { live, ...rest } = fields;
  world.google.setPurchase(game.packageName, purchaseToken, {
    orderId,
    productId: PRODUCTS.p500.googlePlay,
    purchaseState: 0,
    consumptionState: 0,
    acknowledgementState: 0,
    ...(live ? {} : { purchaseType: 0 }),
    regionCode: "DE",
    purchaseTimeMillis: String(Date.now()),
    ...rest,
  });
  return { purchaseToken, orderId };
}

let notificationOrigin: Promise<string> | undefined;

/** The two notification routes on a port of this worker, as Next.js serves them (exact bytes in, answer out). */
export function notificationServer(): Promise<string> {
  notificationOrigin ??= new Promise((resolve) => {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        void (async () => {
          const match = /^\/api\/stores\/(app-store|google-play)\/([^/?]+)\/([^/?]+)(\?.*)?$/.exec(req.url ?? "");
          if (!match?.[2] || !match[3]) {
            res.writeHead(404).end();
            return;
          }
          const request = new Request(`http://localhost${req.url ?? ""}`, { method: req.method ?? "POST", headers: { "content-type": "application/json" }, body: Buffer.concat(chunks) });
          const route = match[1] === "app-store" ? appStoreRoute : googlePlayRoute;
          const response = await route(request, { params: Promise.resolve({ game: decodeURIComponent(match[2]), env: match[3] }) });
          res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
          res.end(Buffer.from(await response.arrayBuffer()));
        })();
      });
    });
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
    server.unref();
  });
  return notificationOrigin;
}

export type NotificationResponse = { status: number; body: { received?: boolean; status?: string; error?: { code: string; message: string } } };

export async function postAppStoreNotification(gameSlug: string, env: string, body: unknown): Promise<NotificationResponse> {
  const response = await fetch(`${await notificationServer()}/api/stores/app-store/${gameSlug}/${env}`, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as NotificationResponse["body"] };
}

/** A Pub/Sub push of a Real-time developer notification. */
export async function postGooglePlayNotification(gameSlug: string, env: string, token: string, notification: unknown, messageId: string = randomUUID()): Promise<NotificationResponse> {
  const push = { message: { data: Buffer.from(JSON.stringify(notification)).toString("base64"), messageId, publishTime: new Date().toISOString() }, subscription: "projects/p/subscriptions/s" };
  const response = await fetch(`${await notificationServer()}/api/stores/google-play/${gameSlug}/${env}?token=${encodeURIComponent(token)}`, { method: "POST", body: JSON.stringify(push) });
  return { status: response.status, body: (await response.json()) as NotificationResponse["body"] };
}
