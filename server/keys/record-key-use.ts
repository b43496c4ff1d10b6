import "server-only";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { childLogger } from "@/server/observability/logger";

const log = childLogger({ module: "keys" });

/** The dashboard shows "last used" to the minute; finer would cost a write per request. */
export const LAST_USE_PRECISION_MS = 60_000;

const globalForUse = globalThis as unknown as { __gamecoinKeyUse?: Map<string, number> };

/** Per process and shared by server.ts's copy of the modules and Next.js's bundle (see ttl-cache.ts). */
function lastWritten(): Map<string, number> {
  globalForUse.__gamecoinKeyUse ??= new Map();
  return globalForUse.__gamecoinKeyUse;
}

/**
 * Records that a key was used, without slowing the request: at most one write per key per minute per
 * process, never awaited, and guarded in SQL so several processes together still write about once a
 * minute. A failure is logged: a missed "last used" must never fail an API call.
 */
export function recordKeyUse(db: Db, keyId: string): void {
  const nowMs = clock.nowMs();
  const written = lastWritten();
  const last = written.get(keyId);
  if (last !== undefined && nowMs - last < LAST_USE_PRECISION_MS) return;
  if (written.size >= 10_000) written.clear();
  written.set(keyId, nowMs);
  const now = new Date(nowMs);
  const staleBefore = new Date(nowMs - LAST_USE_PRECISION_MS);
  void db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))))
    .then(
      () => undefined,
      (error: unknown) => {
        written.delete(keyId);
        log.error({ keyId, err: error }, "recording a key's use failed");
      },
    );
}

/** Tests start each case with no recent writes remembered. */
export function forgetKeyUses(): void {
  lastWritten().clear();
}
