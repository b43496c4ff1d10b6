import createClient from "openapi-fetch";
import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "@/server/lib/ids";
import { apiBaseUrl, createTestGame, idem, useDatabase, type TestGame } from "../harness";
import type { paths } from "@/sdk/src/generated/api";

useDatabase();

/**
 * A studio's view of the API: types generated from the OpenAPI document by openapi-typescript, requests
 * sent by openapi-fetch, which encodes a path parameter as RFC 6570 says (`ext:player-42` goes out as
 * `ext%3Aplayer-42`). The types are the SDK's one checked-in copy (`npm run sdk:generate`), so this file is
 * typechecked against them; tests/sdk/generated-types.test.ts fails when they and the document drift apart.
 */
let game: TestGame;
let client: ReturnType<typeof createClient<paths>>;
const sentUrls: string[] = [];

beforeAll(async () => {
  game = await createTestGame();
  client = createClient<paths>({
    baseUrl: await apiBaseUrl(),
    headers: { authorization: `Bearer ${game.secretKey}` },
    fetch: (request) => {
      sentUrls.push(request.url);
      return fetch(request);
    },
  });
});

describe("a client generated from the OpenAPI document", () => {
  it("runs a backend scenario for an ext: player passed as a plain string: upsert, grant, wallet, spend, replay", async () => {
    const own = `player-42/${newId()}`;
    const player = { path: { player: `ext:${own}` } };

    const upserted = await client.PUT("/players/{player}", { params: player, body: { displayName: "Ann", country: "FR" } });
    expect(upserted.response.status).toBe(200);
    expect(upserted.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      externalId: own,
      kind: "external",
      displayName: "Ann",
      country: "FR",
      blocked: false,
      createdAt: expect.any(String),
    });
    // The client percent-encodes the colon and the id's slash, each once.
    expect(sentUrls.at(-1)).toBe(`${await apiBaseUrl()}/players/ext%3A${encodeURIComponent(own)}`);
    const playerId = upserted.data?.id;

    const grantKey = idem();
    const grantParams = { path: player.path, header: { "Idempotency-Key": grantKey } };
    const granted = await client.POST("/players/{player}/wallet/grant", { params: grantParams, body: { currency: "coins", amount: 100, reason: "welcome" } });
    expect(granted.response.status).toBe(200);
    expect(granted.data?.balance).toEqual({ currency: "coins", paid: 0, bonus: 100, total: 100 });
    expect(granted.data?.entry).toMatchObject({ type: "grant", currency: "coins", paidDelta: 0, bonusDelta: 100, reason: "welcome" });

    const replayed = await client.POST("/players/{player}/wallet/grant", { params: grantParams, body: { currency: "coins", amount: 100, reason: "welcome" } });
    expect(replayed.response.status).toBe(200);
    expect(replayed.response.headers.get("idempotent-replayed")).toBe("true");
    expect(replayed.data).toEqual(granted.data);

    const spent = await client.POST("/players/{player}/wallet/spend", {
      params: { path: player.path, header: { "Idempotency-Key": idem() } },
      body: { currency: "coins", amount: 30 },
    });
    expect(spent.response.status).toBe(200);
    expect(spent.data?.balance).toEqual({ currency: "coins", paid: 0, bonus: 70, total: 70 });

    const wallet = await client.GET("/players/{player}/wallet", { params: player });
    expect(wallet.response.status).toBe(200);
    expect(wallet.data).toEqual({
      playerId,
      balances: [
        { currency: "coins", paid: 0, bonus: 70, total: 70 },
        { currency: "gems", paid: 0, bonus: 0, total: 0 },
      ],
    });

    // The same player by its service id, as the generated client sends that too.
    const byId = await client.GET("/players/{player}", { params: { path: { player: playerId ?? "" } } });
    expect(byId.data).toEqual(upserted.data);
  });

  it("a spend beyond the balance is the documented error envelope, typed for the caller", async () => {
    const player = { path: { player: `ext:player-42-${newId()}` } };
    expect((await client.PUT("/players/{player}", { params: player })).response.status).toBe(200);
    const refused = await client.POST("/players/{player}/wallet/spend", {
      params: { path: player.path, header: { "Idempotency-Key": idem() } },
      body: { currency: "coins", amount: 1 },
    });
    expect(refused.response.status).toBe(409);
    expect(refused.data).toBeUndefined();
    expect(refused.error).toMatchObject({ error: { code: "INSUFFICIENT_FUNDS" } });
  });
});
