/**
 * The client API from a real browser on another origin (SPEC Authentication 6): a page of the game's
 * site (an allowed origin of the fixture's test environment) calls the API with fetch(), preflights
 * included, and reads the exposed headers; a page of a site the game did not list is refused.
 */
import { expect, test, type Page } from "@playwright/test";
import { ApiClient } from "./support/api";
import { API_URL, APP_URL, FIXTURE } from "./support/env";
import { startGamePage, type GamePage } from "./support/game-page";

const api = new ApiClient();
let listed: GamePage;
let unlisted: GamePage;

test.beforeAll(async () => {
  // http://127.0.0.1:4173 is in the fixture's test allowedOrigins; any other port is another, unlisted origin.
  listed = await startGamePage();
  unlisted = await startGamePage({ port: 0 });
});

test.afterAll(async () => {
  await Promise.all([listed?.close(), unlisted?.close()]);
});

/** What page code sees of a fetch(): the status, the JSON body and the headers it may read, or the rejection. */
type Seen =
  | { kind: "response"; status: number; body: unknown; headers: Record<string, string | null> }
  | { kind: "rejected"; error: string };

type BrowserRequest = { method?: string; headers?: Record<string, string>; body?: unknown };

/** Runs fetch() inside the page, so the request carries the page's Origin and goes through the browser's CORS checks. */
function browserFetch(page: Page, path: string, request: BrowserRequest = {}): Promise<Seen> {
  return page.evaluate(
    async ({ url, method, headers, body }) => {
      try {
        const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), mode: "cors" });
        const text = await response.text();
        const read = (name: string) => response.headers.get(name);
        return {
          kind: "response" as const,
          status: response.status,
          body: text ? (JSON.parse(text) as unknown) : null,
          headers: {
            "idempotent-replayed": read("Idempotent-Replayed"),
            "retry-after": read("Retry-After"),
            "content-type": read("Content-Type"),
            // Not exposed: page code must not see it.
            vary: read("Vary"),
          },
        };
      } catch (error) {
        return { kind: "rejected" as const, error: String(error) };
      }
    },
    { url: `${API_URL}${path}`, method: request.method ?? "GET", headers: request.headers ?? {}, body: request.body },
  );
}

function response(seen: Seen): Extract<Seen, { kind: "response" }> {
  if (seen.kind !== "response") throw new Error(`fetch() rejected: ${seen.error}`);
  return seen;
}

const key = { "X-Service-Key": FIXTURE.testPublishableKey };
const json = { ...key, "Content-Type": "application/json" };

type AnonymousPlayer = { player: { id: string; kind: string; externalId: string | null; displayName: string }; playerSecret: string; token: string };
type Movement = { entry: { type: string }; balance: { currency: string; paid: number; bonus: number; total: number } };

