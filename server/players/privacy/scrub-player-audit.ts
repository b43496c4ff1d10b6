import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLog } from "@/db/schema";

/** Fields of a player that audit entries may hold (support's profile edits) and that erasure removes. */
const PERSONAL_FIELDS = new Set(["displayName", "email", "linkedEmail", "birthYear", "externalId", "country"]);
export const ERASED_VALUE = "[erased]";

function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrub);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, PERSONAL_FIELDS.has(k) && v !== null ? ERASED_VALUE : scrub(v)]),
    );
  }
  return value;
}

/**
 * Replaces the erased player's personal values in the studio's earlier audit entries about it, so the
 * log keeps who did what and when, but no longer the name or address. Returns how many entries changed.
 */
export async function scrubPlayerAudit(tx: Db, studioId: string, playerId: string): Promise<number> {
  const entries = await tx
    .select({ id: auditLog.id, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.studioId, studioId), eq(auditLog.targetType, "player"), eq(auditLog.targetId, playerId)));
  let changed = 0;
  for (const entry of entries) {
    const before = scrub(entry.before);
    const after = scrub(entry.after);
    if (JSON.stringify(before) === JSON.stringify(entry.before) && JSON.stringify(after) === JSON.stringify(entry.after)) continue;
    await tx.update(auditLog).set({ before, after }).where(eq(auditLog.id, entry.id));
    changed += 1;
  }
  return changed;
}
