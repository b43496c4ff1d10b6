import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { clock } from "@/server/lib/clock";

/**
 * This process's claims, on globalThis because the scheduler (Next.js's bundle) and the shutdown code
 * (server.ts's) load this module twice. `held` maps a claimed delivery to its lease until it expires.
 */
type LeaseState = { stopped: boolean; held: Map<string, Date> };
const leases = ((globalThis as unknown as { __gamecoinLeases?: LeaseState }).__gamecoinLeases ??= { stopped: false, held: new Map() });

export function claimsStopped(): boolean {
  return leases.stopped;
}

export function heldLeaseCount(): number {
  return leases.held.size;
}

/** Shutdown: this process claims nothing more; a run in progress ends after its current batch. */
export function stopClaiming(): void {
  leases.stopped = true;
}

/** Tests that stop claiming in process give the next case a fresh process's state. */
export function resumeClaimingForTests(): void {
  leases.stopped = false;
  leases.held.clear();
}

/**
 * Shutdown: hands back the leases this process still holds (sends cut short), so another instance
 * takes those deliveries at once instead of after LEASE_MS. A row whose outcome was recorded, or that
 * another worker re-claimed, no longer carries our lease and is left alone.
 */
export async function releaseHeldLeases(db: Db): Promise<number> {
  const byLease = new Map<number, string[]>();
  for (const [id, leaseUntil] of leases.held) byLease.set(leaseUntil.getTime(), [...(byLease.get(leaseUntil.getTime()) ?? []), id]);
  leases.held.clear();
  let released = 0;
  for (const [leaseUntil, ids] of byLease) {
    const rows = await db
      .update(webhookDeliveries)
      .set({ lockedUntil: null, updatedAt: clock.now() })
      .where(and(inArray(webhookDeliveries.id, ids), eq(webhookDeliveries.lockedUntil, new Date(leaseUntil))))
      .returning({ id: webhookDeliveries.id });
    released += rows.length;
  }
  return released;
}

/** Called by the claim: remembers this process's new leases and forgets the expired ones. */
export function holdLeases(ids: string[], leaseUntil: Date, now: Date): void {
  for (const [id, until] of leases.held) if (until <= now) leases.held.delete(id);
  for (const id of ids) leases.held.set(id, leaseUntil);
}

/**
 * Called once a batch is recorded (or skipped): its leases are no longer this process's to release.
 * Forgetting them here keeps the map as small as the sends in flight, so the claim's walk over it stays short.
 */
export function forgetLeases(ids: string[]): void {
  for (const id of ids) leases.held.delete(id);
}

