/**
 * The four e-mail routes end to end against a real SMTP server: the code is read from the mail that
 * arrives (sent after the request's commit), then verified, merged, and used to sign in on a new device.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { apiError, blockPlayer, validationFailed } from "../domain-helpers";
import { sql } from "drizzle-orm";
import { queryRows } from "@/db/client";
import { createTestGame, db, idem, useDatabase, type TestGame } from "../harness";
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from "../email/smtp-capture";
import { clientCall, externalPlayer, getMe, grant, meWrite, newAnonymous, waitFor, type PlayerView } from "../client-helpers";

useDatabase();

type CodeSent = { sent: boolean; expiresInSeconds: number };
type Verification = { token: string; expiresAt: string; player: PlayerView; merged: boolean; playerSecret: string | null };

let smtp: SmtpCapture;
let game: TestGame;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  game = await createTestGame();
});
afterAll(async () => {
  await smtp.close();
});
afterEach(() => {
  resetRateLimits();
});

let addressCounter = 0;
function freshEmail(label: string): string {
  addressCounter += 1;
  return `${label}-${Date.now().toString(36)}-${addressCounter}@example.com`;
}

function mailsTo(address: string): CapturedMail[] {
  return smtp.messages.filter((m) => m.to.includes(address));
}

/** Waits for mail number `count` to `address` and returns its six-digit code. */
async function nthCode(address: string, count: number): Promise<{ code: string; mail: CapturedMail }> {
  const mail = await waitFor(() => mailsTo(address)[count - 1], `mail #${count} to ${address}`);
  const code = /^(\d{6})\r?$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the mail to ${address}`);
  return { code, mail };
}

/** Nothing more reaches `address` for a while (mail leaves after the answer, so give it time). */
async function expectNoMoreMail(address: string, count: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(mailsTo(address)).toHaveLength(count);
}

function requestMe(token: string, email: string, locale = "en", idempotencyKey?: string) {
  return meWrite<CodeSent>(game, token, "/email", { email, locale }, idempotencyKey ? { idempotencyKey } : {});
}
function verifyMe(token: string, email: string, code: string) {
  return meWrite<Verification>(game, token, "/email/verify", { email, code });
}
function requestSignIn(email: string, locale = "en") {
  return clientCall<CodeSent>(game, "POST", "/sign-in/email", { idempotencyKey: true, body: { email, locale } });
}
function verifySignIn(email: string, code: string) {
  return clientCall<Verification>(game, "POST", "/sign-in/email/verify", { idempotencyKey: true, body: { email, code } });
}

/** An anonymous player with `email` linked through the two /me routes. */
async function linkedPlayer(email: string) {
  const created = await newAnonymous(game);
  const before = mailsTo(email).length;
  expect((await requestMe(created.token, email)).status).toBe(200);
  const { code } = await nthCode(email, before + 1);
  expect((await verifyMe(created.token, email, code)).status).toBe(200);
  return created;
}

describe("link an address, then sign in on a new device", () => {
  it("requestMeEmailCode → mail → verifyMeEmailCode → requestSignInEmailCode → mail → verifySignInEmailCode", async () => {
    const email = freshEmail("device");
    const first = await newAnonymous(game, { displayName: "Nova" });
    await grant(game, first.player.id, "coins", 42);

    // 1. The first device asks for a code (address typed with spaces and capitals).
    const requested = await requestMe(first.token, `  ${email.toUpperCase()} `, "en");
    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({ sent: true, expiresInSeconds: 600 });
    const link = await nthCode(email, 1);
    expect(link.mail.to).toEqual([email]);
    expect(link.mail.subject).toMatch(/^Confirm your address for Game /);
    expect(link.mail.text).toContain("10 minutes");

    // 2. It proves the address with the code from the mail.
    const verified = await verifyMe(first.token, email, link.code);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      token: expect.stringMatching(/^svc_pt_/),
      expiresAt: expect.any(String),
      player: first.player,
      merged: false,
      playerSecret: null,
    });
    expect((await getMe(game, verified.body.token)).player.id).toBe(first.player.id);
    // A code is used once.
    const reused = await verifyMe(first.token, email, link.code);
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual(validationFailed({ code: ["CODE_INVALID"] }));

    // 3. A new device, without token or secret, asks for a sign-in code.
    const signIn = await requestSignIn(email, "fr");
    expect(signIn.status).toBe(200);
    expect(signIn.body).toEqual({ sent: true, expiresInSeconds: 600 });
    const signInMail = await nthCode(email, 2);
    expect(signInMail.mail.subject).toMatch(/^Votre code de connexion à Game /);

    // 4. It signs in: a token and a new secret for the same player, with its wallet.
    const signedIn = await verifySignIn(email, signInMail.code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({
      token: expect.stringMatching(/^svc_pt_/),
      expiresAt: expect.any(String),
      player: first.player,
      merged: false,
      playerSecret: expect.any(String),
    });
    const me = await getMe(game, signedIn.body.token);
    expect(me.player.id).toBe(first.player.id);
    expect(me.wallet.balances.find((b) => b.currency === "coins")?.total).toBe(42);

    // The new secret gets tokens; the old device's secret does not any more.
    const newSecret = signedIn.body.playerSecret ?? "";
    expect(newSecret).not.toBe(first.playerSecret);
    const withNew = await clientCall(game, "POST", "/players/token", { body: { playerId: first.player.id, playerSecret: newSecret } });
    expect(withNew.status).toBe(200);
    const withOld = await clientCall(game, "POST", "/players/token", { body: { playerId: first.player.id, playerSecret: first.playerSecret } });
    expect(withOld.status).toBe(401);
    expect(withOld.body).toEqual(apiError("UNAUTHENTICATED"));

    // The sign-in code is used up too.
    const again = await verifySignIn(email, signInMail.code);
    expect(again.body).toEqual(validationFailed({ code: ["CODE_INVALID"] }));
  });

  it("verifying an address another player holds switches to that player: merged, new secret, no wallet merge", async () => {
    const email = freshEmail("merge");
    const owner = await linkedPlayer(email);
    await grant(game, owner.player.id, "coins", 7);
    const guest = await newAnonymous(game);
    await grant(game, guest.player.id, "coins", 3);

    expect((await requestMe(guest.token, email)).status).toBe(200);
    const { code } = await nthCode(email, 2);
    const switched = await verifyMe(guest.token, email, code);
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ merged: true, player: { id: owner.player.id, kind: "hosted" }, playerSecret: expect.any(String) });
    expect(switched.body.playerSecret).not.toBe(owner.playerSecret);

    // The session is now the owner's; wallets were not merged.
    const me = await getMe(game, switched.body.token);
    expect(me.player.id).toBe(owner.player.id);
    expect(me.wallet.balances.find((b) => b.currency === "coins")?.total).toBe(7);
    const guestMe = await getMe(game, guest.token);
    expect(guestMe.wallet.balances.find((b) => b.currency === "coins")?.total).toBe(3);
    const newToken = await clientCall(game, "POST", "/players/token", { body: { playerId: owner.player.id, playerSecret: switched.body.playerSecret } });
    expect(newToken.status).toBe(200);
    expect((await clientCall(game, "POST", "/players/token", { body: { playerId: owner.player.id, playerSecret: owner.playerSecret } })).status).toBe(401);
  });
});

describe("mail after the commit", () => {
  it("a replayed code request sends no second mail; a different body under the key is 409", async () => {
    const { token } = await newAnonymous(game);
    const email = freshEmail("replay");
    const key = idem();
    const first = await requestMe(token, email, "en", key);
    await nthCode(email, 1);
    const replay = await requestMe(token, email, "en", key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    const conflict = await requestMe(token, email, "nl", key);
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual(apiError("IDEMPOTENCY_CONFLICT"));
    await expectNoMoreMail(email, 1);
  });

  it("the same request sent twice at once (one key): both answered, one of them as a replay, one mail", async () => {
    const { token } = await newAnonymous(game);
    const email = freshEmail("twins");
    const key = idem();
    const [a, b] = await Promise.all([requestMe(token, email, "en", key), requestMe(token, email, "en", key)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.headers.get("idempotent-replayed"), b.headers.get("idempotent-replayed")].sort()).toEqual([null, "true"].sort());
    const { code } = await nthCode(email, 1);
    await expectNoMoreMail(email, 1);
    expect((await verifyMe(token, email, code)).status).toBe(200);
  });

  it("a refused request sends nothing: ext: players get 403 FORBIDDEN on both /me routes", async () => {
    const external = await externalPlayer(game);
    const email = freshEmail("external");
    const request = await requestMe(external.token, email);
    expect(request.status).toBe(403);
    expect(request.body).toEqual(apiError("FORBIDDEN"));
    const verify = await verifyMe(external.token, email, "123456");
    expect(verify.status).toBe(403);
    expect(verify.body).toEqual(apiError("FORBIDDEN"));
    await expectNoMoreMail(email, 0);
  });

  it("sign-in for an address nobody holds: the same neutral answer and a code; the code gives 404 NOT_FOUND, a wrong one CODE_INVALID", async () => {
    const email = freshEmail("nobody");
    const linked = freshEmail("somebody");
    await linkedPlayer(linked);
    const forLinked = await requestSignIn(linked);
    const response = await requestSignIn(email);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ sent: true, expiresInSeconds: 600 });
    expect(response.text).toBe(forLinked.text);
    const { code, mail } = await nthCode(email, 1);
    expect(mail.subject).toMatch(/^Your Game .* sign-in code$/);

    const wrong = await verifySignIn(email, code === "000000" ? "000001" : "000000");
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(validationFailed({ code: ["CODE_INVALID"] }));
    const verified = await verifySignIn(email, code);
    expect(verified.status).toBe(404);
    expect(verified.body).toEqual(apiError("NOT_FOUND"));
  });

  it("sign-in codes to an address nobody holds count against the same limit: 3 per hour, the 4th is 429 and sends nothing", async () => {
    const email = freshEmail("nobody-limit");
    for (let i = 1; i <= 3; i += 1) {
      expect((await requestSignIn(email)).status).toBe(200);
      await nthCode(email, i);
    }
    const limited = await requestSignIn(email);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(apiError("RATE_LIMITED"));
    await expectNoMoreMail(email, 3);
  });
});

describe("refusals", () => {
  it("wrong, malformed and other-address codes are all 400 CODE_INVALID; the right one still works", async () => {
    const { token, player } = await newAnonymous(game);
    const email = freshEmail("wrong");
    await requestMe(token, email);
    const { code } = await nthCode(email, 1);
    const wrong = code === "000000" ? "000001" : "000000";
    for (const candidate of [wrong, "12345", "abcdef", "1234567"]) {
      const response = await verifyMe(token, email, candidate);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(validationFailed({ code: ["CODE_INVALID"] }));
    }
    expect((await verifyMe(token, freshEmail("other"), code)).body).toEqual(validationFailed({ code: ["CODE_INVALID"] }));
    // "123 456" with a space is the same code.
    const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
    const verified = await verifyMe(token, email, spaced);
    expect(verified.status).toBe(200);
    expect(verified.body.player.id).toBe(player.id);
  });

  it("404 NOT_FOUND when a valid sign-in code proves an address no player holds any more", async () => {
    const first = freshEmail("released");
    const second = freshEmail("moved");
    const created = await linkedPlayer(first);
    expect((await requestSignIn(first)).status).toBe(200);
    const { code } = await nthCode(first, 2);
    // The player moves to another address, which releases the first.
    await requestMe(created.token, second);
    expect((await verifyMe(created.token, second, (await nthCode(second, 1)).code)).status).toBe(200);
    const response = await verifySignIn(first, code);
    expect(response.status).toBe(404);
    expect(response.body).toEqual(apiError("NOT_FOUND"));
  });

  it("a blocked linked player gets 403 PLAYER_BLOCKED on sign-in", async () => {
    const email = freshEmail("blocked");
    const created = await linkedPlayer(email);
    await blockPlayer(created.player.id);
    expect((await requestSignIn(email)).status).toBe(200);
    const { code } = await nthCode(email, 2);
    const response = await verifySignIn(email, code);
    expect(response.status).toBe(403);
    expect(response.body).toEqual(apiError("PLAYER_BLOCKED"));
  });

  it.each([
    ["a bad address", { email: "not-an-address", locale: "en" }, ["email"]],
    ["a 255-character address", { email: `${"a".repeat(243)}@example.com`, locale: "en" }, ["email"]],
    ["an unknown field", { email: "a@example.com", locale: "en", name: "A" }, ["name"]],
    ["no address", { locale: "en" }, ["email"]],
  ])("code requests: %s is 400 VALIDATION_FAILED", async (_label, body, fields) => {
    const { token } = await newAnonymous(game);
    const expected = validationFailed(Object.fromEntries(fields.map((f) => [f, [expect.any(String)]])));
    expect((await meWrite(game, token, "/email", body)).body).toEqual(expected);
    expect((await clientCall(game, "POST", "/sign-in/email", { idempotencyKey: true, body })).body).toEqual(expected);
  });

  it("Idempotency-Key is required on all four routes", async () => {
    const { token } = await newAnonymous(game);
    const responses = [
      await clientCall(game, "POST", "/me/email", { token, body: { email: "a@example.com", locale: "en" } }),
      await clientCall(game, "POST", "/me/email/verify", { token, body: { email: "a@example.com", code: "123456" } }),
      await clientCall(game, "POST", "/sign-in/email", { body: { email: "a@example.com", locale: "en" } }),
      await clientCall(game, "POST", "/sign-in/email/verify", { body: { email: "a@example.com", code: "123456" } }),
    ];
    for (const response of responses) expect(response.body).toEqual(apiError("IDEMPOTENCY_KEY_REQUIRED"));
  });

  it("10 code requests per hour per IP through the routes (known addresses or not); the 11th is 429", async () => {
    const ip = "198.51.100.23";
    for (let i = 0; i < 10; i += 1) {
      const response = await clientCall(game, "POST", "/sign-in/email", { clientIp: ip, idempotencyKey: true, body: { email: freshEmail("ip"), locale: "en" } });
      expect(response.status).toBe(200);
    }
    const { token } = await newAnonymous(game);
    const limited = await meWrite(game, token, "/email", { email: freshEmail("ip"), locale: "en" }, { clientIp: ip });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(apiError("RATE_LIMITED"));
    expect(limited.headers.get("retry-after")).toMatch(/^[1-9][0-9]*$/);
    expect((await meWrite(game, token, "/email", { email: freshEmail("ip"), locale: "en" }, { clientIp: "198.51.100.24" })).status).toBe(200);
  });

  it("3 codes per hour per address through the routes; the 4th is 429 with Retry-After and sends nothing", async () => {
    const email = freshEmail("limit");
    const { token } = await newAnonymous(game);
    for (let i = 1; i <= 3; i += 1) {
      expect((await requestMe(token, email)).status).toBe(200);
      await nthCode(email, i);
    }
    const limited = await requestSignIn(email);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(apiError("RATE_LIMITED"));
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(3_000);
    await expectNoMoreMail(email, 3);
  });
});

describe("stored replays of the sign-in verification", () => {
  it("keep the player secret and token sealed at rest, replay them to the same request, and are scoped to the address", async () => {
    const email = freshEmail("sealed");
    await linkedPlayer(email);
    const before = mailsTo(email).length;
    await requestSignIn(email);
    const { code } = await nthCode(email, before + 1);
    const key = idem();
    const first = await clientCall<Verification>(game, "POST", "/sign-in/email/verify", { idempotencyKey: key, body: { email, code } });
    expect(first.status).toBe(200);
    const secret = first.body.playerSecret;
    expect(secret).toMatch(/^svc_ps_/);

    const rows = await queryRows<{ body: string }>(await db(), sql`select response_body::text as body from idempotency_records where key = ${key}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.body).not.toContain(secret ?? "missing");
    expect(rows[0]?.body).not.toContain(first.body.token);
    expect(rows[0]?.body).toContain("sealed:v2:");

    const again = await clientCall<Verification>(game, "POST", "/sign-in/email/verify", { idempotencyKey: key, body: { email, code } });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);

    // Another address with the same key is another scope: no replay, no 409, just a refused code.
    const other = await clientCall(game, "POST", "/sign-in/email/verify", { idempotencyKey: key, body: { email: freshEmail("other"), code } });
    expect(other.status).toBe(400);
    expect(other.body).toEqual(validationFailed({ code: ["CODE_INVALID"] }));
  });
});

