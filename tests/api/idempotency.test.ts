import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { clock } from "@/server/lib/clock";
import { call, createTestGame, extRef, get, idem, post, rawHttp, useDatabase, type TestGame } from "../harness";
import { apiError, blockPlayer, ensurePlayer, gameIdOf, ledgerCount, validationFailed } from "../domain-helpers";
import { assertLedgerMatchesBalances } from "../ledger-invariants";

useDatabase();

type Balance = { currency: string; paid: number; bonus: number; total: number };
type Movement = { entry: { id: string; bonusDelta: number }; balance: Balance };

let game: TestGame;
beforeAll(async () => {
  game = await createTestGame();
});
afterEach(() => clock.reset());

const DAY_MS = 24 * 60 * 60 * 1000;
const grantPath = (ref: string) => `/players/${ref}/wallet/grant`;
const grant = (ref: string, amount: number, key: string, apiKey = game.secretKey) =>
  post<Movement>(grantPath(ref), apiKey, { currency: "coins", amount }, key);
const coins = async (ref: string, apiKey = game.secretKey) =>
  (await get<{ balances: Balance[] }>(`/players/${ref}/wallet`, apiKey)).body.balances[0]?.total;

const idempotentRoutes: [string, (ref: string) => string, unknown][] = [
  ["grantCurrency", (ref) => `/players/${ref}/wallet/grant`, { currency: "coins", amount: 1 }],
  ["spendCurrency", (ref) => `/players/${ref}/wallet/spend`, { currency: "coins", amount: 1 }],
  ["grantItem", (ref) => `/players/${ref}/inventory/grant`, { sku: "potion" }],
  ["consumeItem", (ref) => `/players/${ref}/inventory/consume`, { sku: "potion" }],
  ["createPurchase", (ref) => `/players/${ref}/purchases`, { sku: "potion" }],
];

