import "server-only";
import { z } from "zod";
import type { StoreSettingsInput } from "@/server/stores/settings/store-settings-input";
import { getStoreSettingsView } from "@/server/stores/settings/store-settings-view";
import { writeStoreSettings } from "@/server/stores/settings/write-store-settings";
import { audited } from "../audited";
import { GameInput, scopeForStaff } from "../game-access";
import { adminProcedure, router } from "../init";

/** Keys & settings → Stores: owner and admin only, as for Payments (the keys that verify store sales). */
export const storesRouter = router({
  settings: adminProcedure.input(GameInput).query(async ({ ctx, input }) => getStoreSettingsView(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input))),

  // The domain parses the settings, so a refusal names its fields the same way here and in the fixture's report.
  save: adminProcedure.input(GameInput.extend({ settings: z.custom<StoreSettingsInput>() })).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    const before = await getStoreSettingsView(ctx.db, scope);
    // SECURITY: the audit keeps the view (ids and hints); the token revealed once stays out of it.
    return audited(ctx, (tx) => writeStoreSettings(tx, scope, input.settings), (written) => ({
      action: "game.stores.update",
      gameId: scope.gameId,
      env: scope.env,
      targetType: "game",
      targetId: scope.gameId,
      before,
      after: written.settings,
    }));
  }),
});
