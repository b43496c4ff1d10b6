import "server-only";
import { getShopCard, saveShopSettings, ShopSettingsInput } from "@/server/shop/shop-settings";
import { audited } from "../audited";
import { GameInput, scopeForStaff } from "../game-access";
import { adminProcedure, router } from "../init";

/** Keys & settings → Shop, per environment: owner and admin, like the payment settings (the shop sells). */
export const shopRouter = router({
  settings: adminProcedure.input(GameInput).query(async ({ ctx, input }) => getShopCard(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input))),

  save: adminProcedure.input(GameInput.extend({ settings: ShopSettingsInput })).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    const { shopUrl: _shopUrl, ...before } = await getShopCard(ctx.db, scope);
    return audited(ctx, (tx) => saveShopSettings(tx, scope, input.settings), (after) => ({
      action: "game.shop.update",
      gameId: scope.gameId,
      env: scope.env,
      targetType: "game",
      targetId: scope.gameId,
      before,
      after,
    }));
  }),
});
