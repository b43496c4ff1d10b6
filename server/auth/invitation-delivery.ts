import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { studios } from "@/db/schema";
import { invitationMail } from "@/server/email/invitation-mail";
import { sendMail } from "@/server/email/send-mail";
import { config } from "@/server/lib/config";
import type { InvitationView } from "./members";
import type { StaffIdentity } from "./staff-identity";

/**
 * Mails the invitation link when SMTP is configured; call it after the invitation committed (a mail
 * for a rolled-back invitation would carry a dead link). Does not wait for the SMTP exchange: the admin
 * gets the link on screen anyway, and sendMail logs a failure. Returns whether a mail was sent off.
 */
export async function mailInvitation(db: Db, actor: StaffIdentity, invitation: InvitationView, link: string): Promise<boolean> {
  if (!config().SMTP_URL) return false;
  const rows = await db.select({ name: studios.name }).from(studios).where(eq(studios.id, actor.studioId)).limit(1);
  const mail = invitationMail({
    to: invitation.email,
    studioName: rows[0]?.name ?? "your studio",
    inviterName: actor.name,
    role: invitation.role,
    link,
    expiresAt: new Date(invitation.expiresAt),
  });
  void sendMail(mail);
  return true;
}
