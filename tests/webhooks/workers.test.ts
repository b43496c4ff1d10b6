import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/cron/[job]/route";
import { getDb } from "@/server/db/connection";
import { emailCodes, idempotencyRecords, playerTokens, webhookDeliveries } from "@/db/schema";
import { startLoops, startScheduler } from "@/server/jobs/scheduler";
import { clock } from "@/server/lib/clock";
import { resetConfigForTests } from "@/server/lib/config";
import { newId } from "@/server/lib/ids";
import { sha256Hex } from "@/server/lib/secrets";
import { claimDueDeliveries } from "@/server/webhooks/claim-deliveries";
import { LEASE_MS, sendClaimed, workerOptions } from "@/server/webhooks/deliver";
import { recordEvent } from "@/server/webhooks/record-event";
import { recordOutcome } from "@/server/webhooks/record-outcome";
import { sendTestEvent } from "@/server/webhooks/send-test-event";
import { Transport } from "@/server/webhooks/transport";
import { ensurePlayer } from "../domain-helpers";
import { extRef, useDatabase } from "../harness";
import { newOrder } from "../order-helpers";
import { attemptsOf, deliveryOf, endpoint, freezeNow, isolateWebhookTests, runWorker, webhookGame } from "./helpers";
import { Receiver } from "./receiver";

useDatabase();
isolateWebhookTests();

