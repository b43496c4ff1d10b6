import "server-only";
import { eq } from "drizzle-orm";
import { recordAudit } from "@/server/audit/record-audit";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { staff, staffInvitations } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError, notFound } from "@/server/lib/errors";
import { newId } from "@/server/lib/ids";
import { hashPassword } from "@/server/lib/passwords";
import { sha256Hex } from "@/server/lib/secrets";
import { failureKeys, limitFailures, type FailureKey } from "./attempt-limits";
import { recordLockouts } from "./lockout-record";
import { inviterStillStands, withdrawStaleInvitation } from "./inviter-standing";
import { findInvitation, type AcceptInvitationInput } from "./members";
import type { StaffIdentity } from "./staff-identity";

type Invitation = typeof staffInvitations.$inferSelect;
type Caller = { clientIp: string | null };

export const INVITATION_ACCEPTED_ACTION = "member.invitation.accept";

const LOCKED_MESSAGE = "Too many failed attempts; try again later.";

/**
 * An invitation link is a credential like a password: a token that is unknown, expired or used is a
 * failed attempt, limited like a failed sign-in (per link and per client address, the address counter
 * shared with sign-in), so links cannot be guessed by trying them. The link's own key matters when a
 * dead link is tried again and again; guessing new ones is stopped by the address limit.
 */
function keysFor(token: string, who: Caller) {
  return failureKeys(`invitation:${sha256Hex(token)}`, who.clientIp);
}

/** Whatever invitation a locked link names, used or expired included, so its studio hears of the lockout. */
async function invitationBehind(db: Db, token: string, lockedNow: FailureKey[]): Promise<{ id: string; studioId: string; email: string } | null> {
  if (lockedNow.length === 0) return null;
  const rows = await db
    .select({ id: staffInvitations.id, studioId: staffInvitations.studioId, email: staffInvitations.email })
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, sha256Hex(token)))
    .limit(1);
  return rows[0] ?? null;
}

/** The pending invitation behind a link (the invitation page), or null; 429 RATE_LIMITED when locked out. */
export async function openInvitation(db: Db, token: string, who: Caller): Promise<Invitation | null> {
  const attempt = await limitFailures(keysFor(token, who), () => findInvitation(db, token), LOCKED_MESSAGE);
  if (attempt.value) return attempt.value;
  await recordLockouts(db, attempt.lockedNow, { via: "invitation", fromIp: who.clientIp, member: null, invitation: await invitationBehind(db, token, attempt.lockedNow) });
  return null;
}

/** Creates the invited member: 404 for a link that is not (or no longer) valid, 429 RATE_LIMITED when locked out. */
export async function acceptInvitation(db: Db, input: z.infer<typeof AcceptInvitationInput>, who: Caller): Promise<StaffIdentity> {
  const attempt = await limitFailures(keysFor(input.token, who), () => acceptIfValid(db, input), LOCKED_MESSAGE);
  if (attempt.value) return attempt.value;
  await recordLockouts(db, attempt.lockedNow, {
    via: "invitation",
    fromIp: who.clientIp,
    member: null,
    invitation: await invitationBehind(db, input.token, attempt.lockedNow),
  });
  throw notFound("Invitation");
}

async function acceptIfValid(db: Db, input: z.infer<typeof AcceptInvitationInput>): Promise<StaffIdentity | null> {
  return db.transaction(async (tx) => {
    // CONCURRENCY: the invitation row is locked, so the same link accepted twice at once makes one member.
    const rows = await tx.select().from(staffInvitations).where(eq(staffInvitations.tokenHash, sha256Hex(input.token))).for("update").limit(1);
    const invitation = rows[0];
    const now = clock.now();
    if (!invitation || invitation.acceptedAt || invitation.expiresAt <= now) return null;
    if (!(await inviterStillStands(tx, invitation))) {
      await withdrawStaleInvitation(tx, invitation);
      return null;
    }
    const taken = await tx.select({ id: staff.id }).from(staff).where(eq(staff.email, invitation.email)).limit(1);
    if (taken[0]) throw new AppError("CONFLICT", "This e-mail already has an account; sign in instead.");
    const id = newId();
    await tx.insert(staff).values({ id, studioId: invitation.studioId, email: invitation.email, name: input.name, passwordHash: await hashPassword(input.password), role: invitation.role, createdAt: now });
    await tx.update(staffInvitations).set({ acceptedAt: now }).where(eq(staffInvitations.id, invitation.id));
    const member: StaffIdentity = { id, studioId: invitation.studioId, email: invitation.email, name: input.name, role: invitation.role };
    // The new member is the actor: joining is their act, and the entry names who invited them.
    await recordAudit(tx, member, {
      action: INVITATION_ACCEPTED_ACTION,
      targetType: "staff",
      targetId: id,
      after: { invitationId: invitation.id, email: invitation.email, name: input.name, role: invitation.role, invitedBy: invitation.invitedBy },
    });
    return member;
  });
}
