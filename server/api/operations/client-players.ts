import "server-only";
import { EmailCodeRequest, EmailVerifyRequest } from "@/server/email/email-schemas";
import { requestMeEmailCode, requestSignInEmailCode } from "@/server/email/request-email-code";
import { guardVerificationReplay } from "@/server/email/verification-replay";
import { verifyMeEmailCode, verifySignInEmailCode } from "@/server/email/verify-email-code";
import { createAnonymousPlayer, CreateAnonymousPlayerRequest } from "@/server/players/anonymous-player";
import { ClientPlayerTokenRequest, createClientPlayerToken } from "@/server/players/client-player-token";
import { sha256Hex } from "@/server/lib/secrets";
import { defineOperation } from "../operation";
import { AnonymousPlayer, EmailCodeSent, EmailVerification, PlayerToken } from "../resource-schemas";

/** Sign-in requests carry no token: their idempotency keys are scoped to the address they name. */
function emailScope(rawBody: unknown): string | null {
  if (rawBody === null || typeof rawBody !== "object") return null;
  const email = (rawBody as { email?: unknown }).email;
  return typeof email === "string" ? `email:${sha256Hex(email.trim().toLowerCase())}` : null;
}

const secretFields = ["playerSecret", "token"] as const;

export const createAnonymousPlayerOperation = defineOperation({
  id: "createAnonymousPlayer",
  method: "POST",
  path: "/client/players",
  summary: "Create an anonymous (hosted) player: its secret, shown only now, and a first token.",
  description:
    "Every call creates a new `hosted` player (`externalId` null) and returns its `playerSecret`, shown only now: keep it on the device to get new tokens with createClientPlayerToken. `displayName` is 1 to 80 characters once trimmed. `403 FORBIDDEN` when the game disables anonymous players or a secret key was sent.",
  tag: "Client",
  auth: "publishable",
  idempotent: false,
  body: CreateAnonymousPlayerRequest,
  response: AnonymousPlayer,
  successStatus: 201,
  errors: ["RATE_LIMITED"],
  handle: async ({ db, scope, settings, body, facts }) => ({
    body: await createAnonymousPlayer(db, scope, { request: body, settings, clientIp: facts.clientIp }),
  }),
});

export const createClientPlayerTokenOperation = defineOperation({
  id: "createClientPlayerToken",
  method: "POST",
  path: "/client/players/token",
  summary: "A new token for an anonymous player, from its id and secret.",
  description:
    "For anonymous players only: `playerId` (1 to 64 characters) and the `playerSecret` from createAnonymousPlayer or an e-mail verification. A wrong secret, an unknown player and a non-anonymous player all answer the same `401 UNAUTHENTICATED`.",
  tag: "Client",
  auth: "publishable",
  idempotent: false,
  body: ClientPlayerTokenRequest,
  response: PlayerToken,
  successStatus: 200,
  errors: ["PLAYER_BLOCKED"],
  handle: async ({ db, scope, body }) => ({ body: await createClientPlayerToken(db, scope, body) }),
});

export const requestMeEmailCodeOperation = defineOperation({
  id: "requestMeEmailCode",
  method: "POST",
  path: "/client/me/email",
  summary: "Mail a six-digit code to link an address to this anonymous player (answer is always neutral).",
  description:
    "For anonymous (`hosted`) players only (`403 FORBIDDEN` for `ext:` players): mails a six-digit code, valid 10 minutes, one use, 5 tries, in `locale`. The answer is the same whether or not the address is known.",
  tag: "Client",
  auth: "player",
  idempotent: true,
  body: EmailCodeRequest,
  response: EmailCodeSent,
  successStatus: 200,
  errors: ["RATE_LIMITED", "IDEMPOTENCY_CONFLICT"],
  handle: async ({ db, scope, player, body, facts }) => {
    const outcome = await requestMeEmailCode(db, scope, { player, input: body, clientIp: facts.clientIp });
    return { body: outcome.result };
  },
});

export const verifyMeEmailCodeOperation = defineOperation({
  id: "verifyMeEmailCode",
  method: "POST",
  path: "/client/me/email/verify",
  summary: "Link the address; when another player already holds it, switch to that player (merged: true).",
  description:
    "Links the address to the token's player. When another player already holds it, the session switches to that player: `merged` true, a new token and a new `playerSecret` (no wallet is merged). A wrong, expired, used-up or unknown code is `400 VALIDATION_FAILED` with `fieldErrors.code = [CODE_INVALID]`.",
  tag: "Client",
  auth: "player",
  idempotent: true,
  body: EmailVerifyRequest,
  response: EmailVerification,
  successStatus: 200,
  sealedFields: secretFields,
  errors: ["IDEMPOTENCY_CONFLICT"],
  guardReplay: ({ scope, rawBody }, matches) => guardVerificationReplay(scope, "link", { rawBody, matches }),
  handle: async ({ db, scope, player, body }) => ({ body: await verifyMeEmailCode(db, scope, { player, input: body }) }),
});

export const requestSignInEmailCodeOperation = defineOperation({
  id: "requestSignInEmailCode",
  method: "POST",
  path: "/client/sign-in/email",
  summary: "Mail a sign-in code for a new device (answer is always neutral).",
  description:
    "Sign-in on a new device, without a token: mails a six-digit code (valid 10 minutes, one use, 5 tries) under the same limits and with the same neutral answer as requestMeEmailCode.",
  tag: "Client",
  auth: "publishable",
  idempotent: true,
  body: EmailCodeRequest,
  response: EmailCodeSent,
  successStatus: 200,
  idempotencyScopeFromBody: emailScope,
  errors: ["RATE_LIMITED", "IDEMPOTENCY_CONFLICT"],
  handle: async ({ db, scope, body, facts }) => {
    const outcome = await requestSignInEmailCode(db, scope, { input: body, clientIp: facts.clientIp });
    return { body: outcome.result };
  },
});

export const verifySignInEmailCodeOperation = defineOperation({
  id: "verifySignInEmailCode",
  method: "POST",
  path: "/client/sign-in/email/verify",
  summary: "Sign in with the code: a token and a new playerSecret for the linked player.",
  description:
    "Returns a token and a new `playerSecret` for the player linked to the address (the previous secret stops working). `404 NOT_FOUND` when the code is valid but no player is linked to the address; a wrong, expired, used-up or unknown code is `400 VALIDATION_FAILED` with `fieldErrors.code = [CODE_INVALID]`.",
  tag: "Client",
  auth: "publishable",
  idempotent: true,
  body: EmailVerifyRequest,
  response: EmailVerification,
  successStatus: 200,
  sealedFields: secretFields,
  idempotencyScopeFromBody: emailScope,
  errors: ["NOT_FOUND", "IDEMPOTENCY_CONFLICT"],
  guardReplay: ({ scope, rawBody }, matches) => guardVerificationReplay(scope, "sign_in", { rawBody, matches }),
  handle: async ({ db, scope, body }) => ({ body: await verifySignInEmailCode(db, scope, body) }),
});