test("a listed origin: preflighted POSTs, a token, an idempotent replay read through Idempotent-Replayed", async ({ page }) => {
  await page.goto(listed.successUrl);
  expect(new URL(page.url()).origin).toBe(listed.origin);
  expect(listed.origin).not.toBe(APP_URL);

  // A GET with X-Service-Key (not a safelisted header: preflighted).
  const catalog = response(await browserFetch(page, "/client/catalog", { headers: key }));
  expect(catalog.status).toBe(200);
  expect(catalog.body).toMatchObject({ packs: expect.arrayContaining([expect.objectContaining({ sku: FIXTURE.packs.chest })]) });
  expect(catalog.headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(catalog.headers.vary).toBeNull();

  // createAnonymousPlayer: a JSON POST, preflighted.
  const created = response(await browserFetch(page, "/client/players", { method: "POST", headers: json, body: { displayName: "Browser Player" } }));
  expect(created.status).toBe(201);
  const anonymous = created.body as AnonymousPlayer;
  expect(anonymous.player).toMatchObject({ kind: "hosted", externalId: null, displayName: "Browser Player" });
  expect(anonymous.token).toMatch(/^svc_pt_/);

  // The game backend grants coins (server API, no browser involved); the page then spends with its token.
  await api.expect(200, "POST", `/players/${anonymous.player.id}/wallet/grant`, { body: { currency: "crystals", amount: 100 }, idempotencyKey: true });
  const authorized = { ...json, Authorization: `Bearer ${anonymous.token}` };
  const spend = { method: "POST", headers: { ...authorized, "Idempotency-Key": `browser-spend-${anonymous.player.id}` }, body: { currency: "crystals", amount: 30 } };
  const first = response(await browserFetch(page, "/client/me/wallet/spend", spend));
  expect(first.status).toBe(200);
  expect((first.body as Movement).balance).toEqual({ currency: "crystals", paid: 0, bonus: 70, total: 70 });
  expect(first.headers["idempotent-replayed"]).toBeNull();

  // The same request again (as after a lost answer): replayed, and page code can read the header.
  const replay = response(await browserFetch(page, "/client/me/wallet/spend", spend));
  expect(replay.status).toBe(200);
  expect(replay.body).toEqual(first.body);
  expect(replay.headers["idempotent-replayed"]).toBe("true");

  const me = response(await browserFetch(page, "/client/me", { headers: { ...key, Authorization: `Bearer ${anonymous.token}` } }));
  expect(me.status).toBe(200);
  expect(me.body).toMatchObject({ player: { id: anonymous.player.id }, wallet: { balances: expect.arrayContaining([expect.objectContaining({ currency: "crystals", total: 70 })]) } });

  // Errors are readable too (an insufficient balance), with their envelope.
  const tooMuch = response(
    await browserFetch(page, "/client/me/wallet/spend", { ...spend, headers: { ...authorized, "Idempotency-Key": `browser-big-${anonymous.player.id}` }, body: { currency: "crystals", amount: 1000 } }),
  );
  expect(tooMuch.status).toBe(409);
  expect(tooMuch.body).toMatchObject({ error: { code: "INSUFFICIENT_FUNDS", details: { required: 1000, available: 70 } } });

  // A new token from the player's secret, as a returning browser would get one.
  const renewed = response(
    await browserFetch(page, "/client/players/token", { method: "POST", headers: json, body: { playerId: anonymous.player.id, playerSecret: anonymous.playerSecret } }),
  );
  expect(renewed.status).toBe(200);
  expect(renewed.body).toMatchObject({ token: expect.stringMatching(/^svc_pt_/) });
});

test("a listed origin: Retry-After is readable on a 429 (the 11th gift-code attempt of a player)", async ({ page }) => {
  await page.goto(listed.successUrl);
  const created = response(await browserFetch(page, "/client/players", { method: "POST", headers: json, body: {} }));
  const { token, player } = created.body as AnonymousPlayer;
  const headers = (attempt: number) => ({ ...json, Authorization: `Bearer ${token}`, "Idempotency-Key": `browser-code-${player.id}-${attempt}` });
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    const refused = response(await browserFetch(page, "/client/me/codes/redeem", { method: "POST", headers: headers(attempt), body: { code: `NOPE${attempt}CODE` } }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: "VALIDATION_FAILED", details: { fieldErrors: { code: ["CODE_INVALID"] } } } });
  }
  const limited = response(await browserFetch(page, "/client/me/codes/redeem", { method: "POST", headers: headers(11), body: { code: "NOPE11CODE" } }));
  expect(limited.status).toBe(429);
  expect(limited.body).toMatchObject({ error: { code: "RATE_LIMITED" } });
  expect(limited.headers["retry-after"]).toMatch(/^[1-9][0-9]*$/);
});

test("an unlisted origin is refused: the request fails in page code or answers 403 ORIGIN_NOT_ALLOWED", async ({ page }) => {
  await page.goto(unlisted.successUrl);
  expect(new URL(page.url()).origin).toBe(unlisted.origin);

  const refusals = [
    await browserFetch(page, "/client/catalog", { headers: key }),
    await browserFetch(page, "/client/players", { method: "POST", headers: json, body: { displayName: "Should not exist" } }),
  ];
  for (const seen of refusals) {
    if (seen.kind === "rejected") {
      expect(seen.error).toMatch(/TypeError|Failed to fetch/);
      continue;
    }
    expect(seen.status).toBe(403);
    expect(seen.body).toMatchObject({ error: { code: "FORBIDDEN", details: { fieldErrors: { Origin: ["ORIGIN_NOT_ALLOWED"] } } } });
  }

  // The same calls from the listed origin work, so the refusal is about the origin alone.
  await page.goto(listed.successUrl);
  expect(response(await browserFetch(page, "/client/catalog", { headers: key })).status).toBe(200);
});

test("a wrong key from a listed origin is a readable 401, and a secret key a readable 403", async ({ page }) => {
  await page.goto(listed.successUrl);
  const unknown = response(await browserFetch(page, "/client/catalog", { headers: { "X-Service-Key": "svc_pk_test_unknown_000000000000000000" } }));
  expect(unknown.status).toBe(401);
  expect(unknown.body).toMatchObject({ error: { code: "UNAUTHENTICATED" } });
  const secret = response(await browserFetch(page, "/client/catalog", { headers: { "X-Service-Key": FIXTURE.testSecretKey } }));
  expect(secret.status).toBe(403);
  expect(secret.body).toMatchObject({ error: { code: "FORBIDDEN" } });
});
