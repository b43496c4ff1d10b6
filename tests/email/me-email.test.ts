import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/connection";
import { emailCodes } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { resetRateLimits } from "@/server/lib/rate-limit";
import type { GameScope } from "@/server/lib/scope";
import { tokenHolder } from "@/server/players/authenticate-player-token";
import { resolvePlayer } from "@/server/players/find-player";
import { testScope } from "../domain-helpers";
import { createTestGame, useDatabase } from "../harness";
import { appError, emailRoutes, expectCodeInvalid, freshEmail, freshIp, newAnonymous, playerRow } from "./email-helpers";
import { startSmtpCapture, type SmtpCapture } from "./smtp-capture";

useDatabase();

let smtp: SmtpCapture;
let scope: GameScope;
let routes: ReturnType<typeof emailRoutes>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  scope = await testScope(await createTestGame());
  routes = emailRoutes(scope);
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(() => {
  resetRateLimits();
});
afterEach(() => {
  clock.reset();
});

/** A code for `email` mailed in `playerId`'s session, read from the mailbox. */
async function mailedCode(playerId: string, email: string): Promise<string> {
  const before = smtp.messages.length;
  const outcome = await routes.requestMe(playerId, email, { clientIp: freshIp() });
  expect(outcome.result).toEqual({ sent: true, expiresInSeconds: 600 });
  expect(smtp.messages).toHaveLength(before + 1);
  return smtp.lastCodeFor(email);
}

