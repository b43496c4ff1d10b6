import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { startLoops } from "@/server/jobs/scheduler";
import { clock } from "@/server/lib/clock";
import { newId } from "@/server/lib/ids";
import { claimDueDeliveries } from "@/server/webhooks/claim-deliveries";
import { LEASE_MS, sendClaimed, workerOptions } from "@/server/webhooks/deliver";
import { recordEvent } from "@/server/webhooks/record-event";
import { recordOutcomes, type Attempted } from "@/server/webhooks/record-outcome";
import { Transport } from "@/server/webhooks/transport";
import { useDatabase } from "../harness";
import { attemptsOf, deliveriesOf, deliveryOf, endpoint, endpointRow, freezeNow, isolateWebhookTests, runWorker, webhookGame, type WebhookGame } from "./helpers";
import { Receiver } from "./receiver";

useDatabase();
isolateWebhookTests();

const MIN = 60_000;

async function recordEvents(scope: WebhookGame["test"], count: number): Promise<string[]> {
  const db = await getDb();
  const ids = Array.from({ length: count }, () => `evt_${newId()}_ful`);
  await db.transaction(async (tx) => {
    for (const [n, id] of ids.entries()) await recordEvent(tx, scope, { id, type: "order.fulfilled", data: { n } });
  });
  return ids;
}

