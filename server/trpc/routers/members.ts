import { changeMemberRole, ChangeRoleInput, inviteMember, InviteInput, listMembers } from "@/server/auth/members";
import { config } from "@/server/lib/config";
import { audited } from "../audited";
import { adminProcedure, router, viewerProcedure } from "../init";

export const membersRouter = router({
  me: viewerProcedure.query(({ ctx }) => ctx.staff),

  list: viewerProcedure.query(({ ctx }) => listMembers(ctx.db, ctx.staff.studioId)),

  /** The link is shown once to the admin (and could be mailed); only its hash is stored. */
  invite: adminProcedure.input(InviteInput).mutation(async ({ ctx, input }) => {
    const result = await audited(ctx.db, ctx.staff, (tx) => inviteMember(tx, ctx.staff, input), (r) => ({
      action: "member.invite",
      targetType: "invitation",
      targetId: r.invitation.id,
      after: r.invitation,
    }));
    return { invitation: result.invitation, link: `${config().publicUrl}/invite/${result.token}` };
  }),

  changeRole: adminProcedure.input(ChangeRoleInput).mutation(({ ctx, input }) =>
    audited(ctx.db, ctx.staff, (tx) => changeMemberRole(tx, ctx.staff, input), (r) => ({
      action: "member.role.change",
      targetType: "staff",
      targetId: r.after.id,
      before: r.before,
      after: r.after,
    })),
  ),
});
