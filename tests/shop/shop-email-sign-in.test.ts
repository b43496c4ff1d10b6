import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { players } from "@/db/schema";
import { mailSenderIdle } from "@/server/email/mail-sender";
import { AppError } from "@/server/lib/errors";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { requestShopSignInCode, verifyShopSignInCode } from "@/server/shop/shop-email-sign-in";
import { findShopVisitor } from "@/server/shop/shop-sessions";
import { createTestGame, db, extRef, useDatabase, type TestGame } from "../harness";
import { ensurePlayer, testScope } from "../domain-helpers";
import { startSmtpCapture, type SmtpCapture } from "../email/smtp-capture";

useDatabase();

let game: TestGame;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  game = await createTestGame();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(() => resetRateLimits());

async function linkedPlayer(email: string): Promise<string> {
  const id = await ensurePlayer(game, extRef("mail"));
  await (await db()).update(players).set({ linkedEmail: email }).where(eq(players.id, id));
  return id;
}

/**
 * The code as the mailbox got it. Not read from the outbox: the sender, nudged by the commit, deletes
 * the row once the mail is out, and could win the race against the read.
 */
async function codeMailedTo(email: string): Promise<string> {
  await mailSenderIdle();
  return smtp.lastCodeFor(email);
}

describe("the shop's e-mail sign-in", () => {
  it("the API's six-digit code signs the linked player into the shop; the code works once", async () => {
    const email = `shopper-${Date.now()}@mail.test`;
    const playerId = await linkedPlayer(email);
    const scope = await testScope(game);
    await requestShopSignInCode(await db(), { scope, clientIp: "198.51.100.7", email, locale: "en" });
    const code = await codeMailedTo(email);
    const outcome = await verifyShopSignInCode(await db(), { scope, clientIp: "198.51.100.7", email, code });
    if (outcome.kind !== "signed-in") throw new Error(`not signed in: ${outcome.kind}`);
    expect((await findShopVisitor(await db(), scope, outcome.session.value))?.player.id).toBe(playerId);
    const again = await verifyShopSignInCode(await db(), { scope, clientIp: "198.51.100.7", email, code }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(AppError);
    expect((again as AppError).details?.fieldErrors).toEqual({ code: ["CODE_INVALID"] });
  });

  it("an address no player holds: the code is sent all the same, and proves no one", async () => {
    const email = `nobody-${Date.now()}@mail.test`;
    const scope = await testScope(game);
    await requestShopSignInCode(await db(), { scope, clientIp: "198.51.100.8", email, locale: "fr" });
    expect(await verifyShopSignInCode(await db(), { scope, clientIp: "198.51.100.8", email, code: await codeMailedTo(email) })).toEqual({ kind: "no-player" });
  });

  it("a bad address is refused before any mail", async () => {
    const scope = await testScope(game);
    const error = await requestShopSignInCode(await db(), { scope, clientIp: "198.51.100.9", email: "not-an-address", locale: "en" }).catch((e: unknown) => e);
    expect((error as AppError).code).toBe("VALIDATION_FAILED");
  });
});
