import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GamecoinBrowser, type CredentialStorage } from "@/sdk/src/index";
import { newId } from "@/server/lib/ids";
import { createTestGame, useDatabase, type TestGame } from "../harness";
import { startSmtpCapture, type SmtpCapture } from "../email/smtp-capture";
import { sdkBaseUrl } from "./app-server";

useDatabase();

let smtp: SmtpCapture;
let game: TestGame;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  game = await createTestGame();
});
afterAll(async () => {
  await smtp.close();
});

function memoryStorage(): CredentialStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v), removeItem: (k) => void items.delete(k) };
}

/** The route answers before the mail leaves (its timing must not tell whether an address is known). */
async function mailedCode(to: string, after: number): Promise<string> {
  for (let i = 0; i < 200; i += 1) {
    if (smtp.messages.filter((m) => m.to.includes(to)).length > after) return smtp.lastCodeFor(to);
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no mail to ${to}`);
}

describe("GamecoinBrowser: e-mail helpers", () => {
  it("links an address to the anonymous player, then signs in on a new device and keeps the new secret", async () => {
    const baseUrl = await sdkBaseUrl();
    const email = `sdk-${newId()}@example.com`;
    const firstDevice = new GamecoinBrowser({ publishableKey: game.publishableKey, baseUrl, storage: memoryStorage() });
    const created = await firstDevice.createAnonymousPlayer();
    expect(await firstDevice.requestMeEmailCode({ email, locale: "en" })).toEqual({ sent: true, expiresInSeconds: 600 });
    const linked = await firstDevice.verifyMeEmailCode({ email, code: await mailedCode(email, 0) });
    expect(linked).toMatchObject({ merged: false, player: { id: created.player.id } });

    const storage = memoryStorage();
    const newDevice = new GamecoinBrowser({ publishableKey: game.publishableKey, baseUrl, storage });
    expect(await newDevice.requestSignInEmailCode({ email, locale: "en" })).toEqual({ sent: true, expiresInSeconds: 600 });
    const signedIn = await newDevice.verifySignInEmailCode({ email, code: await mailedCode(email, 1) });
    expect(signedIn.player.id).toBe(created.player.id);
    expect(signedIn.playerSecret).toBeTruthy();
    expect(newDevice.credentials).toEqual({ playerId: created.player.id, playerSecret: signedIn.playerSecret });
    expect((await newDevice.getMe()).player.id).toBe(created.player.id);

    // A third visit on the new device: the kept secret gets a token.
    const later = new GamecoinBrowser({ publishableKey: game.publishableKey, baseUrl, storage });
    expect((await later.getMe()).player.id).toBe(created.player.id);
  });

  it("a wrong code rejects with VALIDATION_FAILED and fieldErrors.code = [CODE_INVALID]", async () => {
    const client = new GamecoinBrowser({ publishableKey: game.publishableKey, baseUrl: await sdkBaseUrl() });
    await expect(client.verifySignInEmailCode({ email: `nobody-${newId()}@example.com`, code: "000000" })).rejects.toMatchObject({
      status: 400,
      code: "VALIDATION_FAILED",
      fieldErrors: { code: ["CODE_INVALID"] },
    });
  });
});
