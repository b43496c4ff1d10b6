import { beforeAll, describe, expect, it } from "vitest";
import { OPTIONS, POST } from "@/app/api/v1/[[...path]]/route";
import { apiError, validationFailed } from "../domain-helpers";
import { createTestGame, extRef, idem, useDatabase, type TestGame } from "../harness";

// The harness calls the API over HTTP through the Node adapter (what production serves). Next.js's
// route handler, used by `npm run dev`, runs the same pipeline behind the web adapter; this checks
// that adapter's own parts: reading the body, writing the answer, headers.
useDatabase();

let game: TestGame;
beforeAll(async () => {
  game = await createTestGame();
});

const url = (path: string) => `http://localhost:3000/api/v1${path}`;
function spendRequest(ref: string, body: string | Uint8Array<ArrayBuffer>, key: string, contentType = "application/json"): Request {
  return new Request(url(`/players/${ref}/wallet/grant`), {
    method: "POST",
    headers: { authorization: `Bearer ${game.secretKey}`, "idempotency-key": key, "content-type": contentType },
    body,
  });
}

describe("the Next.js route handler", () => {
  it("answers a grant, then replays it with Idempotent-Replayed", async () => {
    const ref = extRef();
    const key = idem();
    const first = await POST(spendRequest(ref, JSON.stringify({ currency: "coins", amount: 5 }), key));
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = (await first.json()) as { balance: { total: number } };
    expect(body.balance.total).toBe(5);
    const replay = await POST(spendRequest(ref, JSON.stringify({ amount: 5, currency: "coins" }), key));
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.json()).toEqual(body);
  });

  it("refuses a body over 64 KiB and malformed JSON in the envelope", async () => {
    const big = await POST(spendRequest(extRef(), JSON.stringify({ currency: "coins", amount: 1, reason: "x".repeat(70_000) }), idem()));
    expect(big.status).toBe(400);
    expect(await big.json()).toEqual(validationFailed({ body: ["BODY_TOO_LARGE"] }));
    const malformed = await POST(spendRequest(extRef(), "{", idem()));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual(validationFailed({ body: ["MALFORMED_JSON"] }));
  });

  it("reads the bytes the same way as the Node server: invalid UTF-8, a key twice and a text/plain body are refused", async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('{"currency":"coins","amount":1,"reason":"'), 0xff, ...new TextEncoder().encode('"}')]);
    const invalid = await POST(spendRequest(extRef(), bytes, idem()));
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual(validationFailed({ body: ["INVALID_UTF8"] }));
    const twice = await POST(spendRequest(extRef(), '{"currency":"coins","amount":1,"amount":9}', idem()));
    expect(twice.status).toBe(400);
    expect(await twice.json()).toEqual(validationFailed({ amount: ["DUPLICATE_KEY"] }));
    const text = await POST(spendRequest(extRef(), '{"currency":"coins","amount":1}', idem(), "text/plain"));
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual(validationFailed({ "Content-Type": ["CONTENT_TYPE_NOT_JSON"] }));
  });

  it("answers an unknown route 404 and a client preflight 204 without a body", async () => {
    const unknown = await POST(new Request(url("/nowhere"), { method: "POST" }));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual(apiError("NOT_FOUND"));
    const preflight = await OPTIONS(new Request(url("/client/players"), { method: "OPTIONS", headers: { origin: "https://game.example" } }));
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://game.example");
    expect(await preflight.text()).toBe("");
  });
});
