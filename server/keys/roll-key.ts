import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { notFound } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { parseInput } from "@/server/webhooks/parse-input";
import { forgetCachedKeys } from "./authenticate-key";
import { keyStatus, type ApiKeyView } from "./key-views";
import { createApiKey, lockKey, viewOf } from "./manage-keys";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How long the old key keeps working after a roll (Stripe's choices, minus the longest). */
export const rollExpiries = { now: 0, "1h": HOUR, "24h": 24 * HOUR, "3d": 72 * HOUR, "7d": 168 * HOUR } as const;
export const RollExpiry = z.enum(["now", "1h", "24h", "3d", "7d"]);
export type RollExpiry = z.infer<typeof RollExpiry>;

export type RolledKey = { key: string; created: ApiKeyView; before: ApiKeyView; after: ApiKeyView };

/** Which key to roll, how long the old one keeps working, and the staff member rolling it. */
export type RollRequest = { keyId: string; expiresIn: RollExpiry; rolledBy: string };

/**
 * Replaces a key with a new one of the same kind, environment and name. The old key keeps working
 * until the chosen expiry, so a deploy can switch keys without a window of refused requests; from
 * that instant it is refused exactly as a revoked key is. Rolling an expiring key again moves its expiry.
 */
export async function rollApiKey(db: Db, scope: GameScope, { keyId, expiresIn, rolledBy }: RollRequest): Promise<RolledKey> {
  const expiry = parseInput(RollExpiry, expiresIn);
  const current = await lockKey(db, scope, keyId);
  const status = keyStatus(current);
  if (status === "revoked" || status === "expired") throw notFound("Active key");
  const created = await createApiKey(db, scope, { request: { kind: current.kind, name: current.name }, createdBy: rolledBy });
  const [row] = await db
    .update(apiKeys)
    .set({ expiresAt: new Date(clock.nowMs() + rollExpiries[expiry]) })
    .where(eq(apiKeys.id, current.id))
    .returning();
  if (!row) throw notFound("Active key");
  forgetCachedKeys();
  return { key: created.key, created: created.view, before: await viewOf(db, current), after: await viewOf(db, row) };
}
