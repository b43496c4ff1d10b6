import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "@/db/schema";
import { forgetCachedKeys, authenticateKey } from "@/server/keys/authenticate-key";
import { resetConfigForTests } from "@/server/lib/config";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { sha256Hex } from "@/server/lib/secrets";
import { call, createTestGame, db, extRef, get, idem, post, rawHttp, useDatabase, type TestGame } from "../harness";
import { apiError, validationFailed } from "../domain-helpers";

useDatabase();

let game: TestGame;
beforeAll(async () => {
  game = await createTestGame();
});

const grantPath = (ref: string) => `/players/${ref}/wallet/grant`;

describe("response headers", () => {
  it("a success carries Cache-Control: no-store and a JSON content type", async () => {
    const response = await get("/catalog", game.secretKey);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  it("errors carry Cache-Control: no-store too (401, 404, 405, 400, 409)", async () => {
    const player = extRef();
    const responses = await Promise.all([
      call("GET", "/catalog"),
      get(`/players/${player}`, game.secretKey),
      call("DELETE", "/catalog", { key: game.secretKey }),
      post(grantPath(player), game.secretKey, { currency: "coins", amount: 0 }),
      post(`/players/${player}/wallet/spend`, game.secretKey, { currency: "coins", amount: 1 }),
    ]);
    expect(responses.map((r) => r.status)).toEqual([401, 404, 405, 400, 409]);
    for (const response of responses) expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers carry their exact byte length, never chunked (a success with non-ASCII text, and an error)", async () => {
    const ref = extRef();
    const granted = await post(grantPath(ref), game.secretKey, { currency: "coins", amount: 3, reason: "café ☕ bonus" }, idem());
    const refused = await post(`/players/${extRef()}/wallet/spend`, game.secretKey, { currency: "coins", amount: 1 });
    expect([granted.status, refused.status]).toEqual([200, 409]);
    for (const response of [granted, refused]) {
      expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(response.text)));
      expect(response.headers.get("transfer-encoding")).toBeNull();
    }
  });

  it("the server API sends no CORS headers, even when an Origin is sent", async () => {
    const response = await call("GET", "/catalog", { key: game.secretKey, headers: { origin: "https://example.com" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("routing", () => {
  it("an unknown route answers 404 NOT_FOUND in the error envelope, before authentication", async () => {
    const withKey = await get("/nope", game.secretKey);
    expect(withKey.status).toBe(404);
    expect(withKey.body).toEqual(apiError("NOT_FOUND"));
    const withoutKey = await call("GET", "/players/ext:a/wallet/nope");
    expect(withoutKey.status).toBe(404);
    expect(withoutKey.body).toEqual(apiError("NOT_FOUND"));
  });

  it("a wrong method answers 405 METHOD_NOT_ALLOWED with an Allow header", async () => {
    const catalog = await call("POST", "/catalog", { key: game.secretKey, body: {} });
    expect(catalog.status).toBe(405);
    expect(catalog.body).toEqual(apiError("METHOD_NOT_ALLOWED"));
    expect(catalog.headers.get("allow")).toBe("GET");

    const player = await call("DELETE", `/players/${extRef()}`, { key: game.secretKey });
    expect(player.status).toBe(405);
    expect(player.body).toEqual(apiError("METHOD_NOT_ALLOWED"));
    expect(player.headers.get("allow")?.split(", ").sort()).toEqual(["GET", "PUT"]);

    const grant = await call("GET", grantPath(extRef()), { key: game.secretKey });
    expect(grant.status).toBe(405);
    expect(grant.headers.get("allow")).toBe("POST");
  });
});

describe("authentication", () => {
  it("a missing Authorization header is 401 UNAUTHENTICATED", async () => {
    const response = await call("GET", "/catalog");
    expect(response.status).toBe(401);
    expect(response.body).toEqual(apiError("UNAUTHENTICATED"));
  });

  it.each([
    ["another scheme", (key: string) => `Basic ${key}`],
    ["Bearer without a key", () => "Bearer "],
    ["two tokens", (key: string) => `Bearer ${key} extra`],
    ["the key without the scheme", (key: string) => key],
    ["an unknown secret key", () => "Bearer svc_sk_test_doesnotexist0000000000000"],
    ["a key with one character changed", (key: string) => `Bearer ${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`],
  ])("%s is 401 UNAUTHENTICATED", async (_label, header) => {
    const response = await call("GET", "/catalog", { headers: { authorization: header(game.secretKey) } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(apiError("UNAUTHENTICATED"));
  });

  it("the Bearer scheme is case-insensitive", async () => {
    const response = await call("GET", "/catalog", { headers: { authorization: `bearer ${game.secretKey}` } });
    expect(response.status).toBe(200);
  });

  it("a revoked key is 401 UNAUTHENTICATED", async () => {
    const other = await createTestGame();
    expect((await get("/catalog", other.secretKey)).status).toBe(200);
    await (await db()).update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.keyHash, sha256Hex(other.secretKey)));
    forgetCachedKeys();
    const response = await get("/catalog", other.secretKey);
    expect(response.status).toBe(401);
    expect(response.body).toEqual(apiError("UNAUTHENTICATED"));
    expect(await authenticateKey(await db(), other.secretKey)).toBeNull();
  });

  it("a publishable key (test or live) on a server route is 403 FORBIDDEN", async () => {
    for (const key of [game.publishableKey, game.livePublishableKey]) {
      const response = await get("/catalog", key);
      expect(response.status).toBe(403);
      expect(response.body).toEqual(apiError("FORBIDDEN"));
    }
    const write = await post(grantPath(extRef()), game.publishableKey, { currency: "coins", amount: 1 });
    expect(write.status).toBe(403);
    expect(write.body).toEqual(apiError("FORBIDDEN"));
  });

  it("authentication comes before validation: a bad body without a key is 401", async () => {
    const response = await call("POST", grantPath("not-a-ref"), { body: { nope: 1 } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(apiError("UNAUTHENTICATED"));
  });
});

describe("environments", () => {
  it("test and live player data are separate", async () => {
    const ref = extRef();
    const created = await post<{ balance: { total: number } }>(grantPath(ref), game.secretKey, { currency: "coins", amount: 70 });
    expect(created.status).toBe(200);
    const testPlayer = await get<{ id: string }>(`/players/${ref}`, game.secretKey);
    expect(testPlayer.status).toBe(200);

    // The live key sees neither the ext: player nor its service id.
    const liveByRef = await get(`/players/${ref}`, game.liveSecretKey);
    expect(liveByRef.status).toBe(404);
    expect(liveByRef.body).toEqual(apiError("NOT_FOUND"));
    const liveById = await get(`/players/${testPlayer.body.id}/wallet`, game.liveSecretKey);
    expect(liveById.status).toBe(404);
    expect(liveById.body).toEqual(apiError("NOT_FOUND"));

    // A write with the live key creates an independent live player with the same external id.
    const liveGrant = await post<{ balance: unknown }>(grantPath(ref), game.liveSecretKey, { currency: "coins", amount: 5 });
    expect(liveGrant.status).toBe(200);
    expect(liveGrant.body.balance).toEqual({ currency: "coins", paid: 0, bonus: 5, total: 5 });
    const livePlayer = await get<{ id: string }>(`/players/${ref}`, game.liveSecretKey);
    expect(livePlayer.body.id).not.toBe(testPlayer.body.id);
    const testWallet = await get<{ balances: unknown[] }>(`/players/${ref}/wallet`, game.secretKey);
    expect(testWallet.body.balances).toEqual([
      { currency: "coins", paid: 0, bonus: 70, total: 70 },
      { currency: "gems", paid: 0, bonus: 0, total: 0 },
    ]);
  });

  it("a key of one game never reaches another game's players", async () => {
    const other = await createTestGame();
    const ref = extRef();
    const created = await call<{ id: string }>("PUT", `/players/${ref}`, { key: game.secretKey });
    expect(created.status).toBe(200);
    expect((await get(`/players/${ref}`, other.secretKey)).status).toBe(404);
    expect((await get(`/players/${created.body.id}`, other.secretKey)).status).toBe(404);
  });
});

describe("strict bodies and bounds", () => {
  const ref = () => extRef("bounds");

  it("an unknown field is 400 VALIDATION_FAILED naming the field", async () => {
    const response = await post(grantPath(ref()), game.secretKey, { currency: "coins", amount: 1, colour: "red" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ colour: [expect.any(String)] }));
  });

  it("a grant refuses `paid` and `bonus` as unknown fields", async () => {
    const response = await post(grantPath(ref()), game.secretKey, { currency: "coins", amount: 1, paid: 1, bonus: 1 });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ paid: [expect.any(String)], bonus: [expect.any(String)] }));
  });

  it("missing required fields are reported as required", async () => {
    const response = await post(grantPath(ref()), game.secretKey, {});
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ currency: ["Required"], amount: ["Required"] }));
  });

  it.each([
    ["0", 0],
    ["1e12 + 1", 1_000_000_000_001],
    ["1.5", 1.5],
    ["a string", "5"],
    ["negative", -1],
    ["null", null],
  ])("amount %s is 400 VALIDATION_FAILED on amount", async (_label, amount) => {
    const response = await post<{ error: { details: { fieldErrors: Record<string, string[]> } } }>(grantPath(ref()), game.secretKey, {
      currency: "coins",
      amount,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ amount: [expect.any(String)] }));
    // A value that was sent is not "missing".
    expect(response.body.error.details.fieldErrors.amount).not.toEqual(["Required"]);
  });

  it("amount 1e12 is the largest accepted", async () => {
    const response = await post<{ balance: unknown }>(grantPath(ref()), game.secretKey, { currency: "coins", amount: 1_000_000_000_000 });
    expect(response.status).toBe(200);
    expect(response.body.balance).toEqual({ currency: "coins", paid: 0, bonus: 1_000_000_000_000, total: 1_000_000_000_000 });
  });

  it("a currency code of the wrong shape is 400 on currency", async () => {
    for (const currency of ["Coins", "c", "", 5]) {
      const response = await post(grantPath(ref()), game.secretKey, { currency, amount: 1 });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(validationFailed({ currency: [expect.any(String)] }));
    }
  });

  it("reason: 500 characters pass, 501 are refused", async () => {
    const ok = await post<{ entry: { reason: string } }>(grantPath(ref()), game.secretKey, { currency: "coins", amount: 1, reason: "r".repeat(500) });
    expect(ok.status).toBe(200);
    expect(ok.body.entry.reason).toBe("r".repeat(500));
    const tooLong = await post(grantPath(ref()), game.secretKey, { currency: "coins", amount: 1, reason: "r".repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual(validationFailed({ reason: [expect.any(String)] }));
  });

  it("metadata: 20 entries pass, 21 give METADATA_TOO_LARGE", async () => {
    const entries = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`key_${i}`, `value ${i}`]));
    const ok = await post<{ entry: { metadata: Record<string, string> } }>(grantPath(ref()), game.secretKey, {
      currency: "coins",
      amount: 1,
      metadata: entries(20),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.entry.metadata).toEqual(entries(20));
    const tooMany = await post(grantPath(ref()), game.secretKey, { currency: "coins", amount: 1, metadata: entries(21) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual(validationFailed({ metadata: ["METADATA_TOO_LARGE"] }));
  });

  it("metadata keys and values are checked", async () => {
    const badKey = await post(grantPath(ref()), game.secretKey, { currency: "coins", amount: 1, metadata: { "bad key": "x" } });
    expect(badKey.status).toBe(400);
    expect(badKey.body).toEqual(validationFailed({ "metadata.bad key": [expect.any(String)] }));

    const longKey = "k".repeat(65);
    const tooLongKey = await post(grantPath(ref()), game.secretKey, { currency: "coins", amount: 1, metadata: { [longKey]: "x" } });
    expect(tooLongKey.status).toBe(400);
    expect(tooLongKey.body).toEqual(validationFailed({ [`metadata.${longKey}`]: [expect.any(String)] }));

    const longValue = await post(grantPath(ref()), game.secretKey, { currency: "coins", amount: 1, metadata: { k: "v".repeat(501) } });
    expect(longValue.status).toBe(400);
    expect(longValue.body).toEqual(validationFailed({ "metadata.k": [expect.any(String)] }));

    const notString = await post(grantPath(ref()), game.secretKey, { currency: "coins", amount: 1, metadata: { k: 1 } });
    expect(notString.status).toBe(400);
    expect(notString.body).toEqual(validationFailed({ "metadata.k": [expect.any(String)] }));

    const edge = { ["k".repeat(64)]: "v".repeat(500), "a.b-c_D9": "" };
    const ok = await post<{ entry: { metadata: Record<string, string> } }>(grantPath(ref()), game.secretKey, { currency: "coins", amount: 1, metadata: edge });
    expect(ok.status).toBe(200);
    expect(ok.body.entry.metadata).toEqual(edge);
  });

  it("a metadata key named __proto__ is refused rather than silently dropped", async () => {
    const response = await call("POST", grantPath(ref()), {
      key: game.secretKey,
      idempotencyKey: idem(),
      rawBody: '{"currency":"coins","amount":1,"metadata":{"__proto__":"x","a":"b"}}',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ "metadata.__proto__": [expect.any(String)] }));
  });

  it("a body field named __proto__ is an unknown field, not a server error", async () => {
    const grant = await call("POST", grantPath(ref()), {
      key: game.secretKey,
      idempotencyKey: idem(),
      rawBody: '{"currency":"coins","amount":1,"__proto__":{"amount":5}}',
    });
    expect(grant.status).toBe(400);
    expect(grant.body).toEqual(validationFailed({ ["__proto__"]: ["This key name is reserved", "Unknown field"] }));
    const upsert = await call("PUT", `/players/${ref()}`, { key: game.secretKey, rawBody: '{"__proto__":{"displayName":"x"}}' });
    expect(upsert.status).toBe(400);
    expect(upsert.body).toEqual(validationFailed({ ["__proto__"]: ["This key name is reserved", "Unknown field"] }));
  });

  it("a string holding a NUL character is 400, not a database error", async () => {
    const reason = await post(grantPath(ref()), game.secretKey, { currency: "coins", amount: 1, reason: "a\u0000b" });
    expect(reason.status).toBe(400);
    expect(reason.body).toEqual(validationFailed({ reason: [expect.any(String)] }));

    const metadata = await post(grantPath(ref()), game.secretKey, { currency: "coins", amount: 1, metadata: { k: "\u0000" } });
    expect(metadata.status).toBe(400);
    expect(metadata.body).toEqual(validationFailed({ "metadata.k": [expect.any(String)] }));

    const displayName = await call("PUT", `/players/${ref()}`, { key: game.secretKey, body: { displayName: "Ann\u0000" } });
    expect(displayName.status).toBe(400);
    expect(displayName.body).toEqual(validationFailed({ displayName: [expect.any(String)] }));
  });

  it("a client that closes mid-body changes nothing, and the server goes on answering", async () => {
    const ref = extRef();
    const body = JSON.stringify({ currency: "coins", amount: 5 });
    const answer = await rawHttp(
      (host) =>
        `POST /api/v1/players/${ref}/wallet/grant HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${game.secretKey}\r\n` +
        `Idempotency-Key: ${idem()}\r\nContent-Type: application/json\r\nContent-Length: ${body.length + 10}\r\n\r\n${body}`,
      { hangUp: true },
    );
    // Node's parser sees the request end early; the answer is the envelope, and no grant happened.
    const [head = "", text = ""] = answer.split("\r\n\r\n");
    expect(head.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    expect(head.split("\r\n")).toContain("X-Content-Type-Options: nosniff");
    expect(JSON.parse(text)).toEqual(validationFailed({ request: ["MALFORMED_HTTP"] }));
    expect((await get(`/players/${ref}`, game.secretKey)).status).toBe(404);
    expect((await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 5 })).status).toBe(200);
  });

  it("a body over 64 KiB is 400 VALIDATION_FAILED; exactly 64 KiB is read", async () => {
    const json = JSON.stringify({ currency: "coins", amount: 1 });
    const exact = await call<{ balance: { total: number } }>("POST", grantPath(ref()), {
      key: game.secretKey,
      idempotencyKey: idem(),
      rawBody: json + " ".repeat(64 * 1024 - json.length),
    });
    expect(exact.status).toBe(200);
    expect(exact.body.balance.total).toBe(1);

    const over = await call("POST", grantPath(ref()), {
      key: game.secretKey,
      idempotencyKey: idem(),
      rawBody: json + " ".repeat(64 * 1024 - json.length + 1),
    });
    expect(over.status).toBe(400);
    expect(over.body).toEqual(validationFailed({ body: ["BODY_TOO_LARGE"] }));

    const bigReason = await call("PUT", `/players/${ref()}`, { key: game.secretKey, body: { displayName: "x".repeat(70_000) } });
    expect(bigReason.status).toBe(400);
    expect(bigReason.body).toEqual(validationFailed({ body: ["BODY_TOO_LARGE"] }));
  });

  it("a deeply nested body is 400 VALIDATION_FAILED, not a stack overflow", async () => {
    const depth = 30_000;
    const rawBody = `{"currency":"coins","amount":1,"x":${"[".repeat(depth)}${"]".repeat(depth)}}`;
    const grant = await call("POST", grantPath(ref()), { key: game.secretKey, idempotencyKey: idem(), rawBody });
    expect(grant.status).toBe(400);
    expect(grant.body).toEqual(validationFailed({ body: ["TOO_DEEPLY_NESTED"] }));
    const upsert = await call("PUT", `/players/${ref()}`, { key: game.secretKey, rawBody: `{"displayName":${"[".repeat(depth)}${"]".repeat(depth)}}` });
    expect(upsert.status).toBe(400);
    expect(upsert.body).toEqual(validationFailed({ body: ["TOO_DEEPLY_NESTED"] }));
    // Brackets inside strings are text, not nesting.
    const text = await post<{ entry: { reason: string } }>(grantPath(ref()), game.secretKey, { currency: "coins", amount: 1, reason: '[{"\\'.repeat(100) });
    expect(text.status).toBe(200);
    expect(text.body.entry.reason).toBe('[{"\\'.repeat(100));
  });

  it("malformed JSON is 400 VALIDATION_FAILED", async () => {
    const response = await call("POST", grantPath(ref()), { key: game.secretKey, idempotencyKey: idem(), rawBody: '{"currency": "coins",' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ body: ["MALFORMED_JSON"] }));
  });

  it.each([
    ["an array", "[]"],
    ["null", "null"],
    ["a string", '"coins"'],
    ["a number", "5"],
  ])("a JSON body that is %s is 400 VALIDATION_FAILED", async (_label, rawBody) => {
    const response = await call("POST", grantPath(ref()), { key: game.secretKey, idempotencyKey: idem(), rawBody });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ body: [expect.any(String)] }));
  });

  it("a route without a body refuses any field", async () => {
    const response = await call("POST", `/players/${ref()}/tokens`, { key: game.secretKey, body: { ttl: 5 } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ ttl: [expect.any(String)] }));
  });

  it("an unknown query parameter is 400 VALIDATION_FAILED, on reads and writes", async () => {
    const read = await get("/catalog?lang=fr", game.secretKey);
    expect(read.status).toBe(400);
    expect(read.body).toEqual(validationFailed({ lang: [expect.any(String)] }));
    const write = await post(`${grantPath(ref())}?dryRun=1`, game.secretKey, { currency: "coins", amount: 1 });
    expect(write.status).toBe(400);
    expect(write.body).toEqual(validationFailed({ dryRun: [expect.any(String)] }));
  });

  it("one answer lists the problems of the path and of the body together", async () => {
    const response = await post(grantPath("ext:"), game.secretKey, { currency: "coins", amount: 0, extra: true });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      validationFailed({ player: ["PLAYER_REF_INVALID"], amount: [expect.any(String)], extra: [expect.any(String)] }),
    );
  });
});

