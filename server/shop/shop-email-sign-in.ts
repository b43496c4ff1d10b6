import "server-only";
import type { Db } from "@/db/client";
import { spendEmailCode } from "@/server/email/email-codes";
import { findLinkedPlayer } from "@/server/email/email-players";
import { EmailCodeRequest, EmailVerifyRequest } from "@/server/email/email-schemas";
import { requestSignInEmailCode } from "@/server/email/request-email-code";
import { toFieldErrors } from "@/server/lib/field-errors";
import { validationError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import type { Locale } from "@/server/orders/locales";
import { limitShopSignIn } from "./shop-limits";
import { startShopSession, type ShopSessionCookie } from "./shop-sessions";

type SignInContext = { scope: GameScope; clientIp: string | null };

/**
 * Step 1 of the shop's e-mail sign-in: the API's sign-in code (same mail, same neutral answer, same
 * per-address limits), after the shop's own per-IP count of sign-in steps.
 */
export async function requestShopSignInCode(db: Db, context: SignInContext & { email: string; locale: Locale }): Promise<void> {
  await limitShopSignIn(context.clientIp);
  const parsed = EmailCodeRequest.safeParse({ email: context.email, locale: context.locale });
  if (!parsed.success) throw validationError(toFieldErrors(parsed.error));
  await requestSignInEmailCode(db, context.scope, { input: parsed.data, clientIp: context.clientIp });
}

export type ShopSignInOutcome = { kind: "signed-in"; session: ShopSessionCookie } | { kind: "no-player" } | { kind: "blocked" };

/**
 * Step 2: the code is spent by the API's own rules (one use, five tries, 400 CODE_INVALID alike for
 * every refusal); the player linked to the address gets a shop session. Unlike the API's verify route,
 * no player token is issued and the player's secret is left alone: the game's sessions are untouched.
 */
export async function verifyShopSignInCode(db: Db, context: SignInContext & { email: string; code: string }): Promise<ShopSignInOutcome> {
  await limitShopSignIn(context.clientIp);
  const parsed = EmailVerifyRequest.safeParse({ email: context.email, code: context.code });
  if (!parsed.success) throw validationError(toFieldErrors(parsed.error));
  const { email, code } = parsed.data;
  return db.transaction(async (tx) => {
    await spendEmailCode(tx, context.scope, { email, purpose: "sign_in", playerId: null, code });
    const linked = await findLinkedPlayer(tx, context.scope, email);
    if (!linked) return { kind: "no-player" } as const;
    if (linked.blocked) return { kind: "blocked" } as const;
    const session = await startShopSession(tx, { scope: context.scope, playerId: linked.id, locale: null });
    return { kind: "signed-in", session } as const;
  });
}
