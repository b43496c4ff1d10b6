import { getStudio, renameStudio, RenameStudioInput } from "@/server/auth/studio";
import { audited } from "../audited";
import { ownerProcedure, router, viewerProcedure } from "../init";

/** Owners manage the studio itself. */
export const studioRouter = router({
  get: viewerProcedure.query(({ ctx }) => getStudio(ctx.db, ctx.staff.studioId)),

  rename: ownerProcedure.input(RenameStudioInput).mutation(async ({ ctx, input }) => {
    const before = await getStudio(ctx.db, ctx.staff.studioId);
    return audited(ctx.db, ctx.staff, (tx) => renameStudio(tx, ctx.staff.studioId, input.name), (after) => ({
      action: "studio.rename",
      targetType: "studio",
      targetId: after.id,
      before,
      after,
    }));
  }),
});
