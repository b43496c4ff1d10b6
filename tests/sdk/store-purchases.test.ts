import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GamecoinBrowser, GamecoinError, GamecoinServer } from "@/sdk/src/index";
import { newId } from "@/server/lib/ids";
import { useDatabase } from "../harness";
import { appStorePurchase, createStoreGame, googlePlayPurchase, PRODUCTS, startStoreWorld, type StoreGame, type StoreWorld } from "../stores/support/store-world";
import { recordingFetch, sdkBaseUrl } from "./app-server";

useDatabase();

let world: StoreWorld;
let store: StoreGame;

beforeAll(async () => {
  world = await startStoreWorld();
  store = await createStoreGame(world);
});

afterAll(async () => {
  await world.restore();
});

async function rejection(call: Promise<unknown>): Promise<GamecoinError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GamecoinError);
  return error as GamecoinError;
}

describe("recordStorePurchase", () => {
  it("server: a Google Play purchase is recorded once, with an Idempotency-Key; sent again with another key it is the same order", async () => {
    const { fetch: recorded, attempts } = recordingFetch();
    const server = new GamecoinServer({ secretKey: store.game.secretKey, baseUrl: await sdkBaseUrl(), fetch: recorded });
    const player = `ext:android ${newId()}`;
    const { purchaseToken } = googlePlayPurchase(world, store);

    const order = await server.recordStorePurchase(player, { store: "google_play", productId: PRODUCTS.p500.googlePlay, purchaseToken });
    expect(order).toMatchObject({ status: "fulfilled", pack: { sku: "p500" } });
    expect(attempts.at(-1)).toMatchObject({ method: "POST", status: 201 });
    expect(attempts.at(-1)?.url).toBe(`${await sdkBaseUrl()}/players/ext:${encodeURIComponent(player.slice(4))}/store-purchases`);
    expect(attempts.at(-1)?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);

    const again = await server.recordStorePurchase(player, { store: "google_play", productId: PRODUCTS.p500.googlePlay, purchaseToken }, { idempotencyKey: `retry-${newId()}` });
    expect(again).toEqual(order);
    expect(attempts.at(-1)?.status).toBe(200);
    expect((await server.getWallet(player)).balances).toContainEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
  });

  it("server: refusals reject with GamecoinError and the SPEC code", async () => {
    const server = new GamecoinServer({ secretKey: store.game.secretKey, baseUrl: await sdkBaseUrl() });
    const forged = await rejection(server.recordStorePurchase(`ext:${newId()}`, { store: "app_store", signedTransaction: "not.a.jws" }));
    expect(forged).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
    const { purchaseToken } = googlePlayPurchase(world, store);
    const owner = `ext:${newId()}`;
    await server.recordStorePurchase(owner, { store: "google_play", productId: PRODUCTS.p500.googlePlay, purchaseToken });
    const stolen = await rejection(server.recordStorePurchase(`ext:${newId()}`, { store: "google_play", productId: PRODUCTS.p500.googlePlay, purchaseToken }));
    expect(stolen).toMatchObject({ status: 409, code: "CONFLICT" });
  });

  it("browser: the token's player records an App Store purchase, and the same order comes back when sent again", async () => {
    const server = new GamecoinServer({ secretKey: store.game.secretKey, baseUrl: await sdkBaseUrl() });
    const player = `ext:${newId()}`;
    await server.upsertPlayer(player, {});
    const { fetch: recorded, attempts } = recordingFetch();
    const client = new GamecoinBrowser({
      publishableKey: store.game.publishableKey,
      baseUrl: await sdkBaseUrl(),
      getToken: async () => (await server.createPlayerToken(player)).token,
      fetch: recorded,
    });
    const { jws } = appStorePurchase(world, store);
    const order = await client.recordStorePurchase({ store: "app_store", signedTransaction: jws });
    expect(order).toMatchObject({ status: "fulfilled", pack: { sku: "p500" } });
    expect(attempts.at(-1)?.url).toBe(`${await sdkBaseUrl()}/client/me/store-purchases`);
    expect(attempts.at(-1)?.status).toBe(201);
    expect(attempts.at(-1)?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await client.recordStorePurchase({ store: "app_store", signedTransaction: jws })).toEqual(order);
    expect(attempts.at(-1)?.status).toBe(200);
  });
});
