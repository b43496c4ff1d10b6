import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import type { GameScope } from "@/server/lib/scope";
import type { Locale } from "@/server/orders/locales";
import type { PlayerRow } from "@/server/players/player-view";
import { EMAIL_CODE_TTL_SECONDS, storeEmailCode, type CodeTarget } from "./email-codes";
import { limitCodeRequest } from "./email-limits";
import { assertHosted, findLinkedPlayer, gameName } from "./email-players";
import type { EmailCodeRequest } from "./email-schemas";
import { queueMail } from "./mail-outbox";
import { codeMail } from "./templates";

/** The EmailCodeSent schema: the same answer whether or not the address is known. Defined once (server/api registers it). */
export const EmailCodeSentSchema = z.object({ sent: z.literal(true), expiresInSeconds: z.int() });
export type EmailCodeSent = z.infer<typeof EmailCodeSentSchema>;

/** The answer; the mail is already queued in the code's own transaction (mail-outbox.ts). */
export type EmailCodeOutcome = { result: EmailCodeSent };

export type RequestContext = { clientIp: string | null };

function neutralAnswer(): EmailCodeSent {
  return { sent: true, expiresInSeconds: EMAIL_CODE_TTL_SECONDS };
}

/**
 * The code and its mail in one transaction: no mail for a code that rolled back, no code whose mail
 * was lost. The answer does not wait for the SMTP exchange (its timing must not tell whether an
 * address is known): the mail leaves after the commit, from the outbox.
 */
async function codeOutcome(db: Db, scope: GameScope, { locale, ...target }: { locale: Locale } & CodeTarget): Promise<EmailCodeOutcome> {
  await db.transaction(async (tx) => {
    const code = await storeEmailCode(tx, scope, target);
    const name = await gameName(tx, scope);
    const content = codeMail(locale, { gameName: name, code, purpose: target.purpose, validMinutes: EMAIL_CODE_TTL_SECONDS / 60 });
    await queueMail(tx, { to: target.email, fromName: name, ...content });
  });
  return { result: neutralAnswer() };
}

export type RequestMeEmailCodeOptions = { player: PlayerRow; input: EmailCodeRequest } & RequestContext;

/** POST /client/me/email: a code to link `email` to the token's (anonymous) player. */
export async function requestMeEmailCode(db: Db, scope: GameScope, { player, input, ...who }: RequestMeEmailCodeOptions): Promise<EmailCodeOutcome> {
  assertHosted(player);
  await limitCodeRequest(scope, input.email, { playerId: player.id, clientIp: who.clientIp });
  return codeOutcome(db, scope, { email: input.email, purpose: "link", playerId: player.id, locale: input.locale });
}

export type RequestSignInEmailCodeOptions = { input: EmailCodeRequest } & RequestContext;

/**
 * POST /client/sign-in/email: a code to sign in as the player linked to `email`. The code is sent
 * whether or not a player is linked, under the same limits: the address owner then learns from
 * verifySignInEmailCode's 404 that no player holds it (as the API specification says), while the
 * caller of this route learns nothing, since the answer is the same either way.
 */
export async function requestSignInEmailCode(db: Db, scope: GameScope, { input, ...who }: RequestSignInEmailCodeOptions): Promise<EmailCodeOutcome> {
  await limitCodeRequest(scope, input.email, { playerId: null, clientIp: who.clientIp });
  const linked = await findLinkedPlayer(db, scope, input.email);
  return codeOutcome(db, scope, { email: input.email, purpose: "sign_in", playerId: linked?.id ?? null, locale: input.locale });
}
