import { beforeAll, describe, expect, it } from "vitest";
import { apiError, ensurePlayer, ledgerCount, validationFailed } from "../domain-helpers";
import { call, createTestGame, extRef, get, idem, post, rawHttp, useDatabase, type TestGame } from "../harness";

// Bodies a money API must refuse rather than guess at (docs/security.md, "Request bodies"): each
// refusal is 400 VALIDATION_FAILED naming what is wrong, and changes nothing, not even a new player.
useDatabase();

type Movement = { entry: { id: string; reason: string | null; metadata: Record<string, string> }; balance: { total: number } };

let game: TestGame;
beforeAll(async () => {
  game = await createTestGame();
});

const grantPath = (ref: string) => `/players/${ref}/wallet/grant`;
const grantRaw = (ref: string, rawBody: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) =>
  call<Movement>("POST", grantPath(ref), { key: game.secretKey, idempotencyKey: idem(), rawBody, headers });
const coins = async (ref: string) => (await get<{ balances: { total: number }[] }>(`/players/${ref}/wallet`, game.secretKey)).body.balances[0]?.total;

/** A player with a coins balance row, so a grant takes the one-statement path (server/api/fast-path.ts). */
async function fundedPlayer(): Promise<{ ref: string; id: string }> {
  const ref = extRef();
  const first = await post(grantPath(ref), game.secretKey, { currency: "coins", amount: 10 });
  expect(first.status).toBe(200);
  return { ref, id: await ensurePlayer(game, ref) };
}

describe("a lone UTF-16 surrogate", () => {
  // JSON.stringify writes a lone surrogate as the escape \ud800, as any client's JSON encoder would.
  it("in a grant's reason for a new ext: player is 400 naming the field, and no player is created", async () => {
    const ref = extRef();
    const response = await post(grantPath(ref), game.secretKey, { currency: "coins", amount: 1, reason: "\ud800" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ reason: ["Must not contain a lone UTF-16 surrogate"] }));
    expect((await get(`/players/${ref}`, game.secretKey)).status).toBe(404);
  });

  it("in a metadata value is 400 on metadata.<key>, for new and funded players alike", async () => {
    const fresh = extRef();
    const onNew = await post(grantPath(fresh), game.secretKey, { currency: "coins", amount: 1, metadata: { note: "a\udc00b" } });
    expect(onNew.status).toBe(400);
    expect(onNew.body).toEqual(validationFailed({ "metadata.note": ["Must not contain a lone UTF-16 surrogate"] }));
    expect((await get(`/players/${fresh}`, game.secretKey)).status).toBe(404);

    const { ref, id } = await fundedPlayer();
    const onFunded = await post(grantPath(ref), game.secretKey, { currency: "coins", amount: 1, metadata: { note: "\udbff" } });
    expect(onFunded.status).toBe(400);
    expect(onFunded.body).toEqual(validationFailed({ "metadata.note": ["Must not contain a lone UTF-16 surrogate"] }));
    expect(await ledgerCount(id)).toBe(1);
  });

  it("in the reason of a grant or spend for an existing player is 400, and nothing moves (it was stored as U+FFFD)", async () => {
    const { ref, id } = await fundedPlayer();
    for (const path of [grantPath(ref), `/players/${ref}/wallet/spend`]) {
      const response = await post(path, game.secretKey, { currency: "coins", amount: 1, reason: "x\ud83d" });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(validationFailed({ reason: ["Must not contain a lone UTF-16 surrogate"] }));
    }
    expect(await ledgerCount(id)).toBe(1);
    expect(await coins(ref)).toBe(10);
  });

  it("in a displayName is 400 on displayName and creates no player", async () => {
    const ref = extRef();
    const response = await call("PUT", `/players/${ref}`, { key: game.secretKey, body: { displayName: "Ann\udfff" } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ displayName: ["Must not contain a lone UTF-16 surrogate"] }));
    expect((await get(`/players/${ref}`, game.secretKey)).status).toBe(404);
  });

  it("in an object key is 400 naming that key", async () => {
    const ref = extRef();
    const response = await post(grantPath(ref), game.secretKey, { currency: "coins", amount: 1, metadata: { "k\ud800": "v" } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      validationFailed({ "metadata.k\ud800": ["Must not contain a lone UTF-16 surrogate", expect.stringMatching(/^Keys are/)] }),
    );
    const unknownField = await post(grantPath(ref), game.secretKey, { currency: "coins", amount: 1, "x\ud800": 1 });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body).toEqual(validationFailed({ "x\ud800": ["Must not contain a lone UTF-16 surrogate", "Unknown field"] }));
    expect((await get(`/players/${ref}`, game.secretKey)).status).toBe(404);
  });

  it("a well-formed pair (an emoji), raw or escaped, is accepted and answered unchanged", async () => {
    const ref = extRef();
    const raw = await post<Movement>(grantPath(ref), game.secretKey, { currency: "coins", amount: 1, reason: "gg 😀", metadata: { m: "😀" } });
    expect(raw.status).toBe(200);
    expect(raw.body.entry.reason).toBe("gg 😀");
    expect(raw.body.entry.metadata).toEqual({ m: "😀" });
    const escaped = await grantRaw(ref, '{"currency":"coins","amount":1,"reason":"gg \\ud83d\\ude00"}');
    expect(escaped.status).toBe(200);
    expect(escaped.body.entry.reason).toBe("gg 😀");
  });
});

