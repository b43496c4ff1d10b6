import "server-only";
import { getStudio, renameStudio, RenameStudioInput, setStudioTimeZone, SetTimeZoneInput } from "@/server/auth/studio";
import { audited } from "../audited";
import { adminProcedure, ownerProcedure, router, viewerProcedure } from "../init";

/** Owners manage the studio itself; admins may also set its time zone (a display setting, no rights). */
export const studioRouter = router({
  get: viewerProcedure.query(({ ctx }) => getStudio(ctx.db, ctx.staff.studioId)),

  rename: ownerProcedure.input(RenameStudioInput).mutation(async ({ ctx, input }) => {
    const before = await getStudio(ctx.db, ctx.staff.studioId);
    return audited(ctx, (tx) => renameStudio(tx, ctx.staff.studioId, input.name), (after) => ({
      action: "studio.rename",
      targetType: "studio",
      targetId: after.id,
      before,
      after,
    }));
  }),

  setTimeZone: adminProcedure.input(SetTimeZoneInput).mutation(async ({ ctx, input }) => {
    const before = await getStudio(ctx.db, ctx.staff.studioId);
    return audited(ctx, (tx) => setStudioTimeZone(tx, ctx.staff.studioId, input), (after) => ({
      action: "studio.time_zone.change",
      targetType: "studio",
      targetId: after.id,
      before: { timeZone: before.timeZone },
      after: { timeZone: after.timeZone },
    }));
  }),
});
