import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { studios } from "@/db/schema";
import { invitationMail } from "@/server/email/invitation-mail";
import { queueMail } from "@/server/email/mail-outbox";
import { config } from "@/server/lib/config";
import type { InvitationView } from "./members";
import type { StaffIdentity } from "./staff-identity";

/** The invitation to mail, and the link it carries. */
export type InvitationMailing = { invitation: InvitationView; link: string };

/**
 * Queues the invitation mail when SMTP is configured; pass the invitation's transaction (a mail for a
 * rolled-back invitation would carry a dead link). The SMTP exchange happens after the commit, from the
 * outbox: the admin gets the link on screen anyway. Returns whether a mail was queued.
 */
export async function mailInvitation(db: Db, actor: StaffIdentity, { invitation, link }: InvitationMailing): Promise<boolean> {
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
  await queueMail(db, mail);
  return true;
}