describe("the Idempotency-Key header", () => {
  it.each(idempotentRoutes)("%s without the header is 400 IDEMPOTENCY_KEY_REQUIRED and does nothing", async (_id, path, body) => {
    const ref = extRef();
    const response = await call("POST", path(ref), { key: game.secretKey, body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(apiError("IDEMPOTENCY_KEY_REQUIRED"));
    expect((await get(`/players/${ref}`, game.secretKey)).status).toBe(404);
  });

  it.each([
    ["empty", ""],
    ["only spaces (trimmed to empty by HTTP)", "   "],
  ])("an %s header is 400 IDEMPOTENCY_KEY_REQUIRED", async (_label, value) => {
    const response = await call("POST", grantPath(extRef()), {
      key: game.secretKey,
      body: { currency: "coins", amount: 1 },
      headers: { "idempotency-key": value },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(apiError("IDEMPOTENCY_KEY_REQUIRED"));
  });

  it.each([
    ["101 characters", "k".repeat(101)],
    ["a non-ASCII character", "clé-1"],
    ["a tab inside", "key\there"],
  ])("a key with %s is 400 VALIDATION_FAILED", async (_label, value) => {
    const response = await call("POST", grantPath(extRef()), {
      key: game.secretKey,
      body: { currency: "coins", amount: 1 },
      headers: { "idempotency-key": value },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ "Idempotency-Key": [expect.any(String)] }));
  });

  it("a DEL character never reaches the API: the HTTP parser refuses the request, in the SPEC envelope", async () => {
    const body = JSON.stringify({ currency: "coins", amount: 1 });
    const answer = await rawHttp(
      (host) =>
        `POST /api/v1${grantPath(extRef())} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${game.secretKey}\r\n` +
        `Idempotency-Key: key\u007f\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    const [head = "", text = ""] = answer.split("\r\n\r\n");
    expect(head.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    expect(head).toContain("Cache-Control: no-store");
    expect(JSON.parse(text)).toEqual(validationFailed({ request: ["MALFORMED_HTTP"] }));
  });

  it("1 and 100 printable ASCII characters (spaces and symbols included) are accepted", async () => {
    const ref = extRef();
    const hundred = `${idem()} ~!@#$%^&*()`.padEnd(100, "x");
    expect(hundred).toHaveLength(100);
    expect((await grant(ref, 1, hundred)).status).toBe(200);
    const other = await createTestGame();
    expect((await post(grantPath(extRef()), other.secretKey, { currency: "coins", amount: 1 }, "1")).status).toBe(200);
  });

  it("routes without idempotency ignore the header: two token calls with one key give two tokens", async () => {
    const ref = extRef();
    const key = idem();
    const first = await call<{ token: string }>("POST", `/players/${ref}/tokens`, { key: game.secretKey, idempotencyKey: key });
    const second = await call<{ token: string }>("POST", `/players/${ref}/tokens`, { key: game.secretKey, idempotencyKey: key });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    expect(second.body.token).not.toBe(first.body.token);
  });
});

describe("replays", () => {
  it("the same key and request returns the first answer with Idempotent-Replayed: true, and no second effect", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    const key = idem();
    const first = await grant(ref, 40, key);
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    for (let i = 0; i < 2; i += 1) {
      const replay = await grant(ref, 40, key);
      expect(replay.status).toBe(200);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(replay.headers.get("cache-control")).toBe("no-store");
      expect(replay.body).toEqual(first.body);
    }
    expect(await ledgerCount(playerId)).toBe(1);
    expect(await coins(ref)).toBe(40);
  });

  it("the body is compared as JSON: another key order or spacing is the same request", async () => {
    const ref = extRef();
    const key = idem();
    const first = await call<Movement>("POST", grantPath(ref), { key: game.secretKey, idempotencyKey: key, rawBody: '{"currency":"coins","amount":3}' });
    const replay = await call<Movement>("POST", grantPath(ref), {
      key: game.secretKey,
      idempotencyKey: key,
      rawBody: '{ "amount": 3,\n  "currency": "coins" }',
    });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
  });

  it("replays the stored answer even when the same request would now fail", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await grant(ref, 10, idem());
    const key = idem();
    const spend = await post<Movement>(`/players/${ref}/wallet/spend`, game.secretKey, { currency: "coins", amount: 10 }, key);
    expect(spend.status).toBe(200);
    const replay = await post<Movement>(`/players/${ref}/wallet/spend`, game.secretKey, { currency: "coins", amount: 10 }, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(spend.body);
    // The key is checked before the handler: a player blocked since then still gets the original answer.
    await blockPlayer(playerId);
    const afterBlock = await post<Movement>(`/players/${ref}/wallet/spend`, game.secretKey, { currency: "coins", amount: 10 }, key);
    expect(afterBlock.status).toBe(200);
    expect(afterBlock.body).toEqual(spend.body);
    expect(await coins(ref)).toBe(0);
  });

  it("replays item routes without a second effect", async () => {
    const ref = extRef();
    const key = idem();
    const first = await post(`/players/${ref}/inventory/grant`, game.secretKey, { sku: "potion", quantity: 2 }, key);
    const replay = await post(`/players/${ref}/inventory/grant`, game.secretKey, { sku: "potion", quantity: 2 }, key);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    const consumeKey = idem();
    await post(`/players/${ref}/inventory/consume`, game.secretKey, { sku: "potion" }, consumeKey);
    await post(`/players/${ref}/inventory/consume`, game.secretKey, { sku: "potion" }, consumeKey);
    const inventory = await get<{ items: { sku: string; quantity: number }[] }>(`/players/${ref}/inventory`, game.secretKey);
    expect(inventory.body.items.map(({ sku, quantity }) => ({ sku, quantity }))).toEqual([{ sku: "potion", quantity: 1 }]);
  });

  it("a refused request (400) is not stored: the key can then be used for a valid one", async () => {
    const ref = extRef();
    const key = idem();
    expect((await grant(ref, 0, key)).status).toBe(400);
    const valid = await grant(ref, 5, key);
    expect(valid.status).toBe(200);
    expect(valid.headers.get("idempotent-replayed")).toBeNull();
  });
});

describe("conflicts", () => {
  it("the same key with another body is 409 IDEMPOTENCY_CONFLICT and changes nothing", async () => {
    const ref = extRef();
    const key = idem();
    await grant(ref, 5, key);
    const conflict = await grant(ref, 6, key);
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual(apiError("IDEMPOTENCY_CONFLICT"));
    const withReason = await post(grantPath(ref), game.secretKey, { currency: "coins", amount: 5, reason: "x" }, key);
    expect(withReason.status).toBe(409);
    expect(withReason.body).toEqual(apiError("IDEMPOTENCY_CONFLICT"));
    expect(await coins(ref)).toBe(5);
  });

  it("the same key on another route or another player is 409 IDEMPOTENCY_CONFLICT", async () => {
    const ref = extRef();
    const key = idem();
    await grant(ref, 5, key);
    const spend = await post(`/players/${ref}/wallet/spend`, game.secretKey, { currency: "coins", amount: 5 }, key);
    expect(spend.status).toBe(409);
    expect(spend.body).toEqual(apiError("IDEMPOTENCY_CONFLICT"));
    const otherPlayer = await grant(extRef(), 5, key);
    expect(otherPlayer.status).toBe(409);
    expect(otherPlayer.body).toEqual(apiError("IDEMPOTENCY_CONFLICT"));
    expect(await coins(ref)).toBe(5);
  });

  it("an invalid body under a used key is a conflict, not a validation error", async () => {
    const ref = extRef();
    const key = idem();
    await grant(ref, 5, key);
    const response = await call("POST", grantPath(ref), { key: game.secretKey, idempotencyKey: key, rawBody: "{" });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("IDEMPOTENCY_CONFLICT"));
  });
});

describe("scope and lifetime of keys", () => {
  it("keys are per environment: the same key in live is independent", async () => {
    const ref = extRef();
    const key = idem();
    expect((await grant(ref, 5, key)).status).toBe(200);
    const live = await grant(ref, 7, key, game.liveSecretKey);
    expect(live.status).toBe(200);
    expect(live.headers.get("idempotent-replayed")).toBeNull();
    expect(live.body.balance.total).toBe(7);
    expect(await coins(ref)).toBe(5);
    expect(await coins(ref, game.liveSecretKey)).toBe(7);
  });

  it("keys are per game", async () => {
    const other = await createTestGame();
    const ref = extRef();
    const key = idem();
    expect((await grant(ref, 5, key)).status).toBe(200);
    const response = await grant(ref, 5, key, other.secretKey);
    expect(response.status).toBe(200);
    expect(response.headers.get("idempotent-replayed")).toBeNull();
  });

  it("keys are case-sensitive", async () => {
    const ref = extRef();
    const key = `Key-${idem()}`;
    expect((await grant(ref, 1, key)).status).toBe(200);
    const lower = await grant(ref, 1, key.toLowerCase());
    expect(lower.headers.get("idempotent-replayed")).toBeNull();
    expect(await coins(ref)).toBe(2);
  });

  it("a key is kept 30 days and forgotten after", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    const key = idem();
    const first = await grant(ref, 5, key);
    clock.advance(29 * DAY_MS);
    const stillKept = await grant(ref, 5, key);
    expect(stillKept.headers.get("idempotent-replayed")).toBe("true");
    expect(stillKept.body).toEqual(first.body);

    clock.advance(2 * DAY_MS);
    const fresh = await grant(ref, 5, key);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("idempotent-replayed")).toBeNull();
    expect(fresh.body.entry.id).not.toBe(first.body.entry.id);
    expect(fresh.body.balance.total).toBe(10);
    // The key now names the new request.
    const replay = await grant(ref, 5, key);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(fresh.body);
    expect(await ledgerCount(playerId)).toBe(2);
  });

  it("a forgotten key can carry a different request", async () => {
    const ref = extRef();
    const key = idem();
    await grant(ref, 5, key);
    clock.advance(31 * DAY_MS);
    const different = await post(`/players/${ref}/wallet/spend`, game.secretKey, { currency: "coins", amount: 5 }, key);
    expect(different.status).toBe(200);
    expect(await coins(ref)).toBe(0);
  });
});

