import "server-only";
import type { Db } from "@/db/client";
import { recordAudit, recordStudioEvent } from "@/server/audit/record-audit";
import { clock } from "@/server/lib/clock";
import { exhausted } from "@/server/lib/rate-limit";
import { staffAuthLimits, type FailureKey } from "./attempt-limits";
import type { StaffIdentity } from "./staff-identity";
import { childLogger } from "@/server/observability/logger";

const log = childLogger({ module: "auth" });

export const SIGN_IN_LOCKED_ACTION = "staff.sign_in.locked";
export const INVITATION_LOCKED_ACTION = "member.invitation.locked";

export type LockoutContext = {
  via: "sign-in" | "invitation" | "password-reset";
  /** The address of the attempt that locked the key. */
  fromIp: string | null;
  /** The staff member behind the account key, when there is one. */
  member: StaffIdentity | null;
  /** The invitation behind a locked invitation link (pending, expired or used), when there is one. */
  invitation?: { id: string; studioId: string; email: string } | null;
};

/**
 * Writes down the lockouts one failure caused. Every lockout goes to the server log as one JSON line
 * (addresses and unknown accounts belong to no studio); a known member's account lockout also goes to
 * their studio's audit log, under their name, so the studio sees that someone is guessing; a locked link of
 * one of the studio's invitations goes to its log without an actor.
 */
export async function recordLockouts(db: Db, lockedNow: FailureKey[], context: LockoutContext): Promise<void> {
  for (const locked of lockedNow) {
    const state = await exhausted(locked.rule, locked.key);
    const seconds = state.allowed ? locked.rule.durationSeconds : state.retryAfterSeconds;
    const lockedUntil = new Date(clock.now().getTime() + seconds * 1000).toISOString();
    const scope = locked.rule.name === staffAuthLimits.perIp.name ? "ip" : "account";
    log.warn({ scope, key: locked.key, via: context.via, failures: locked.rule.points, lockedUntil, fromIp: context.fromIp }, "lockout");
    if (scope === "account" && context.member) {
      await recordAudit(db, context.member, {
        action: SIGN_IN_LOCKED_ACTION,
        targetType: "staff",
        targetId: context.member.id,
        after: { failures: locked.rule.points, windowMinutes: locked.rule.durationSeconds / 60, lockedUntil, fromIp: context.fromIp },
      });
    }
    if (scope === "account" && context.invitation) {
      await recordStudioEvent(db, context.invitation.studioId, {
        action: INVITATION_LOCKED_ACTION,
        targetType: "invitation",
        targetId: context.invitation.id,
        after: { email: context.invitation.email, failures: locked.rule.points, windowMinutes: locked.rule.durationSeconds / 60, lockedUntil, fromIp: context.fromIp },
      });
    }
  }
}
