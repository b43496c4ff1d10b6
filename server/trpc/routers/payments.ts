import "server-only";
import { z } from "zod";
import { getSellerIdentity, SellerIdentityInput, updateSellerIdentity } from "@/server/games/seller-identity";
import { checkPaymentSettings, getPaymentSettings, PaymentSettingsInput, writePaymentSettings } from "@/server/payments/payment-settings";
import { audited } from "../audited";
import { GameInput, scopeForStaff } from "../game-access";
import { adminProcedure, router } from "../init";

/** Keys & settings → Payments: owner and admin only, as they decide where the money goes. */
export const paymentsRouter = router({
  settings: adminProcedure.input(GameInput).query(async ({ ctx, input }) => getPaymentSettings(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input))),

  save: adminProcedure.input(GameInput.extend({ settings: PaymentSettingsInput })).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    // The Stripe check runs before the audited transaction: never a network call inside one.
    const checked = await checkPaymentSettings(ctx.db, scope, input.settings);
    const before = await getPaymentSettings(ctx.db, scope);
    return audited(ctx, (tx) => writePaymentSettings(tx, scope, checked), (after) => ({
      action: "game.payments.update",
      gameId: scope.gameId,
      env: scope.env,
      targetType: "game",
      targetId: scope.gameId,
      before,
      after,
    }));
  }),

  seller: adminProcedure.input(z.object({ gameId: z.string().min(1) })).query(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId: input.gameId, env: "live" });
    return getSellerIdentity(ctx.db, scope.gameId);
  }),

  saveSeller: adminProcedure.input(z.object({ gameId: z.string().min(1), seller: SellerIdentityInput })).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId: input.gameId, env: "live" });
    const before = await getSellerIdentity(ctx.db, scope.gameId);
    return audited(ctx, (tx) => updateSellerIdentity(tx, ctx.staff.studioId, { gameId: scope.gameId, seller: input.seller }), (after) => ({
      action: "game.seller.update",
      gameId: scope.gameId,
      targetType: "game",
      targetId: scope.gameId,
      before,
      after,
    }));
  }),
});