describe("invalid UTF-8", () => {
  const encoder = new TextEncoder();
  const withBytes = (before: string, bytes: number[], after: string) =>
    new Uint8Array([...encoder.encode(before), ...bytes, ...encoder.encode(after)]);

  it.each([
    ["a stray continuation byte", [0x80]],
    ["a truncated two-byte sequence", [0xc3]],
    ["an overlong encoding of '/'", [0xc0, 0xaf]],
    ["an encoded surrogate (CESU-8)", [0xed, 0xa0, 0x80]],
    ["a byte that never occurs in UTF-8", [0xff]],
  ])("%s is 400 INVALID_UTF8 instead of becoming U+FFFD, and no player is created", async (_label, bytes) => {
    const ref = extRef();
    const response = await grantRaw(ref, withBytes('{"currency":"coins","amount":1,"reason":"', bytes, '"}'));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ body: ["INVALID_UTF8"] }));
    expect((await get(`/players/${ref}`, game.secretKey)).status).toBe(404);
  });

  it("valid multi-byte UTF-8 is accepted, and a leading byte-order mark is ignored (RFC 8259 section 8.1)", async () => {
    const ref = extRef();
    const accented = await grantRaw(ref, withBytes('{"currency":"coins","amount":1,"reason":"', [0xc3, 0xa9], '"}'));
    expect(accented.status).toBe(200);
    expect(accented.body.entry.reason).toBe("é");
    const bom = await grantRaw(ref, withBytes("", [0xef, 0xbb, 0xbf], '{"currency":"coins","amount":2}'));
    expect(bom.status).toBe(200);
    expect(bom.body.balance.total).toBe(3);
  });
});

describe("a key that appears twice in one object", () => {
  it("is 400 DUPLICATE_KEY on that key; the last amount is not credited", async () => {
    const { ref, id } = await fundedPlayer();
    const response = await grantRaw(ref, '{"currency":"coins","amount":5,"reason":"promo","amount":999999999}');
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ amount: ["DUPLICATE_KEY"] }));
    expect(await coins(ref)).toBe(10);
    expect(await ledgerCount(id)).toBe(1);
  });

  it("is found inside metadata and when one spelling is escaped", async () => {
    const ref = extRef();
    const nested = await grantRaw(ref, '{"currency":"coins","amount":1,"metadata":{"a":"1","b":"2","a":"3"}}');
    expect(nested.status).toBe(400);
    expect(nested.body).toEqual(validationFailed({ "metadata.a": ["DUPLICATE_KEY"] }));
    const escaped = await grantRaw(ref, '{"currency":"coins","\\u0061mount":1,"amount":2}');
    expect(escaped.status).toBe(400);
    expect(escaped.body).toEqual(validationFailed({ amount: ["DUPLICATE_KEY"] }));
    expect((await get(`/players/${ref}`, game.secretKey)).status).toBe(404);
  });

  it("names every duplicated key, with its path", async () => {
    const response = await grantRaw(extRef(), '{"currency":"coins","currency":"gems","amount":1,"metadata":{"k":"1","k":"2"},"amount":2}');
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ currency: ["DUPLICATE_KEY"], "metadata.k": ["DUPLICATE_KEY"], amount: ["DUPLICATE_KEY"] }));
  });

  it("the same name in two different objects is no duplicate; keys inside strings are text", async () => {
    const ref = extRef();
    const response = await grantRaw(ref, '{"currency":"coins","amount":1,"reason":"\\"amount\\":2,","metadata":{"amount":"1","currency":"x"}}');
    expect(response.status).toBe(200);
    expect(response.body.entry.metadata).toEqual({ amount: "1", currency: "x" });
  });

  it("under a key used before is a conflict, never a replay of the stored answer", async () => {
    const { ref } = await fundedPlayer();
    const key = idem();
    const first = await post(grantPath(ref), game.secretKey, { currency: "coins", amount: 7 }, key);
    expect(first.status).toBe(200);
    // Read leniently (the last amount wins) this body is the stored request; it must not be treated as it.
    const twin = await call("POST", grantPath(ref), { key: game.secretKey, idempotencyKey: key, rawBody: '{"currency":"coins","amount":1,"amount":7}' });
    expect(twin.status).toBe(409);
    expect(twin.body).toEqual(apiError("IDEMPOTENCY_CONFLICT"));
  });
});

