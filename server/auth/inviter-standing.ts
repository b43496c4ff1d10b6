import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { staff, staffInvitations, staffRoles, type StaffRole } from "@/db/schema";
import { recordAudit, recordStudioEvent } from "@/server/audit/record-audit";
import { hasRole } from "./roles";
import type { StaffIdentity } from "./staff-identity";

type Invitation = typeof staffInvitations.$inferSelect;

export const INVITATION_REVOKED_ACTION = "member.invitation.revoke";

/**
 * An invitation is only as good as its sender: it stands while the member who sent it is still in the
 * studio and still holds at least the invited role. Otherwise a removed or demoted admin could come back
 * through a link they sent before leaving.
 */
export async function inviterStillStands(db: Db, invitation: Pick<Invitation, "invitedBy" | "studioId" | "role">): Promise<boolean> {
  if (!invitation.invitedBy) return false;
  const rows = await db
    .select({ role: staff.role })
    .from(staff)
    .where(and(eq(staff.id, invitation.invitedBy), eq(staff.studioId, invitation.studioId)))
    .limit(1);
  const inviter = rows[0];
  return inviter !== undefined && hasRole(inviter.role, invitation.role);
}

function viewOf(invitation: Invitation) {
  return { id: invitation.id, email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt.toISOString(), createdAt: invitation.createdAt.toISOString() };
}

/**
 * Withdraws the pending invitations of `inviterId` that no longer stand: all of them when the inviter
 * is removed (`newRole` null), those above the new role when demoted. Each is audited, in the caller's
 * transaction, as done by `actor` with the reason.
 */
export async function revokeInvitationsOutlivingInviter(
  db: Db,
  actor: StaffIdentity,
  change: { inviterId: string; newRole: StaffRole | null },
): Promise<number> {
  const beyond = change.newRole === null ? [...staffRoles] : staffRoles.filter((role) => !hasRole(change.newRole as StaffRole, role));
  if (beyond.length === 0) return 0;
  const revoked = await db
    .delete(staffInvitations)
    .where(
      and(
        eq(staffInvitations.studioId, actor.studioId),
        eq(staffInvitations.invitedBy, change.inviterId),
        isNull(staffInvitations.acceptedAt),
        inArray(staffInvitations.role, beyond),
      ),
    )
    .returning();
  const reason = change.newRole === null ? "inviter_removed" : "inviter_demoted";
  for (const invitation of revoked) {
    await recordAudit(db, actor, { action: INVITATION_REVOKED_ACTION, targetType: "invitation", targetId: invitation.id, before: viewOf(invitation), after: { reason } });
  }
  return revoked.length;
}

/** An invitation refused at acceptance because its sender no longer stands: withdrawn, and the studio told why. */
export async function withdrawStaleInvitation(db: Db, invitation: Invitation): Promise<void> {
  await db.delete(staffInvitations).where(eq(staffInvitations.id, invitation.id));
  await recordStudioEvent(db, invitation.studioId, {
    action: INVITATION_REVOKED_ACTION,
    targetType: "invitation",
    targetId: invitation.id,
    before: viewOf(invitation),
    after: { reason: "inviter_no_longer_holds_role" },
  });
}