function countByEvent(receiver: Receiver, path: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of receiver.on(path)) {
    const id = String(request.headers["service-event-id"]);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

describe("the batched webhook worker", () => {
  it("two workers with several lanes each send each of 150 deliveries once and record one attempt each", async () => {
    const receiver = await Receiver.start(() => ({ status: 200, delayMs: 2 }));
    try {
      const { test } = await webhookGame();
      const hook = await endpoint(test, receiver.url("/lanes"));
      const ids = await recordEvents(test, 150);

      const runs = await Promise.all([runWorker({ batchSize: 8, lanes: 3 }), runWorker({ batchSize: 8, lanes: 3 })]);
      expect(runs.reduce((sum, run) => sum + run.succeeded, 0)).toBe(150);
      expect(runs.reduce((sum, run) => sum + run.errors + run.skipped + run.retrying, 0)).toBe(0);
      const counts = countByEvent(receiver, "/lanes");
      expect([...counts.keys()].sort()).toEqual([...ids].sort());
      expect([...counts.values()].every((n) => n === 1)).toBe(true);

      const rows = await deliveriesOf(hook.endpoint.id);
      expect(rows.map((row) => ({ status: row.status, attempts: row.attempts, lockedUntil: row.lockedUntil, lastStatusCode: row.lastStatusCode }))).toEqual(
        rows.map(() => ({ status: "succeeded", attempts: 1, lockedUntil: null, lastStatusCode: 200 })),
      );
      const db = await getDb();
      const attempts = await db
        .select({ deliveryId: webhookAttempts.deliveryId })
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, rows.map((row) => row.id)));
      expect(attempts).toHaveLength(150);
      expect(new Set(attempts.map((a) => a.deliveryId)).size).toBe(150);
    } finally {
      await receiver.close();
    }
  });

  it("a failing delivery in a batch is retried on its own schedule; its neighbours succeed and reset their endpoint's streak", async () => {
    const receiver = await Receiver.start((request) => ({ status: request.path === "/bad" ? 503 : 200, body: request.path === "/bad" ? "down" : "ok" }));
    try {
      const { test } = await webhookGame();
      const good = await endpoint(test, receiver.url("/good"));
      const bad = await endpoint(test, receiver.url("/bad"));
      const db = await getDb();
      await db.update(webhookEndpoints).set({ consecutiveFailures: 7 }).where(eq(webhookEndpoints.id, good.endpoint.id));
      const now = freezeNow();
      const [eventId] = await recordEvents(test, 1);
      if (!eventId) throw new Error("no event");

      // One batch holds both deliveries of the event.
      const counts = await runWorker({ batchSize: 10, lanes: 1 });
      expect(counts).toMatchObject({ succeeded: 1, retrying: 1, errors: 0 });
      expect(await deliveryOf(good.endpoint.id, eventId)).toMatchObject({ status: "succeeded", attempts: 1, lastStatusCode: 200, lastError: null, lockedUntil: null });
      const failed = await deliveryOf(bad.endpoint.id, eventId);
      expect(failed).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 503, lastError: "HTTP 503", responseExcerpt: "down", lockedUntil: null });
      expect(failed.nextAttemptAt).toEqual(new Date(now.getTime() + MIN));
      expect(await endpointRow(good.endpoint.id)).toMatchObject({ consecutiveFailures: 0, active: true });
      expect(await endpointRow(bad.endpoint.id)).toMatchObject({ consecutiveFailures: 1, active: true });
      expect((await attemptsOf(failed.id)).map((a) => ({ attempt: a.attempt, statusCode: a.statusCode, error: a.error }))).toEqual([
        { attempt: 1, statusCode: 503, error: "HTTP 503" },
      ]);
    } finally {
      await receiver.close();
    }
  });

  it("records a batch of successes per delivery: a lost lease only adds the attempt, a deleted delivery is gone, the rest are done", async () => {
    const receiver = await Receiver.start();
    try {
      const { test } = await webhookGame();
      const hook = await endpoint(test, receiver.url("/batch"));
      const db = await getDb();
      freezeNow();
      await recordEvents(test, 3);
      const claimed = (await claimDueDeliveries(db, { limit: 50, leaseMs: LEASE_MS })).filter((c) => c.endpointId === hook.endpoint.id);
      expect(claimed).toHaveLength(3);
      const options = workerOptions();
      const transport = new Transport(options);
      const startedAt = clock.now();
      const attempted: Attempted[] = [];
      for (const delivery of claimed) attempted.push({ claimed: delivery, outcome: await sendClaimed(delivery, transport, options), startedAt });
      await transport.close();
      const [kept, stolen, deleted] = claimed;
      if (!kept || !stolen || !deleted) throw new Error("not claimed");

      // Meanwhile another worker re-claimed one (our lease ran out), and one delivery was deleted.
      await db.update(webhookDeliveries).set({ lockedUntil: new Date(stolen.leaseUntil.getTime() + LEASE_MS) }).where(eq(webhookDeliveries.id, stolen.id));
      await db.delete(webhookDeliveries).where(eq(webhookDeliveries.id, deleted.id));

      const results = await recordOutcomes(db, attempted);
      expect(results.map((r) => (r.status === "fulfilled" ? r.value : "rejected"))).toEqual(["succeeded", "lease-lost", "gone"]);
      expect(await deliveryOf(hook.endpoint.id, kept.eventId)).toMatchObject({ status: "succeeded", attempts: 1, lockedUntil: null });
      expect(await deliveryOf(hook.endpoint.id, stolen.eventId)).toMatchObject({ status: "pending", attempts: 0 });
      expect(await attemptsOf(kept.id)).toHaveLength(1);
      expect(await attemptsOf(stolen.id)).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it("a worker that stops after sending a batch and before recording it sends the batch again once the lease runs out", async () => {
    const receiver = await Receiver.start();
    try {
      const { test } = await webhookGame();
      const hook = await endpoint(test, receiver.url("/crash-batch"));
      const db = await getDb();
      freezeNow();
      const ids = await recordEvents(test, 5);
      const options = workerOptions();
      const claimed = (await claimDueDeliveries(db, { limit: 50, leaseMs: LEASE_MS })).filter((c) => c.endpointId === hook.endpoint.id);
      const transport = new Transport(options);
      await Promise.all(claimed.map((delivery) => sendClaimed(delivery, transport, options)));
      await transport.close();
      // The process "dies" here: nothing recorded.

      clock.advance(LEASE_MS - 1);
      await runWorker();
      expect(receiver.on("/crash-batch")).toHaveLength(5);
      clock.advance(1);
      await runWorker();
      const counts = countByEvent(receiver, "/crash-batch");
      expect([...counts.keys()].sort()).toEqual([...ids].sort());
      expect([...counts.values()]).toEqual([2, 2, 2, 2, 2]);
      expect((await deliveriesOf(hook.endpoint.id)).map((row) => [row.status, row.attempts])).toEqual(ids.map(() => ["succeeded", 1]));
    } finally {
      await receiver.close();
    }
  });
});

describe("scheduler loop", () => {
  it("runs a job again at once while it reports work left, then waits its period", async () => {
    const started: number[] = [];
    let left = 3;
    const loops = startLoops([
      {
        name: "drain",
        everyMs: 1_000,
        run: async () => {
          started.push(Date.now());
          left -= 1;
          return left;
        },
        again: (result) => typeof result === "number" && result >= 0,
      },
    ]);
    // The first run comes after everyMs; the three after it follow at once (results 2, 1, 0), and after
    // -1 the next would wait another everyMs.
    const deadline = Date.now() + 5_000;
    while (started.length < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await loops.stop();
    expect(started).toHaveLength(4);
    const first = started[0] ?? 0;
    expect(started.every((at) => at - first < 500)).toBe(true);
  });
});
