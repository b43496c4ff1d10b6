import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { resetRateLimits } from "@/server/lib/rate-limit";
import type { GameScope } from "@/server/lib/scope";
import { tokenHolder } from "@/server/players/authenticate-player-token";
import { blockPlayer, testScope } from "../domain-helpers";
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

/** An anonymous player with `email` linked through the /me routes. */
async function linkedPlayer(email: string) {
  const created = await newAnonymous(scope);
  await routes.requestMe(created.player.id, email, { clientIp: freshIp() });
  await routes.verifyMe(created.player.id, email, smtp.lastCodeFor(email));
  return created;
}

describe("requestSignInEmailCode and verifySignInEmailCode", () => {
  it("signs in on a new device: a token for the linked player and a new secret", async () => {
    const email = freshEmail("device");
    const original = await linkedPlayer(email);

    const outcome = await routes.requestSignIn(email, { locale: "fr", clientIp: freshIp() });
    expect(outcome.result).toEqual({ sent: true, expiresInSeconds: 600 });
    expect(smtp.messages.at(-1)?.subject).toMatch(/^Votre code de connexion à Game /);

    const signedIn = await routes.verifySignIn(email, smtp.lastCodeFor(email));
    expect(signedIn).toMatchObject({ merged: false, player: { id: original.player.id, kind: "hosted" } });
    expect(signedIn.playerSecret).toMatch(/^svc_ps_/);
    expect((await tokenHolder(await getDb(), scope, signedIn.token))?.playerId).toBe(original.player.id);
    await expect(routes.clientToken(original.player.id, signedIn.playerSecret ?? "")).resolves.toMatchObject({ token: expect.any(String) });
    expect((await appError(routes.clientToken(original.player.id, original.playerSecret))).code).toBe("UNAUTHENTICATED");
  });

  it("sends a code to an address no player holds, with the same answer; that code proves the address and verify is 404 NOT_FOUND", async () => {
    const email = freshEmail("nobody");
    const outcome = await routes.requestSignIn(email, { clientIp: freshIp() });
    expect(outcome.result).toEqual({ sent: true, expiresInSeconds: 600 });
    expect(smtp.messages.filter((m) => m.to.includes(email)).map((m) => m.subject)).toEqual([expect.stringMatching(/^Your Game .* sign-in code$/)]);
    const code = smtp.lastCodeFor(email);

    await expectCodeInvalid(routes.verifySignIn(email, code === "111111" ? "111112" : "111111"));
    const error = await appError(routes.verifySignIn(email, code));
    expect(error.code).toBe("NOT_FOUND");
  });

  it("answers 404 NOT_FOUND when a valid code proves an address no player holds any more", async () => {
    const [first, second] = [freshEmail("first"), freshEmail("second")];
    const { player } = await linkedPlayer(first);
    await routes.requestSignIn(first, { clientIp: freshIp() });
    const signInCode = smtp.lastCodeFor(first);
    // The player moves to another address, which releases the first one.
    await routes.requestMe(player.id, second, { clientIp: freshIp() });
    await routes.verifyMe(player.id, second, smtp.lastCodeFor(second));

    const error = await appError(routes.verifySignIn(first, signInCode));
    expect(error.code).toBe("NOT_FOUND");
    expect((await playerRow(player.id)).linkedEmail).toBe(second);
  });

  it("refuses link codes on the sign-in route and sign-in codes on /me", async () => {
    const email = freshEmail();
    const { player } = await linkedPlayer(email);
    await routes.requestMe(player.id, email, { clientIp: freshIp() });
    await expectCodeInvalid(routes.verifySignIn(email, smtp.lastCodeFor(email)));
    await routes.requestSignIn(email, { clientIp: freshIp() });
    await expectCodeInvalid(routes.verifyMe(player.id, email, smtp.lastCodeFor(email)));
  });

  it("refuses wrong and used codes alike", async () => {
    const email = freshEmail();
    await linkedPlayer(email);
    await routes.requestSignIn(email, { clientIp: freshIp() });
    const code = smtp.lastCodeFor(email);
    await expectCodeInvalid(routes.verifySignIn(email, code === "111111" ? "111112" : "111111"));
    await routes.verifySignIn(email, code);
    await expectCodeInvalid(routes.verifySignIn(email, code));
  });

  it("answers 403 PLAYER_BLOCKED to a blocked linked player and keeps its secret", async () => {
    const email = freshEmail();
    const created = await linkedPlayer(email);
    await blockPlayer(created.player.id);
    await routes.requestSignIn(email, { clientIp: freshIp() });
    expect((await appError(routes.verifySignIn(email, smtp.lastCodeFor(email)))).code).toBe("PLAYER_BLOCKED");
    expect((await appError(routes.clientToken(created.player.id, created.playerSecret))).code).toBe("PLAYER_BLOCKED");
  });
});