describe("requestMeEmailCode and verifyMeEmailCode", () => {
  it("mails a six-digit code in the player's language and links the address with it", async () => {
    const { player } = await newAnonymous(scope, "Nova");
    const email = freshEmail("link");
    const outcome = await routes.requestMe(player.id, `  ${email.toUpperCase()} `, { locale: "nl", clientIp: freshIp() });
    expect(outcome.result).toEqual({ sent: true, expiresInSeconds: 600 });

    const mail = smtp.messages.at(-1);
    expect(mail?.to).toEqual([email]);
    expect(mail?.subject).toMatch(/^Bevestig je adres voor Game /);
    expect(mail?.text).toContain("10 minuten geldig");
    expect(mail?.html).toContain(smtp.lastCodeFor(email));
    expect(mail?.from).toBe("no-reply@localhost");

    const verified = await routes.verifyMe(player.id, email, smtp.lastCodeFor(email));
    expect(verified).toMatchObject({ merged: false, playerSecret: null, player: { id: player.id, kind: "hosted" } });
    expect((await tokenHolder(await getDb(), scope, verified.token))?.playerId).toBe(player.id);
    expect((await playerRow(player.id)).linkedEmail).toBe(email);
  });

  it("does not keep the code: only a salted hash is stored", async () => {
    const { player } = await newAnonymous(scope);
    const email = freshEmail();
    const code = await mailedCode(player.id, email);
    const rows = await (await getDb()).select().from(emailCodes).where(eq(emailCodes.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.codeHash).not.toContain(code);
    expect(rows[0]?.purpose).toBe("link");
  });

  it("switches to the player already linked to the address: merged, new secret, no wallet merge", async () => {
    const first = await newAnonymous(scope);
    const email = freshEmail("shared");
    await routes.verifyMe(first.player.id, email, await mailedCode(first.player.id, email));

    const second = await newAnonymous(scope);
    const switched = await routes.verifyMe(second.player.id, email, await mailedCode(second.player.id, email));
    expect(switched.merged).toBe(true);
    expect(switched.player.id).toBe(first.player.id);
    expect(switched.playerSecret).toMatch(/^svc_ps_/);
    expect(switched.playerSecret).not.toBe(first.playerSecret);
    expect((await tokenHolder(await getDb(), scope, switched.token))?.playerId).toBe(first.player.id);

    // The new secret works; the one the first device held does not any more.
    await expect(routes.clientToken(first.player.id, switched.playerSecret ?? "")).resolves.toMatchObject({ token: expect.any(String) });
    expect((await appError(routes.clientToken(first.player.id, first.playerSecret))).code).toBe("UNAUTHENTICATED");
    // The player left behind is untouched.
    expect((await playerRow(second.player.id)).linkedEmail).toBeNull();
    await expect(routes.clientToken(second.player.id, second.playerSecret)).resolves.toMatchObject({ token: expect.any(String) });
  });

  it("re-verifying the address a player already holds keeps the session", async () => {
    const { player, playerSecret } = await newAnonymous(scope);
    const email = freshEmail();
    await routes.verifyMe(player.id, email, await mailedCode(player.id, email));
    const again = await routes.verifyMe(player.id, email, await mailedCode(player.id, email));
    expect(again).toMatchObject({ merged: false, playerSecret: null, player: { id: player.id } });
    await expect(routes.clientToken(player.id, playerSecret)).resolves.toMatchObject({ token: expect.any(String) });
  });

  it("a new address replaces the one linked before", async () => {
    const { player } = await newAnonymous(scope);
    const [a, b] = [freshEmail("a"), freshEmail("b")];
    await routes.verifyMe(player.id, a, await mailedCode(player.id, a));
    await routes.verifyMe(player.id, b, await mailedCode(player.id, b));
    expect((await playerRow(player.id)).linkedEmail).toBe(b);
  });

  it("refuses 403 FORBIDDEN to ext: players on both /me routes", async () => {
    const external = await resolvePlayer(await getDb(), scope, { ref: { kind: "external", externalId: `ext-${freshEmail()}` }, createExternal: true });
    const before = smtp.messages.length;
    expect((await appError(routes.requestMe(external.id, freshEmail()))).code).toBe("FORBIDDEN");
    expect((await appError(routes.verifyMe(external.id, freshEmail(), "123456"))).code).toBe("FORBIDDEN");
    expect(smtp.messages).toHaveLength(before);
  });
});

describe("refused codes are all 400 CODE_INVALID", () => {
  it("a wrong code, then the right one still works (fewer than 5 tries)", async () => {
    const { player } = await newAnonymous(scope);
    const email = freshEmail();
    const code = await mailedCode(player.id, email);
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 0; i < 4; i += 1) await expectCodeInvalid(routes.verifyMe(player.id, email, wrong));
    await expect(routes.verifyMe(player.id, email, code)).resolves.toMatchObject({ merged: false });
  });

  it("after 5 wrong tries the right code is refused", async () => {
    const { player } = await newAnonymous(scope);
    const email = freshEmail();
    const code = await mailedCode(player.id, email);
    const wrong = code === "999999" ? "999998" : "999999";
    // Each refusal rolls its transaction back; the tries are still counted.
    for (let i = 0; i < 5; i += 1) await expectCodeInvalid(routes.verifyMe(player.id, email, wrong));
    await expectCodeInvalid(routes.verifyMe(player.id, email, code));
    expect((await playerRow(player.id)).linkedEmail).toBeNull();
  });

  it("an expired code (10 minutes and 1 second later)", async () => {
    const { player } = await newAnonymous(scope);
    const email = freshEmail();
    const code = await mailedCode(player.id, email);
    clock.advance(10 * 60 * 1000 + 1000);
    await expectCodeInvalid(routes.verifyMe(player.id, email, code));
  });

  it("a code is still good just before it expires", async () => {
    const { player } = await newAnonymous(scope);
    const email = freshEmail();
    const code = await mailedCode(player.id, email);
    clock.advance(10 * 60 * 1000 - 1000);
    await expect(routes.verifyMe(player.id, email, code)).resolves.toMatchObject({ merged: false });
  });

  it("a used code", async () => {
    const { player } = await newAnonymous(scope);
    const email = freshEmail();
    const code = await mailedCode(player.id, email);
    await routes.verifyMe(player.id, email, code);
    await expectCodeInvalid(routes.verifyMe(player.id, email, code));
  });

  it("an unknown code, or one for another address", async () => {
    const { player } = await newAnonymous(scope);
    const email = freshEmail();
    await expectCodeInvalid(routes.verifyMe(player.id, email, "123456"));
    const code = await mailedCode(player.id, email);
    await expectCodeInvalid(routes.verifyMe(player.id, freshEmail(), code));
  });

  it("a code mailed in another player's session", async () => {
    const owner = await newAnonymous(scope);
    const other = await newAnonymous(scope);
    const email = freshEmail();
    const code = await mailedCode(owner.player.id, email);
    await expectCodeInvalid(routes.verifyMe(other.player.id, email, code));
    await expect(routes.verifyMe(owner.player.id, email, code)).resolves.toMatchObject({ player: { id: owner.player.id } });
  });

  it("an older live code still works, and using one closes the others", async () => {
    const { player } = await newAnonymous(scope);
    const email = freshEmail();
    const older = await mailedCode(player.id, email);
    const newer = await mailedCode(player.id, email);
    await expect(routes.verifyMe(player.id, email, older)).resolves.toMatchObject({ merged: false });
    if (newer !== older) await expectCodeInvalid(routes.verifyMe(player.id, email, newer));
  });
});

