import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { staff, staffPasswordResets } from "@/db/schema";
import { recordStudioEvent } from "@/server/audit/record-audit";
import { passwordResetMail } from "@/server/email/password-reset-mail";
import { queueMail } from "@/server/email/mail-outbox";
import { clock } from "@/server/lib/clock";
import { newId } from "@/server/lib/ids";
import { publicUrlOf } from "@/server/lib/public-url";
import { consume, rateLimitedError, type LimitRule } from "@/server/lib/rate-limit";
import { newSecret, sha256Hex } from "@/server/lib/secrets";

export const PASSWORD_RESET_REQUESTED_ACTION = "staff.password_reset.request";

/** How long a reset link works. Short: it is a password, sent through e-mail. */
export const PASSWORD_RESET_LIFETIME_MS = 30 * 60 * 1000;

/**
 * Reset links asked for per hour: per e-mail (known or not, so the limit tells nothing about accounts)
 * and per client address. The counters live in the rate-limit store (Redis when REDIS_URL is set),
 * where one count is atomic, so parallel requests never get past a limit.
 */
export const passwordResetLimits = {
  perEmail: { name: "password-reset-email", points: 3, durationSeconds: 60 * 60 } satisfies LimitRule,
  perIp: { name: "password-reset-ip", points: 10, durationSeconds: 60 * 60 } satisfies LimitRule,
};

export const RequestPasswordResetInput = z.strictObject({
  email: z.string().trim().toLowerCase().max(254, "At most 254 characters").pipe(z.email("Must be a valid e-mail address")),
});
export type RequestPasswordResetInput = z.infer<typeof RequestPasswordResetInput>;

type Caller = { clientIp: string | null };

/**
 * The address first, then the e-mail, and the first refusal stops the count: someone over their own
 * allowance cannot use up a stranger's e-mail. 429 RATE_LIMITED with Retry-After when over a limit.
 */
async function limitRequest(email: string, who: Caller): Promise<void> {
  const checks: [LimitRule, string][] = [];
  if (who.clientIp) checks.push([passwordResetLimits.perIp, who.clientIp]);
  checks.push([passwordResetLimits.perEmail, email]);
  for (const [rule, key] of checks) {
    const outcome = await consume(rule, key);
    if (!outcome.allowed) throw rateLimitedError(outcome, "Too many password reset requests; try again later.");
  }
}

/**
 * A new link for the member of this e-mail, queued for mailing in the same transaction (nothing when
 * there is no member). The member's row is locked, so two requests at once leave one pending link;
 * older pending links stop working.
 */
async function issueLink(db: Db, email: string, who: Caller): Promise<void> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(staff).where(eq(staff.email, email)).for("update").limit(1);
    const member = rows[0];
    if (!member) return;
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + PASSWORD_RESET_LIFETIME_MS);
    const token = newSecret("pwr_", 32);
    const id = newId();
    await tx.delete(staffPasswordResets).where(and(eq(staffPasswordResets.staffId, member.id), isNull(staffPasswordResets.usedAt)));
    await tx.insert(staffPasswordResets).values({ id, staffId: member.id, tokenHash: sha256Hex(token), expiresAt, createdAt: now });
    // No actor: anyone who knows the address can ask, so the entry must not read as the member's act.
    await recordStudioEvent(tx, member.studioId, {
      action: PASSWORD_RESET_REQUESTED_ACTION,
      targetType: "staff",
      targetId: member.id,
      after: { resetId: id, email: member.email, expiresAt: expiresAt.toISOString(), fromIp: who.clientIp },
    });
    await queueMail(tx, passwordResetMail({ to: member.email, name: member.name, link: publicUrlOf(`/reset-password/${token}`), expiresAt }));
  });
}

/**
 * Mails a reset link when the e-mail is a member's. The caller answers the same whether or not it is
 * (no account enumeration): nothing is returned, and the mail leaves from the outbox after the commit,
 * so the answer time does not tell either. Over a limit: 429 RATE_LIMITED, for known and unknown e-mails alike.
 */
export async function requestPasswordReset(db: Db, input: RequestPasswordResetInput, who: Caller): Promise<void> {
  await limitRequest(input.email, who);
  await issueLink(db, input.email, who);
}
