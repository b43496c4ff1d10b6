import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import { notFound } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { issuePlayerToken } from "@/server/players/issue-player-token";
import { rotatePlayerSecret } from "@/server/players/player-secret";
import { PlayerSchema, toPlayerView, type PlayerRow } from "@/server/players/player-view";
import { spendEmailCode } from "./email-codes";
import { assertHosted, findLinkedPlayer, linkAddress } from "./email-players";
import type { EmailVerifyRequest } from "./email-schemas";

/** The EmailVerification schema; `playerSecret` is null when the session keeps its player. Defined once (server/api registers it). */
export const EmailVerificationSchema = z.object({
  token: z.string(),
  expiresAt: z.iso.datetime(),
  player: PlayerSchema,
  merged: z.boolean(),
  playerSecret: z.string().nullable(),
});
export type EmailVerification = z.infer<typeof EmailVerificationSchema>;

/**
 * Hands the session to `player`: a token and a new secret, which replaces (and so revokes) the one
 * its other devices hold. Earlier tokens stay valid until they expire, as the API promises of tokens.
 */
async function switchTo(db: Db, scope: GameScope, { player, merged }: { player: PlayerRow; merged: boolean }): Promise<EmailVerification> {
  // The token first: it refuses a blocked player before the secret is replaced.
  const token = await issuePlayerToken(db, scope, player);
  const playerSecret = await rotatePlayerSecret(db, scope, player);
  return { ...token, player: toPlayerView(player), merged, playerSecret };
}

export type VerifyMeEmailCodeOptions = { player: PlayerRow; input: EmailVerifyRequest };

/**
 * POST /client/me/email/verify: links the address to the token's player, or, when another player
 * already holds it, switches the session to that player (`merged` true). Wallets are never merged;
 * the player left behind keeps its wallet and secret.
 */
export async function verifyMeEmailCode(db: Db, scope: GameScope, { player, input }: VerifyMeEmailCodeOptions): Promise<EmailVerification> {
  assertHosted(player);
  // spendEmailCode locks the address until the transaction ends: the link below is serialised too.
  await spendEmailCode(db, scope, { email: input.email, purpose: "link", playerId: player.id, code: input.code });
  const linked = await findLinkedPlayer(db, scope, input.email);
  if (linked && linked.id !== player.id) return switchTo(db, scope, { player: linked, merged: true });
  const current = linked ?? (await linkAddress(db, scope, { player, email: input.email }));
  const token = await issuePlayerToken(db, scope, current);
  return { ...token, player: toPlayerView(current), merged: false, playerSecret: null };
}

/**
 * POST /client/sign-in/email/verify: a token and a new secret for the player linked to the address.
 * `merged` is false: a new device has no session player to leave. 404 when the code is right but
 * no player holds the address (none ever did, or it was released after the code was sent).
 */
export async function verifySignInEmailCode(db: Db, scope: GameScope, input: EmailVerifyRequest): Promise<EmailVerification> {
  await spendEmailCode(db, scope, { email: input.email, purpose: "sign_in", playerId: null, code: input.code });
  const linked = await findLinkedPlayer(db, scope, input.email);
  if (!linked) throw notFound("Player for this address");
  return switchTo(db, scope, { player: linked, merged: false });
}
