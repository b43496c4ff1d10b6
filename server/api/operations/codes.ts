import "server-only";
import { redeemGiftCode, RedeemCodeRequest } from "@/server/codes/redeem-gift-code";
import { defineOperation } from "../operation";
import { Redemption } from "../resource-schemas";

const redeemErrors = ["PLAYER_BLOCKED", "IDEMPOTENCY_CONFLICT", "RATE_LIMITED"];

export const redeemCodeOperation = defineOperation({
  id: "redeemCode",
  method: "POST",
  path: "/players/{player}/codes/redeem",
  summary: "Redeem a gift code for a player: free (bonus) coins and items.",
  description: "Every refusal is the same 400 VALIDATION_FAILED with fieldErrors.code = [CODE_INVALID]. 10 attempts per 15 minutes per player.",
  tag: "Gift codes",
  auth: "secret",
  idempotent: true,
  player: "create",
  body: RedeemCodeRequest,
  response: Redemption,
  successStatus: 200,
  errors: redeemErrors,
  handle: async ({ db, scope, player, body, facts }) => ({
    body: await redeemGiftCode(db, scope, { player, input: body, clientIp: facts.clientIp, perIpLimit: false }),
  }),
});

export const redeemClientCodeOperation = defineOperation({
  id: "redeemClientCode",
  method: "POST",
  path: "/client/me/codes/redeem",
  summary: "Redeem a gift code for the token's player.",
  description: "Same as redeemCode; limited to 10 attempts per 15 minutes per player and 30 per IP.",
  tag: "Client",
  auth: "player",
  idempotent: true,
  body: RedeemCodeRequest,
  response: Redemption,
  successStatus: 200,
  errors: redeemErrors,
  handle: async ({ db, scope, player, body, facts }) => ({
    body: await redeemGiftCode(db, scope, { player, input: body, clientIp: facts.clientIp, perIpLimit: true }),
  }),
});