describe("concurrent requests with one key", () => {
  it("20 identical grants at once: one effect, 20 answers 200 with the same entry", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    const key = idem();
    const responses = await Promise.all(Array.from({ length: 20 }, () => grant(ref, 9, key)));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const ids = new Set(responses.map((r) => r.body.entry.id));
    expect(ids.size).toBe(1);
    expect(responses.filter((r) => r.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    expect(responses.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(19);
    for (const response of responses) expect(response.body).toEqual(responses[0]?.body);
    expect(await ledgerCount(playerId)).toBe(1);
    expect(await coins(ref)).toBe(9);
  });

  it("20 identical grants at once for a player that does not exist yet: one player, one effect", async () => {
    const ref = extRef();
    const key = idem();
    const responses = await Promise.all(Array.from({ length: 20 }, () => grant(ref, 4, key)));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((r) => r.body.entry.id)).size).toBe(1);
    expect(await coins(ref)).toBe(4);
  });

  it("one key with different bodies at once: one effect; the others replay it or get IDEMPOTENCY_CONFLICT", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    const key = idem();
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => grant(ref, 1 + (i % 2), key)));
    const winners = responses.filter((r) => r.status === 200 && r.headers.get("idempotent-replayed") === null);
    expect(winners).toHaveLength(1);
    const winner = winners[0];
    for (const response of responses) {
      if (response.status === 200) expect(response.body).toEqual(winner?.body);
      else {
        expect(response.status).toBe(409);
        expect(response.body).toEqual(apiError("IDEMPOTENCY_CONFLICT"));
      }
    }
    expect(responses.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await ledgerCount(playerId)).toBe(1);
    expect(await coins(ref)).toBe(winner?.body.balance.total);
  });

  it("concurrent spends with one key never spend twice", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await grant(ref, 30, idem());
    const key = idem();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => post<Movement>(`/players/${ref}/wallet/spend`, game.secretKey, { currency: "coins", amount: 10 }, key)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((r) => r.body.entry.id)).size).toBe(1);
    expect(await coins(ref)).toBe(20);
    expect(await ledgerCount(playerId)).toBe(2);
    await assertLedgerMatchesBalances(await gameIdOf(game));
  });
});
