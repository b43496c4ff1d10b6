import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { webhookDeliveries } from "@/db/schema";
import { stopScheduler } from "@/server/jobs/scheduler";
import { clock } from "@/server/lib/clock";
import { useDatabase } from "@/tests/harness";
import { deliveryOf, endpoint, freezeNow, isolateWebhookTests, webhookGame } from "@/tests/webhooks/helpers";
import { eq } from "drizzle-orm";
import { claimDueDeliveries } from "./claim-deliveries";
import { LEASE_MS } from "./deliver";
import { heldLeaseCount, releaseHeldLeases, resumeClaimingForTests } from "./held-leases";
import { recordOutcome } from "./record-outcome";
import { sendTestEvent } from "./send-test-event";

useDatabase();
isolateWebhookTests();
// A fresh process's state before and after each case (the lease registry lives on globalThis).
beforeEach(() => resumeClaimingForTests());
afterEach(() => resumeClaimingForTests());

/** Shutdown's part of the webhook worker: no claim after stop, and the leases still held go back at once. */
describe("held webhook leases on shutdown", () => {
  it("releases this process's unfinished leases, leaves recorded ones alone, and claims nothing after stop", async () => {
    const { test } = await webhookGame();
    const db = await getDb();
    const hook = await endpoint(test, "https://receiver.example/hook");
    const now = freezeNow();
    const first = await sendTestEvent(db, test, hook.endpoint.id);
    const second = await sendTestEvent(db, test, hook.endpoint.id);

    // Deliveries other files left due may be claimed too: they are cut short as well.
    const all = await claimDueDeliveries(db, { limit: 50, leaseMs: LEASE_MS });
    const claimed = all.filter((c) => c.endpointId === hook.endpoint.id);
    expect(claimed.map((c) => c.id).sort()).toEqual([first.deliveryId, second.deliveryId].sort());
    expect(heldLeaseCount()).toBe(all.length);
    // The first send finished and was recorded (its lease is cleared); the second was cut short by the shutdown.
    const done = claimed.find((c) => c.id === first.deliveryId);
    if (!done) throw new Error("first not claimed");
    await recordOutcome(db, { claimed: done, outcome: { ok: true, statusCode: 200, error: null, responseExcerpt: null, durationMs: 3 }, startedAt: now });

    await stopScheduler();
    expect(await claimDueDeliveries(db, { limit: 50, leaseMs: LEASE_MS })).toEqual([]);
    clock.freeze(new Date(now.getTime() + 1_000));
    expect(await releaseHeldLeases(db)).toBe(all.length - 1);
    expect(heldLeaseCount()).toBe(0);

    const cut = await deliveryOf(hook.endpoint.id, second.eventId);
    expect({ status: cut.status, lockedUntil: cut.lockedUntil, attempts: cut.attempts }).toEqual({ status: "pending", lockedUntil: null, attempts: 0 });
    const recorded = await deliveryOf(hook.endpoint.id, first.eventId);
    expect({ status: recorded.status, lockedUntil: recorded.lockedUntil }).toEqual({ status: "succeeded", lockedUntil: null });

    // Another instance (claims not stopped there) takes the released delivery at once.
    resumeClaimingForTests();
    const retaken = (await claimDueDeliveries(db, { limit: 50, leaseMs: LEASE_MS })).map((c) => c.id);
    expect(retaken).toContain(second.deliveryId);
    expect(retaken).not.toContain(first.deliveryId);
  });

  it("leaves a lease alone once another worker holds the row (its lease, not ours)", async () => {
    const { test } = await webhookGame();
    const db = await getDb();
    const hook = await endpoint(test, "https://receiver.example/hook");
    const now = freezeNow();
    const { deliveryId } = await sendTestEvent(db, test, hook.endpoint.id);
    expect((await claimDueDeliveries(db, { limit: 50, leaseMs: LEASE_MS })).map((c) => c.id)).toContain(deliveryId);
    // Our lease ran out and another worker re-claimed the row with its own lease.
    const theirs = new Date(now.getTime() + 2 * LEASE_MS);
    await db.update(webhookDeliveries).set({ lockedUntil: theirs }).where(eq(webhookDeliveries.id, deliveryId));
    expect(await releaseHeldLeases(db)).toBe(0);
    const [row] = await db.select({ lockedUntil: webhookDeliveries.lockedUntil }).from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    expect(row?.lockedUntil).toEqual(theirs);
  });
});
