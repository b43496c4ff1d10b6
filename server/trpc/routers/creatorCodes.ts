import "server-only";
import { creatorCodeSales } from "@/server/codes/creator-code-sales";
import { creatorPayoutsCsv } from "@/server/codes/creator-payouts-csv";
import {
  createCreatorCode,
  CreateCreatorCodeInput,
  listCreatorCodes,
  setCreatorCodeActive,
  SetCreatorCodeActiveInput,
  updateCreatorCode,
  UpdateCreatorCodeInput,
} from "@/server/codes/manage-creator-codes";
import { checkPeriod, Period } from "@/server/revenue/period";
import { audited } from "../audited";
import { GameInput, scopeForStaff } from "../game-access";
import { developerProcedure, router, viewerProcedure } from "../init";

/**
 * Creator codes belong to the game (both environments, as in the fixture); the environment of the
 * input only chooses whose orders the sales report counts. Audit rows therefore carry no env.
 */
export const creatorCodesRouter = router({
  list: viewerProcedure.input(GameInput).query(async ({ ctx, input }) => listCreatorCodes(ctx.db, (await scopeForStaff(ctx.db, ctx.staff, input)).gameId)),

  sales: viewerProcedure.input(GameInput.extend(Period.shape).superRefine(checkPeriod)).query(async ({ ctx, input }) =>
    creatorCodeSales(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input), { from: input.from, to: input.to }),
  ),

  /** The period's payouts per code as CSV text, for a Blob download (a read: open to viewers like the report). */
  payoutsCsv: viewerProcedure.input(GameInput.extend(Period.shape).superRefine(checkPeriod)).query(async ({ ctx, input }) =>
    creatorPayoutsCsv(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input), { from: input.from, to: input.to }),
  ),

  create: developerProcedure.input(GameInput.extend(CreateCreatorCodeInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId } = await scopeForStaff(ctx.db, ctx.staff, input);
    const { code, creatorName, rateBp, active } = input;
    return audited(ctx, (tx) => createCreatorCode(tx, gameId, { code, creatorName, rateBp, active }), (created) => ({
      action: "creator_code.create",
      gameId,
      targetType: "creator_code",
      targetId: created.code,
      after: created,
    }));
  }),

  update: developerProcedure.input(GameInput.extend(UpdateCreatorCodeInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId } = await scopeForStaff(ctx.db, ctx.staff, input);
    const { code, creatorName, rateBp } = input;
    const change = await audited(ctx, (tx) => updateCreatorCode(tx, gameId, { code, creatorName, rateBp }), (c) => ({
      action: "creator_code.update",
      gameId,
      targetType: "creator_code",
      targetId: c.after.code,
      before: c.before,
      after: c.after,
    }));
    return change.after;
  }),

  setActive: developerProcedure.input(GameInput.extend(SetCreatorCodeActiveInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId } = await scopeForStaff(ctx.db, ctx.staff, input);
    const { code, active } = input;
    const change = await audited(ctx, (tx) => setCreatorCodeActive(tx, gameId, { code, active }), (c) => ({
      action: active ? "creator_code.activate" : "creator_code.deactivate",
      gameId,
      targetType: "creator_code",
      targetId: c.after.code,
      before: c.before,
      after: c.after,
    }));
    return change.after;
  }),
});