describe("request limits", () => {
  it("3 codes per hour per address, whoever asks; the 4th is 429 with Retry-After", async () => {
    const email = freshEmail("limited");
    const a = await newAnonymous(scope);
    const b = await newAnonymous(scope);
    for (let i = 0; i < 3; i += 1) await routes.requestMe(a.player.id, email, { clientIp: freshIp() });
    const before = smtp.messages.length;
    const error = await appError(routes.requestMe(b.player.id, email, { clientIp: freshIp() }));
    expect(error.code).toBe("RATE_LIMITED");
    expect(Number(error.headers["Retry-After"])).toBeGreaterThan(3500);
    expect(smtp.messages).toHaveLength(before);
    // Sign-in requests share the address allowance.
    expect((await appError(routes.requestSignIn(email, { clientIp: freshIp() }))).code).toBe("RATE_LIMITED");
  });

  it("10 codes per hour per player; the 11th is 429", async () => {
    const { player } = await newAnonymous(scope);
    for (let i = 0; i < 10; i += 1) await routes.requestMe(player.id, freshEmail(), { clientIp: null });
    expect((await appError(routes.requestMe(player.id, freshEmail(), { clientIp: null }))).code).toBe("RATE_LIMITED");
  });

  it("10 codes per hour per IP; the 11th is 429", async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) {
      const { player } = await newAnonymous(scope);
      await routes.requestMe(player.id, freshEmail(), { clientIp: ip });
    }
    const { player } = await newAnonymous(scope);
    expect((await appError(routes.requestMe(player.id, freshEmail(), { clientIp: ip }))).code).toBe("RATE_LIMITED");
    expect((await appError(routes.requestSignIn(freshEmail(), { clientIp: ip }))).code).toBe("RATE_LIMITED");
  });
});

describe("concurrent verifications", () => {
  it("two players proving one free address at once: one links it, the other switches to it", async () => {
    const email = freshEmail("race");
    const a = await newAnonymous(scope);
    const b = await newAnonymous(scope);
    const codeA = await mailedCode(a.player.id, email);
    const codeB = await mailedCode(b.player.id, email);
    const results = await Promise.all([routes.verifyMe(a.player.id, email, codeA), routes.verifyMe(b.player.id, email, codeB)]);
    const linker = results.find((r) => !r.merged);
    const switcher = results.find((r) => r.merged);
    expect(linker?.playerSecret).toBeNull();
    expect(switcher?.player.id).toBe(linker?.player.id);
    expect((await playerRow(linker?.player.id ?? "")).linkedEmail).toBe(email);
  });

  it("one code verified twice at once works once", async () => {
    const { player } = await newAnonymous(scope);
    const email = freshEmail();
    const code = await mailedCode(player.id, email);
    const outcomes = await Promise.allSettled([routes.verifyMe(player.id, email, code), routes.verifyMe(player.id, email, code)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const rejected = outcomes.find((o) => o.status === "rejected");
    await expectCodeInvalid(Promise.reject(rejected?.status === "rejected" ? rejected.reason : new Error("none rejected")));
  });
});