describe("the Content-Type of a body", () => {
  const body = '{"currency":"coins","amount":1}';

  it.each([
    ["text/plain", "text/plain;charset=UTF-8"],
    ["a form", "application/x-www-form-urlencoded"],
    ["multipart", "multipart/form-data; boundary=x"],
    ["a +json suffix", "application/merge-patch+json"],
    ["JSON's old text/json", "text/json"],
    ["an empty value", ""],
  ])("%s is 400 on Content-Type, and the body is not executed", async (_label, contentType) => {
    const ref = extRef();
    const response = await grantRaw(ref, body, { "content-type": contentType });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ "Content-Type": ["CONTENT_TYPE_NOT_JSON"] }));
    expect((await get(`/players/${ref}`, game.secretKey)).status).toBe(404);
  });

  it("a body without any Content-Type is refused the same way", async () => {
    const ref = extRef();
    const answer = await rawHttp(
      (host) =>
        // HTTP/1.0: the answer is not chunked, and the server closes the connection after it.
        `POST /api/v1${grantPath(ref)} HTTP/1.0\r\nHost: ${host}\r\nAuthorization: Bearer ${game.secretKey}\r\nIdempotency-Key: ${idem()}\r\n` +
        `Content-Length: ${body.length}\r\n\r\n${body}`,
    );
    const [head = "", text = ""] = answer.split("\r\n\r\n");
    expect(head.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    expect(JSON.parse(text)).toEqual(validationFailed({ "Content-Type": ["CONTENT_TYPE_NOT_JSON"] }));
    expect((await get(`/players/${ref}`, game.secretKey)).status).toBe(404);
  });

  it.each([
    ["application/json"],
    ["application/json; charset=utf-8"],
    ["Application/JSON ; Charset=UTF-8"],
  ])("%s is accepted (case-insensitive, parameters allowed)", async (contentType) => {
    const response = await grantRaw(extRef(), body, { "content-type": contentType });
    expect(response.status).toBe(200);
    expect(response.body.balance.total).toBe(1);
  });

  it("a request without a body may leave the header out", async () => {
    const ref = extRef();
    const answer = await rawHttp(
      (host) =>
        `POST /api/v1/players/${ref}/tokens HTTP/1.0\r\nHost: ${host}\r\nAuthorization: Bearer ${game.secretKey}\r\n` +
        `Content-Length: 0\r\n\r\n`,
    );
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
    const upsert = await call("PUT", `/players/${extRef()}`, { key: game.secretKey });
    expect(upsert.status).toBe(200);
  });

  it("comes after the idempotency key: a missing key with a text/plain body is IDEMPOTENCY_KEY_REQUIRED", async () => {
    const response = await call("POST", grantPath(extRef()), { key: game.secretKey, rawBody: body, headers: { "content-type": "text/plain" } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(apiError("IDEMPOTENCY_KEY_REQUIRED"));
  });
});
