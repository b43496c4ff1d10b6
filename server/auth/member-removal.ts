import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { staff, staffInvitations } from "@/db/schema";
import { AppError, notFound } from "@/server/lib/errors";
import type { InvitationView, MemberView } from "./members";
import { revokeInvitationsOutlivingInviter } from "./inviter-standing";
import { hasRole } from "./roles";
import type { StaffIdentity } from "./staff-identity";

export const RevokeInvitationInput = z.strictObject({ invitationId: z.string().min(1) });
export const RemoveMemberInput = z.strictObject({ staffId: z.string().min(1) });

/**
 * Withdraws a pending invitation: the row goes, so its link stops working at once (only the hash was
 * stored; the audit entry keeps who was invited). The same rule as inviting: not for a role above yours.
 */
export async function revokeInvitation(db: Db, actor: StaffIdentity, input: z.infer<typeof RevokeInvitationInput>): Promise<InvitationView> {
  const rows = await db
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.id, input.invitationId), eq(staffInvitations.studioId, actor.studioId), isNull(staffInvitations.acceptedAt)))
    .for("update")
    .limit(1);
  const invitation = rows[0];
  if (!invitation) throw notFound("Invitation");
  if (!hasRole(actor.role, invitation.role)) throw new AppError("FORBIDDEN", `You cannot revoke an invitation for the ${invitation.role} role.`);
  await db.delete(staffInvitations).where(eq(staffInvitations.id, invitation.id));
  return { id: invitation.id, email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt.toISOString(), createdAt: invitation.createdAt.toISOString() };
}

/**
 * Removes a member from the studio. Never yourself (a studio always keeps the person removing, so it
 * never loses its last owner this way) and never someone above you. Sessions read the member fresh on
 * every request (currentStaff), so the removed member is signed out at their next click, and the
 * invitations they sent are withdrawn with them (inviter-standing.ts).
 */
export async function removeMember(db: Db, actor: StaffIdentity, input: z.infer<typeof RemoveMemberInput>): Promise<MemberView> {
  const rows = await db
    .select()
    .from(staff)
    .where(and(eq(staff.id, input.staffId), eq(staff.studioId, actor.studioId)))
    .for("update")
    .limit(1);
  const member = rows[0];
  if (!member) throw notFound("Member");
  if (member.id === actor.id) throw new AppError("FORBIDDEN", "You cannot remove yourself.");
  if (!hasRole(actor.role, member.role)) throw new AppError("FORBIDDEN", "You cannot remove someone above you.");
  // The audit log keeps the e-mail on each entry (no foreign key to staff), so history survives this.
  await db.delete(staff).where(eq(staff.id, member.id));
  await revokeInvitationsOutlivingInviter(db, actor, { inviterId: member.id, newRole: null });
  return { id: member.id, email: member.email, name: member.name, role: member.role, createdAt: member.createdAt.toISOString() };
}
