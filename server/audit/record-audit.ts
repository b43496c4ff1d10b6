import "server-only";
import type { Db } from "@/db/client";
import { auditLog } from "@/db/schema";
import type { StaffIdentity } from "@/server/auth/staff-identity";
import { clock } from "@/server/lib/clock";
import { newId } from "@/server/lib/ids";

export type AuditEntry = {
  action: string;
  gameId?: string | null;
  env?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
};

/** Who did what, when, with the state before and after; written in the same transaction as the change. */
export async function recordAudit(db: Db, actor: StaffIdentity, entry: AuditEntry): Promise<void> {
  await insertEntry(db, actor.studioId, { actor: { id: actor.id, email: actor.email }, entry });
}

/**
 * An event of the studio that no member did (someone outside guessing an invitation link): the entry
 * has no actor, so it can never be read as a member's act.
 */
export async function recordStudioEvent(db: Db, studioId: string, entry: AuditEntry): Promise<void> {
  await insertEntry(db, studioId, { actor: null, entry });
}

async function insertEntry(db: Db, studioId: string, { actor, entry }: { actor: { id: string; email: string } | null; entry: AuditEntry }): Promise<void> {
  await db.insert(auditLog).values({
    id: newId(),
    studioId,
    staffId: actor?.id ?? null,
    staffEmail: actor?.email ?? null,
    action: entry.action,
    gameId: entry.gameId ?? null,
    env: entry.env ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    before: entry.before === undefined ? null : redactSecrets(entry.before),
    after: entry.after === undefined ? null : redactSecrets(entry.after),
    createdAt: clock.now(),
  });
}

const SECRET_FIELDS = new Set(["signingSecret", "secretKey", "publishableKey", "key", "password", "passwordHash", "token", "secret"]);

/** Secrets never reach the audit log. */
function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_FIELDS.has(k) ? "[redacted]" : redactSecrets(v)]));
  }
  return value;
}
