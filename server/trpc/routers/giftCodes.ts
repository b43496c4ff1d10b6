import "server-only";
import { z } from "zod";
import { getCatalog } from "@/server/catalog/get-catalog";
import { disableGiftCode } from "@/server/codes/disable-gift-code";
import { findGiftCode } from "@/server/codes/find-gift-code";
import { giftCodeBatchCsv, giftCodesCsv } from "@/server/codes/gift-codes-csv";
import { issueGiftCodeBatch, IssueGiftCodeBatchRequest, listGiftCodeBatches } from "@/server/codes/gift-code-batches";
import { GiftCodesFilter, listGiftCodes, ListGiftCodesQuery } from "@/server/codes/list-gift-codes";
import { getGame } from "@/server/games/game-settings";
import { clock } from "@/server/lib/clock";
import { audited } from "../audited";
import { GameInput, scopeForStaff } from "../game-access";
import { router, supportProcedure, viewerProcedure } from "../init";

/**
 * Gift codes hand out free coins and items, like a support adjustment: issuing and disabling need the
 * support role (not developer, since handing codes to players is support work). Reading, searching and
 * exporting are reads, open to viewers like every other list of the dashboard.
 */
export const giftCodesRouter = router({
  list: viewerProcedure.input(ListGiftCodesQuery.extend(GameInput.shape)).query(async ({ ctx, input }) => {
    const { gameId, env, ...query } = input;
    return listGiftCodes(ctx.db, await scopeForStaff(ctx.db, ctx.staff, { gameId, env }), query);
  }),

  /** The active currencies and items a batch may give (the catalog router is not needed for this form). */
  catalog: viewerProcedure.input(GameInput).query(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    const catalog = await getCatalog(ctx.db, scope, (await getGame(ctx.db, scope.gameId)).settings);
    return { currencies: catalog.currencies.map((c) => ({ code: c.code, name: c.name })), items: catalog.items.map((i) => ({ sku: i.sku, name: i.name })) };
  }),

  batches: viewerProcedure.input(GameInput).query(async ({ ctx, input }) => listGiftCodeBatches(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input))),

  /** CSV text for a Blob download: every code of the filter, not only the page on screen. */
  exportCsv: viewerProcedure.input(GiftCodesFilter.extend(GameInput.shape)).query(async ({ ctx, input }) => {
    const { gameId, env, ...filter } = input;
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    return { filename: `gift-codes-${env}-${clock.now().toISOString().slice(0, 10)}.csv`, csv: await giftCodesCsv(ctx.db, scope, filter) };
  }),

  /** One batch's codes as CSV; 404 for a batch of another game or environment. */
  exportBatchCsv: viewerProcedure.input(GameInput.extend({ batchId: z.string().min(1).max(64) })).query(async ({ ctx, input }) => {
    return giftCodeBatchCsv(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input), input.batchId);
  }),

  // safeExtend keeps the request's own rules (one line per currency, a grant or an item), and field
  // errors stay keyed like the domain's ("grants.0.currency"), whichever side finds them.
  issue: supportProcedure.input(IssueGiftCodeBatchRequest.safeExtend(GameInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId, env, ...request } = input;
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    return audited(ctx, (tx) => issueGiftCodeBatch(tx, scope, { input: request, createdBy: ctx.staff.id }), ({ batch, codes }) => ({
      action: "gift_codes.issue",
      gameId: scope.gameId,
      env: scope.env,
      targetType: "gift_code_batch",
      targetId: batch.id,
      // The codes themselves are bearer value: the log names them by id, the list and CSV show them.
      after: {
        label: batch.label,
        count: codes.length,
        maxUses: request.maxUses,
        expiresAt: request.expiresAt,
        grants: request.grants,
        items: request.items,
        codeIds: codes.map((c) => c.id),
      },
    }));
  }),

  disable: supportProcedure.input(GameInput.extend({ codeId: z.string().min(1) })).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    const change = await audited(
      ctx,
      async (tx) => ({ before: await findGiftCode(tx, scope, { id: input.codeId, forUpdate: true }), after: await disableGiftCode(tx, scope, input.codeId) }),
      ({ before, after }) => ({ action: "gift_code.disable", gameId: scope.gameId, env: scope.env, targetType: "gift_code", targetId: after.id, before, after }),
    );
    return change.after;
  }),
});