describe("two workers", () => {
  it("send each of 100 due deliveries exactly once when started together", async () => {
    const receiver = await Receiver.start(() => ({ status: 200, delayMs: 5 }));
    try {
      const { test } = await webhookGame();
      const db = await getDb();
      const a = await endpoint(test, receiver.url("/a"));
      const b = await endpoint(test, receiver.url("/b"));
      const eventIds = Array.from({ length: 50 }, () => `evt_${newId()}_ful`);
      await db.transaction(async (tx) => {
        for (const [n, id] of eventIds.entries()) await recordEvent(tx, test, { id, type: "order.fulfilled", data: { n } });
      });

      const [first, second] = await Promise.all([runWorker({ batchSize: 10 }), runWorker({ batchSize: 10 })]);
      expect((first?.claimed ?? 0) + (second?.claimed ?? 0)).toBe(100);
      // With Postgres the two really ran side by side and shared the work (PGlite serializes them).
      if (process.env.DATABASE_URL) expect([first?.claimed, second?.claimed].every((n) => (n ?? 0) > 0)).toBe(true);
      const counts = new Map<string, number>();
      for (const r of receiver.requests) {
        const key = `${r.path} ${String(r.headers["service-event-id"])}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      expect(counts.size).toBe(100);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      const rows = await db
        .select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.endpointId, [a.endpoint.id, b.endpoint.id]));
      expect(rows).toHaveLength(100);
      expect(rows.every((r) => r.status === "succeeded" && r.attempts === 1)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it("a crash between sending and recording leads to a second send with the same id once the lease runs out", async () => {
    const receiver = await Receiver.start();
    try {
      const { test } = await webhookGame();
      const db = await getDb();
      const hook = await endpoint(test, receiver.url("/crash"));
      freezeNow();
      const { eventId, deliveryId } = await sendTestEvent(db, test, hook.endpoint.id);

      // Worker 1 claims and sends, then "crashes": the outcome is never recorded.
      const options = workerOptions();
      const claimed = (await claimDueDeliveries(db, { limit: 10, leaseMs: LEASE_MS })).filter((c) => c.id === deliveryId);
      expect(claimed).toHaveLength(1);
      const transport = new Transport(options);
      const lost = claimed[0];
      if (!lost) throw new Error("not claimed");
      const startedAt = clock.now();
      const outcome = await sendClaimed(lost, transport, options);
      await transport.close();
      expect(outcome.ok).toBe(true);
      expect(receiver.on("/crash")).toHaveLength(1);

      // While the lease holds, nobody sends it again.
      clock.advance(LEASE_MS - 1);
      await runWorker();
      expect(receiver.on("/crash")).toHaveLength(1);
      // Once it has run out, another worker sends it again: at least once, never zero.
      clock.advance(1);
      await runWorker();
      const requests = receiver.on("/crash");
      expect(requests).toHaveLength(2);
      expect(requests.map((r) => r.headers["service-event-id"])).toEqual([eventId, eventId]);
      expect(requests[0]?.body).toBe(requests[1]?.body);
      expect(await deliveryOf(hook.endpoint.id, eventId)).toMatchObject({ status: "succeeded", attempts: 1, lockedUntil: null });

      // If the first worker wakes up and records late, its lost lease keeps it from moving the delivery.
      expect(await recordOutcome(db, { claimed: lost, outcome: { ...outcome, ok: false, statusCode: 500, error: "HTTP 500" }, startedAt })).toBe("lease-lost");
      expect(await deliveryOf(hook.endpoint.id, eventId)).toMatchObject({ status: "succeeded", attempts: 1 });
      expect(await attemptsOf(deliveryId)).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });
});

function cronRequest(job: string, authorization?: string): Promise<Response> {
  const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
  return POST(new Request(`http://localhost:3000/api/cron/${job}`, { method: "POST", headers }), { params: Promise.resolve({ job }) });
}

async function withCronSecret<T>(secret: string | undefined, run: () => Promise<T>): Promise<T> {
  const before = process.env.CRON_SECRET;
  if (secret === undefined) delete process.env.CRON_SECRET;
  else process.env.CRON_SECRET = secret;
  resetConfigForTests();
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env.CRON_SECRET;
    else process.env.CRON_SECRET = before;
    resetConfigForTests();
  }
}

describe("POST /api/cron/<job>", () => {
  const secret = "cron-secret-for-tests-0123456789";

  it("answers 401 in the error envelope without the secret, with a wrong one, or when none is configured", async () => {
    await withCronSecret(secret, async () => {
      for (const auth of [undefined, "Bearer wrong", `Bearer ${secret}x`, secret, `Basic ${secret}`]) {
        const response = await cronRequest("webhooks", auth);
        expect(response.status, String(auth)).toBe(401);
        expect(await response.json()).toEqual({ error: { code: "UNAUTHENTICATED", message: expect.any(String) } });
      }
    });
    await withCronSecret(undefined, async () => {
      const response = await cronRequest("webhooks", "Bearer ");
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("UNAUTHENTICATED");
    });
  });

  it("answers 404 for an unknown job", async () => {
    await withCronSecret(secret, async () => {
      const response = await cronRequest("reindex", `Bearer ${secret}`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
    });
  });

  it("runs each job and answers 200 with counts", async () => {
    const receiver = await Receiver.start();
    try {
      const { game, test } = await webhookGame();
      const db = await getDb();
      const hook = await endpoint(test, receiver.url("/cron"));
      await sendTestEvent(db, test, hook.endpoint.id);
      await withCronSecret(secret, async () => {
        const webhooks = await cronRequest("webhooks", `Bearer ${secret}`);
        expect(webhooks.status).toBe(200);
        expect(webhooks.headers.get("cache-control")).toBe("no-store");
        expect(await webhooks.json()).toMatchObject({ job: "webhooks", counts: { claimed: expect.any(Number), succeeded: expect.any(Number), retrying: expect.any(Number), abandoned: expect.any(Number) } });
        expect(receiver.on("/cron")).toHaveLength(1);

        const order = await newOrder(game.secretKey, "p500");
        freezeNow();
        clock.advance(24 * 3_600_000);
        const expire = await cronRequest("expire-orders", `Bearer ${secret}`);
        expect(expire.status).toBe(200);
        const expired = (await expire.json()) as { job: string; counts: { expired: number } };
        expect(expired.job).toBe("expire-orders");
        expect(expired.counts.expired).toBeGreaterThanOrEqual(1);
        const { orderRow } = await import("../order-helpers");
        expect((await orderRow(order.id)).status).toBe("expired");
        clock.reset();

        const playerId = await ensurePlayer(game, extRef());
        const now = clock.now();
        // Past its 30 days and its week's (records go with their week partition, up to a week later).
        const longAgo = new Date(now.getTime() - 38 * 24 * 3_600_000);
        const twoDaysAgo = new Date(now.getTime() - 2 * 24 * 3_600_000);
        const oldKey = `old-${newId()}`;
        const freshKey = `fresh-${newId()}`;
        for (const [key, createdAt] of [[oldKey, longAgo], [freshKey, now]] as const) {
          await db.insert(idempotencyRecords).values({ gameId: test.gameId, env: "test", principal: "server", key, fingerprint: "f", operation: "op", responseStatus: 200, responseBody: {}, createdAt });
        }
        const expiredToken = sha256Hex(newId());
        const liveToken = sha256Hex(newId());
        await db.insert(playerTokens).values([
          { tokenHash: expiredToken, playerId, gameId: test.gameId, env: "test", expiresAt: twoDaysAgo, createdAt: twoDaysAgo },
          { tokenHash: liveToken, playerId, gameId: test.gameId, env: "test", expiresAt: new Date(now.getTime() + 3_600_000), createdAt: now },
        ]);
        const usedCode = newId();
        const freshCode = newId();
        await db.insert(emailCodes).values([
          { id: usedCode, gameId: test.gameId, env: "test", email: "a@example.com", purpose: "link", codeHash: "h", expiresAt: twoDaysAgo, usedAt: twoDaysAgo, createdAt: twoDaysAgo },
          { id: freshCode, gameId: test.gameId, env: "test", email: "a@example.com", purpose: "link", codeHash: "h", expiresAt: new Date(now.getTime() + 600_000), createdAt: now },
        ]);

        const cleanup = await cronRequest("cleanup", `Bearer ${secret}`);
        expect(cleanup.status).toBe(200);
        const cleaned = (await cleanup.json()) as { counts: Record<string, number> };
        // Deleted from the default partition, or gone with its week.
        expect((cleaned.counts.idempotencyRecords ?? 0) + (cleaned.counts.idempotencyWeeksDropped ?? 0)).toBeGreaterThanOrEqual(1);
        expect(cleaned.counts.playerTokens).toBeGreaterThanOrEqual(1);
        expect(cleaned.counts.emailCodes).toBeGreaterThanOrEqual(1);
        const keys = await db.select({ key: idempotencyRecords.key }).from(idempotencyRecords).where(and(eq(idempotencyRecords.gameId, test.gameId), inArray(idempotencyRecords.key, [oldKey, freshKey])));
        expect(keys.map((k) => k.key)).toEqual([freshKey]);
        const tokens = await db.select({ t: playerTokens.tokenHash }).from(playerTokens).where(inArray(playerTokens.tokenHash, [expiredToken, liveToken]));
        expect(tokens.map((t) => t.t)).toEqual([liveToken]);
        const codes = await db.select({ id: emailCodes.id }).from(emailCodes).where(inArray(emailCodes.id, [usedCode, freshCode]));
        expect(codes.map((c) => c.id)).toEqual([freshCode]);

        const all = await cronRequest("all", `Bearer ${secret}`);
        expect(all.status).toBe(200);
        expect(await all.json()).toMatchObject({
          job: "all",
          counts: { webhooks: { claimed: expect.any(Number) }, "expire-orders": { expired: expect.any(Number) }, cleanup: { idempotencyRecords: expect.any(Number) } },
        });
      });
    } finally {
      await receiver.close();
    }
  });
});

describe("in-process scheduler", () => {
  it("is off when SCHEDULER=off (as in tests)", () => {
    expect(startScheduler()).toBeNull();
  });

  it("runs each job in its own loop, never overlapping itself, and survives a failing job", async () => {
    let running = 0;
    let maxRunning = 0;
    let slowRuns = 0;
    let failingRuns = 0;
    const log = { error: vi.fn() };
    const loops = startLoops(
      [
        {
          name: "slow",
          everyMs: 5,
          run: async () => {
            running += 1;
            maxRunning = Math.max(maxRunning, running);
            await new Promise((resolve) => setTimeout(resolve, 30));
            running -= 1;
            slowRuns += 1;
          },
        },
        {
          name: "failing",
          everyMs: 5,
          run: async () => {
            failingRuns += 1;
            throw new Error("boom");
          },
        },
      ],
      log,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await loops.stop();
    const after = { slowRuns, failingRuns };
    expect(maxRunning).toBe(1);
    expect(slowRuns).toBeGreaterThanOrEqual(2);
    expect(failingRuns).toBeGreaterThanOrEqual(3);
    expect(log.error).toHaveBeenCalledWith("[scheduler] job failing failed", expect.any(Error));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect({ slowRuns, failingRuns }).toEqual(after);
  });
});
