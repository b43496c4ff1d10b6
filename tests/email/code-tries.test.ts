/**
 * The 5 tries of an e-mail code are exact on both verify routes, over real HTTP: thirty wrong guesses
 * sent at once are compared 5 times, the rest are refused untried, and so is the right code after them.
 * Run with each rate-limit store; with Redis (local, or TEST_REDIS_URL) a race shows at once.
 */
import { randomInt } from "node:crypto";
import type { Redis } from "ioredis";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { emailCodes } from "@/db/schema";
import { emailCodeLimits } from "@/server/email/email-limits";
import { pointsUsed, resetRateLimits } from "@/server/lib/rate-limit";
import { clientCall, waitFor, type AnonymousPlayer, type ClientCallOptions } from "../client-helpers";
import { createTestGame, useDatabase, type ApiResponse, type TestGame } from "../harness";
import { deleteLimitKeys, redisReader, useMemoryStore, useRedisStore } from "../redis-store";
import { freshEmail } from "./email-helpers";
import { startSmtpCapture, type SmtpCapture } from "./smtp-capture";

useDatabase();

const PARALLEL_GUESSES = 30;

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

/** What a case wrote to the counters (ids, addresses), so the Redis keys can be deleted afterwards. */
const used: string[] = [];
/** Client addresses of this run only: counters in Redis outlive the run, in-process ones do not. */
const runNet = `198.18.${randomInt(0, 256)}`;
let ipCounter = 0;
function freshIp(): string {
  ipCounter += 1;
  const ip = `${runNet}.${ipCounter}`;
  used.push(ip);
  return ip;
}

function call<T = Record<string, unknown>>(path: string, options: ClientCallOptions): Promise<ApiResponse<T>> {
  return clientCall<T>(game, "POST", path, { idempotencyKey: true, clientIp: freshIp(), ...options });
}

async function anonymousPlayer(): Promise<AnonymousPlayer> {
  const created = await call<AnonymousPlayer>("/players", { body: {} });
  expect(created.status).toBe(201);
  used.push(created.body.player.id);
  return created.body;
}

/** The code of mail number `count` to `address` (mail leaves after the answer, so it is awaited). */
async function nthCode(address: string, count: number): Promise<string> {
  const mail = await waitFor(() => smtp.messages.filter((m) => m.to.includes(address))[count - 1], `mail #${count} to ${address}`);
  const code = /^(\d{6})\r?$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the mail to ${address}`);
  return code;
}

function wrongGuess(code: string): string {
  return code === "000000" ? "000001" : "000000";
}

async function codeRow(email: string, purpose: "link" | "sign_in") {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (!row) throw new Error(`no ${purpose} code for ${email}`);
  used.push(row.id);
  return row;
}

function expectCodeInvalid(response: ApiResponse): void {
  expect(response.status).toBe(400);
  expect(response.body).toEqual({
    error: { code: "VALIDATION_FAILED", message: expect.any(String), details: { fieldErrors: { code: ["CODE_INVALID"] } } },
  });
}

async function guessInParallel(send: () => Promise<ApiResponse>): Promise<void> {
  const answers = await Promise.all(Array.from({ length: PARALLEL_GUESSES }, send));
  for (const answer of answers) expectCodeInvalid(answer);
}

describe.each(["memory", "redis"] as const)("e-mail code tries under 30 parallel wrong guesses (%s store)", (store) => {
  let reader: Redis | undefined;
  beforeAll(async () => {
    if (store !== "redis") return;
    reader = redisReader();
    await useRedisStore();
  });
  afterAll(async () => {
    if (!reader) return;
    await useMemoryStore();
    await deleteLimitKeys(reader, used.splice(0));
    reader.disconnect();
  });

  it("sign-in route: exactly 5 tries are counted and the right code is refused afterwards", async () => {
    const email = freshEmail("tries-sign-in");
    used.push(email);
    const { token } = await anonymousPlayer();
    expect((await call("/me/email", { token, body: { email, locale: "en" } })).status).toBe(200);
    expect((await call("/me/email/verify", { token, body: { email, code: await nthCode(email, 1) } })).status).toBe(200);
    expect((await call("/sign-in/email", { body: { email, locale: "en" } })).status).toBe(200);
    const code = await nthCode(email, 2);
    const { id } = await codeRow(email, "sign_in");
    const signIn = (guess: string) => call("/sign-in/email/verify", { body: { email, code: guess } });

    await guessInParallel(() => signIn(wrongGuess(code)));
    expect(await pointsUsed(emailCodeLimits.tries, id)).toBe(5);

    expectCodeInvalid(await signIn(code));
    expect(await pointsUsed(emailCodeLimits.tries, id)).toBe(5);
    expect((await codeRow(email, "sign_in")).usedAt).toBeNull();
  });

  it("/me route: exactly 5 tries are counted and the right code is refused afterwards", async () => {
    const email = freshEmail("tries-me");
    used.push(email);
    const { token, player } = await anonymousPlayer();
    expect((await call("/me/email", { token, body: { email, locale: "en" } })).status).toBe(200);
    const code = await nthCode(email, 1);
    const { id } = await codeRow(email, "link");
    const verify = (guess: string) => call("/me/email/verify", { token, body: { email, code: guess } });

    await guessInParallel(() => verify(wrongGuess(code)));
    expect(await pointsUsed(emailCodeLimits.tries, id)).toBe(5);

    expectCodeInvalid(await verify(code));
    expect(await pointsUsed(emailCodeLimits.tries, id)).toBe(5);
    expect((await codeRow(email, "link")).usedAt).toBeNull();
    const me = await clientCall<{ player: { id: string; linkedEmail?: string } }>(game, "GET", "/me", { token, clientIp: freshIp() });
    expect(me.status).toBe(200);
    expect(me.body.player.id).toBe(player.id);
  });
});
