import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { type Db } from "@/db/client";
import { getDb } from "@/server/db/connection";
import { players } from "@/db/schema";
import { mailSenderIdle } from "@/server/email/mail-sender";
import { EmailCodeRequest, EmailVerifyRequest } from "@/server/email/email-schemas";
import { requestMeEmailCode, requestSignInEmailCode, type EmailCodeOutcome } from "@/server/email/request-email-code";
import { verifyMeEmailCode, verifySignInEmailCode, type EmailVerification } from "@/server/email/verify-email-code";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { CreateAnonymousPlayerRequest, createAnonymousPlayer, type AnonymousPlayer } from "@/server/players/anonymous-player";
import { createClientPlayerToken } from "@/server/players/client-player-token";
import type { PlayerToken } from "@/server/players/issue-player-token";
import type { PlayerRow } from "@/server/players/player-view";

/** As the API pipeline runs an idempotent route: one transaction, rolled back when `work` throws. */
export async function inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction((tx) => work(tx));
}

/** A code request as the route will run it: the transaction (which queues the mail), then the sender it nudged on commit. */
export async function requestAsRoute(work: (tx: Db) => Promise<EmailCodeOutcome>): Promise<EmailCodeOutcome> {
  const outcome = await inTransaction(work);
  await mailSenderIdle();
  return outcome;
}

export async function playerRow(id: string): Promise<PlayerRow> {
  const db = await getDb();
  const rows = await db.select().from(players).where(eq(players.id, id));
  const row = rows[0];
  if (!row) throw new Error(`no player ${id}`);
  return row;
}

let ipCounter = 0;
/** A distinct client IP per call, so per-IP limits do not leak between cases that do not test them. */
export function freshIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter % 250}`;
}

export async function newAnonymous(scope: GameScope, displayName?: string): Promise<AnonymousPlayer> {
  // Through the request schema, as the route parses the body.
  const input = CreateAnonymousPlayerRequest.parse(displayName === undefined ? {} : { displayName });
  return inTransaction((tx) => createAnonymousPlayer(tx, scope, { request: input, settings: { anonymousPlayers: true }, clientIp: null }));
}

/** The AppError a promise rejects with (fails the test when it resolves or throws something else). */
export async function appError(promise: Promise<unknown>): Promise<AppError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

export async function expectCodeInvalid(promise: Promise<unknown>): Promise<void> {
  const error = await appError(promise);
  expect(error.code).toBe("VALIDATION_FAILED");
  expect(error.details).toEqual({ fieldErrors: { code: ["CODE_INVALID"] } });
}

let addressCounter = 0;
export function freshEmail(label = "player"): string {
  addressCounter += 1;
  return `${label}-${Date.now().toString(36)}-${addressCounter}@example.com`;
}

/** The /me and sign-in routes as the API will call them: body through the schema, then a transaction. */
export function emailRoutes(scope: GameScope) {
  return {
    async requestMe(playerId: string, email: string, options: { locale?: string; clientIp?: string | null } = {}): Promise<EmailCodeOutcome> {
      // Read before the transaction: PGlite has one connection, a root query inside would wait forever.
      const player = await playerRow(playerId);
      const input = EmailCodeRequest.parse({ email, locale: options.locale ?? "en" });
      return requestAsRoute((tx) => requestMeEmailCode(tx, scope, { player, input, clientIp: options.clientIp ?? null }));
    },
    async verifyMe(playerId: string, email: string, code: string): Promise<EmailVerification> {
      const player = await playerRow(playerId);
      const input = EmailVerifyRequest.parse({ email, code });
      return inTransaction((tx) => verifyMeEmailCode(tx, scope, { player, input }));
    },
    requestSignIn(email: string, options: { locale?: string; clientIp?: string | null } = {}): Promise<EmailCodeOutcome> {
      const input = EmailCodeRequest.parse({ email, locale: options.locale ?? "en" });
      return requestAsRoute((tx) => requestSignInEmailCode(tx, scope, { input, clientIp: options.clientIp ?? null }));
    },
    verifySignIn(email: string, code: string): Promise<EmailVerification> {
      const input = EmailVerifyRequest.parse({ email, code });
      return inTransaction((tx) => verifySignInEmailCode(tx, scope, input));
    },
    clientToken(playerId: string, playerSecret: string): Promise<PlayerToken> {
      return inTransaction((tx) => createClientPlayerToken(tx, scope, { playerId, playerSecret }));
    },
  };
}