describe("order of processing", () => {
  it("the idempotency key is checked before the body: missing key with a bad body is IDEMPOTENCY_KEY_REQUIRED", async () => {
    const bad = await call("POST", grantPath(extRef()), { key: game.secretKey, body: { nope: true } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(apiError("IDEMPOTENCY_KEY_REQUIRED"));
    const malformed = await call("POST", grantPath(extRef()), { key: game.secretKey, rawBody: "{" });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual(apiError("IDEMPOTENCY_KEY_REQUIRED"));
    const huge = await call("POST", grantPath(extRef()), { key: game.secretKey, rawBody: " ".repeat(70_000) });
    expect(huge.status).toBe(400);
    expect(huge.body).toEqual(apiError("IDEMPOTENCY_KEY_REQUIRED"));
  });
});

describe("rate limit", () => {
  const previous = process.env.SERVER_RATE_LIMIT_PER_MINUTE;
  afterEach(() => {
    if (previous === undefined) delete process.env.SERVER_RATE_LIMIT_PER_MINUTE;
    else process.env.SERVER_RATE_LIMIT_PER_MINUTE = previous;
    resetConfigForTests();
    resetRateLimits();
  });

  function limitTo(perMinute: number): void {
    process.env.SERVER_RATE_LIMIT_PER_MINUTE = String(perMinute);
    resetConfigForTests();
    resetRateLimits();
  }

  it("the request past the per-key limit is 429 RATE_LIMITED with Retry-After in whole seconds", async () => {
    limitTo(3);
    const key = (await createTestGame()).secretKey;
    for (let i = 0; i < 3; i += 1) expect((await get("/catalog", key)).status).toBe(200);
    const limited = await get("/catalog", key);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(apiError("RATE_LIMITED"));
    expect(limited.headers.get("cache-control")).toBe("no-store");
    const retryAfter = limited.headers.get("retry-after") ?? "";
    expect(retryAfter).toMatch(/^[1-9][0-9]*$/);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  });

  it("counts per key, after authentication, and before the idempotency key", async () => {
    limitTo(3);
    const limitedGame = await createTestGame();
    // Unauthenticated requests are refused before they count.
    for (let i = 0; i < 3; i += 1) expect((await call("GET", "/catalog")).status).toBe(401);
    for (let i = 0; i < 3; i += 1) expect((await get("/catalog", limitedGame.secretKey)).status).toBe(200);
    // A write without Idempotency-Key is refused by the limit first.
    const write = await call("POST", grantPath(extRef()), { key: limitedGame.secretKey, body: { currency: "coins", amount: 1 } });
    expect(write.status).toBe(429);
    expect(write.body).toEqual(apiError("RATE_LIMITED"));
    // The live key of the same game has its own counter.
    expect((await get("/catalog", limitedGame.liveSecretKey)).status).toBe(200);
  });
});
