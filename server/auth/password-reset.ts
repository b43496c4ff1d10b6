import "server-only";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { staff, staffPasswordResets } from "@/db/schema";
import { recordAudit } from "@/server/audit/record-audit";
import { passwordChangedMail } from "@/server/email/password-reset-mail";
import { queueMail } from "@/server/email/mail-outbox";
import { clock } from "@/server/lib/clock";
import { notFound } from "@/server/lib/errors";
import { hashPassword } from "@/server/lib/passwords";
import { publicUrlOf } from "@/server/lib/public-url";
import { forget } from "@/server/lib/rate-limit";
import { sha256Hex } from "@/server/lib/secrets";
import { failureKeys, limitFailures, staffAuthLimits } from "./attempt-limits";
import { recordLockouts } from "./lockout-record";
import { Password } from "./members";
import type { StaffIdentity } from "./staff-identity";

export const PASSWORD_RESET_COMPLETED_ACTION = "staff.password_reset.complete";

export const ResetPasswordInput = z.strictObject({ token: z.string().min(10).max(200), password: Password });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

type Caller = { clientIp: string | null };

const LOCKED_MESSAGE = "Too many failed attempts; try again later.";

/**
 * A reset link is a credential like a password: a token that is unknown, expired or used is a failed
 * attempt, limited like a failed sign-in (per link and per client address, the address counter shared
 * with sign-in and invitations), so links cannot be guessed by trying them.
 */
function keysFor(token: string, who: Caller) {
  return failureKeys(`password-reset:${sha256Hex(token)}`, who.clientIp);
}

/** The pending reset behind a token, with its member's e-mail, or null (unknown, used or expired). */
async function findPendingReset(db: Db, token: string): Promise<{ email: string } | null> {
  const rows = await db
    .select({ email: staff.email, usedAt: staffPasswordResets.usedAt, expiresAt: staffPasswordResets.expiresAt })
    .from(staffPasswordResets)
    .innerJoin(staff, eq(staff.id, staffPasswordResets.staffId))
    .where(eq(staffPasswordResets.tokenHash, sha256Hex(token)))
    .limit(1);
  const reset = rows[0];
  if (!reset || reset.usedAt || reset.expiresAt <= clock.now()) return null;
  return { email: reset.email };
}

/** The reset page: whose link it is, or null when it is not (or no longer) valid; 429 RATE_LIMITED when locked out. */
export async function openPasswordReset(db: Db, token: string, who: Caller): Promise<{ email: string } | null> {
  const attempt = await limitFailures(keysFor(token, who), () => findPendingReset(db, token), LOCKED_MESSAGE);
  if (attempt.value) return attempt.value;
  await recordLockouts(db, attempt.lockedNow, { via: "password-reset", fromIp: who.clientIp, member: null });
  return null;
}

/**
 * Sets the new password: 404 NOT_FOUND for a link that is not (or no longer) valid, 429 RATE_LIMITED
 * when locked out. Every session of the member ends (the session epoch goes up), and so does a
 * sign-in lockout of the account: whoever was guessing the old password has nothing left to guess.
 * The member is told by e-mail that the password changed.
 */
export async function completePasswordReset(db: Db, input: ResetPasswordInput, who: Caller): Promise<StaffIdentity> {
  const attempt = await limitFailures(keysFor(input.token, who), () => resetIfValid(db, input, who), LOCKED_MESSAGE);
  if (attempt.value) {
    await forget(staffAuthLimits.perAccount, attempt.value.email);
    return attempt.value;
  }
  await recordLockouts(db, attempt.lockedNow, { via: "password-reset", fromIp: who.clientIp, member: null });
  throw notFound("Reset link");
}

async function resetIfValid(db: Db, input: ResetPasswordInput, who: Caller): Promise<StaffIdentity | null> {
  return db.transaction(async (tx) => {
    const byToken = eq(staffPasswordResets.tokenHash, sha256Hex(input.token));
    const found = await tx.select({ staffId: staffPasswordResets.staffId }).from(staffPasswordResets).where(byToken).limit(1);
    if (!found[0]) return null;
    // CONCURRENCY: the member's row, then the reset's, in the order a new request takes them (it locks
    // the member, then deletes the pending links), so the two never deadlock. The reset row read under
    // its lock is the last committed one: the same link used twice at once sets one password, and a
    // link a newer request replaced meanwhile is gone.
    await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, found[0].staffId)).for("update");
    const rows = await tx.select().from(staffPasswordResets).where(byToken).for("update").limit(1);
    const reset = rows[0];
    const now = clock.now();
    if (!reset || reset.usedAt || reset.expiresAt <= now) return null;
    const passwordHash = await hashPassword(input.password);
    const updated = await tx
      .update(staff)
      .set({ passwordHash, sessionEpoch: sql`${staff.sessionEpoch} + 1` })
      .where(eq(staff.id, reset.staffId))
      .returning();
    const member = updated[0];
    if (!member) return null;
    await tx.update(staffPasswordResets).set({ usedAt: now }).where(eq(staffPasswordResets.id, reset.id));
    const identity: StaffIdentity = { id: member.id, studioId: member.studioId, email: member.email, name: member.name, role: member.role };
    await recordAudit(tx, identity, {
      action: PASSWORD_RESET_COMPLETED_ACTION,
      targetType: "staff",
      targetId: member.id,
      after: { resetId: reset.id, fromIp: who.clientIp, sessionsEnded: true },
    });
    // In the password's transaction: the member hears of a change that happened, and only of one.
    await queueMail(tx, passwordChangedMail({ to: member.email, name: member.name, at: now, resetLink: publicUrlOf("/forgot-password") }));
    return identity;
  });
}