describe("a replay is no code oracle (the victim's Idempotency-Key is known)", () => {
  async function victimVerification(label: string) {
    const email = freshEmail(label);
    await linkedPlayer(email);
    const before = mailsTo(email).length;
    await requestSignIn(email);
    const { code } = await nthCode(email, before + 1);
    const key = idem();
    const first = await clientCall<Verification>(game, "POST", "/sign-in/email/verify", { idempotencyKey: key, body: { email, code } });
    expect(first.status).toBe(200);
    return { email, code, key, first };
  }
  const wrong = (code: string, n: number) => String((Number(code) + n) % 1_000_000).padStart(6, "0");

  it("counts each mismatching replay as a failed try: after five, the right code replays nothing", async () => {
    const { email, code, key } = await victimVerification("oracle");
    for (let n = 1; n <= 5; n += 1) {
      const guess = await clientCall(game, "POST", "/sign-in/email/verify", { idempotencyKey: key, body: { email, code: wrong(code, n) } });
      expect(guess.status).toBe(409);
      expect(guess.body).toEqual(apiError("IDEMPOTENCY_CONFLICT"));
    }
    const right = await clientCall<Verification>(game, "POST", "/sign-in/email/verify", { idempotencyKey: key, body: { email, code } });
    expect(right.status).toBe(400);
    expect(right.body).toEqual(validationFailed({ code: ["CODE_INVALID"] }));
    expect(JSON.stringify(right.body)).not.toContain("svc_ps_");
  });

  it("still replays to the device that sent the request, after fewer than five mismatches", async () => {
    const { email, code, key, first } = await victimVerification("retry");
    for (let n = 1; n <= 4; n += 1) {
      expect((await clientCall(game, "POST", "/sign-in/email/verify", { idempotencyKey: key, body: { email, code: wrong(code, n) } })).status).toBe(409);
    }
    const again = await clientCall<Verification>(game, "POST", "/sign-in/email/verify", { idempotencyKey: key, body: { email, code } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it("guards the /me verification the same way", async () => {
    const email = freshEmail("me-oracle");
    const created = await newAnonymous(game);
    expect((await requestMe(created.token, email)).status).toBe(200);
    const { code } = await nthCode(email, 1);
    const key = idem();
    const first = await meWrite<Verification>(game, created.token, "/email/verify", { email, code }, { idempotencyKey: key });
    expect(first.status).toBe(200);
    for (let n = 1; n <= 5; n += 1) {
      expect((await meWrite(game, created.token, "/email/verify", { email, code: wrong(code, n) }, { idempotencyKey: key })).status).toBe(409);
    }
    const right = await meWrite(game, created.token, "/email/verify", { email, code }, { idempotencyKey: key });
    expect(right.status).toBe(400);
    expect(right.body).toEqual(validationFailed({ code: ["CODE_INVALID"] }));
  });
});
