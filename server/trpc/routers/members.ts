import "server-only";
import { mailInvitation } from "@/server/auth/invitation-delivery";
import { removeMember, RemoveMemberInput, revokeInvitation, RevokeInvitationInput } from "@/server/auth/member-removal";
import { changeMemberRole, ChangeRoleInput, inviteMember, InviteInput, listMembers } from "@/server/auth/members";
import { config } from "@/server/lib/config";
import { audited } from "../audited";
import { adminProcedure, router, viewerProcedure } from "../init";

/** Everyone sees who is in the studio; admins and owners manage members, never above their own role. */
export const membersRouter = router({
  me: viewerProcedure.query(({ ctx }) => ctx.staff),

  list: viewerProcedure.query(({ ctx }) => listMembers(ctx.db, ctx.staff.studioId)),

  /**
   * The link is returned once to the admin, and also mailed when SMTP_URL is set (after the commit).
   * Showing it even when mailed lets the admin pass it on if the mail is lost; it gives them nothing
   * new, since they may only invite roles up to their own. Only its hash is stored.
   */
  invite: adminProcedure.input(InviteInput).mutation(async ({ ctx, input }) => {
    // The mail is queued in the invitation's transaction: no mail with a dead link, no invitation whose mail is lost.
    const result = await audited(
      ctx,
      async (tx) => {
        const invited = await inviteMember(tx, ctx.staff, input);
        const link = `${config().publicUrl}/invite/${invited.token}`;
        return { ...invited, link, mailed: await mailInvitation(tx, ctx.staff, { invitation: invited.invitation, link }) };
      },
      (r) => ({ action: "member.invite", targetType: "invitation", targetId: r.invitation.id, after: r.invitation }),
    );
    return { invitation: result.invitation, link: result.link, mailed: result.mailed };
  }),

  revokeInvitation: adminProcedure.input(RevokeInvitationInput).mutation(({ ctx, input }) =>
    audited(ctx, (tx) => revokeInvitation(tx, ctx.staff, input), (revoked) => ({
      action: "member.invitation.revoke",
      targetType: "invitation",
      targetId: revoked.id,
      before: revoked,
    })),
  ),

  changeRole: adminProcedure.input(ChangeRoleInput).mutation(({ ctx, input }) =>
    audited(ctx, (tx) => changeMemberRole(tx, ctx.staff, input), (r) => ({
      action: "member.role.change",
      targetType: "staff",
      targetId: r.after.id,
      before: r.before,
      after: r.after,
    })),
  ),

  remove: adminProcedure.input(RemoveMemberInput).mutation(({ ctx, input }) =>
    audited(ctx, (tx) => removeMember(tx, ctx.staff, input), (removed) => ({
      action: "member.remove",
      targetType: "staff",
      targetId: removed.id,
      before: removed,
    })),
  ),
});
