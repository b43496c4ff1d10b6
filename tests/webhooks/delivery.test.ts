import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { clock } from "@/server/lib/clock";
import { newId } from "@/server/lib/ids";
import { USER_AGENT } from "@/server/webhooks/deliver";
import { recordEvent } from "@/server/webhooks/record-event";
import { resendDelivery } from "@/server/webhooks/resend-delivery";
import { rotateSecret } from "@/server/webhooks/rotate-secret";
import { sendTestEvent } from "@/server/webhooks/send-test-event";
import { updateEndpoint } from "@/server/webhooks/update-endpoint";
import { useDatabase } from "../harness";
import { getOrder, helper, newOrder, refund } from "../order-helpers";
import { attemptsOf, deliveriesOf, deliveryOf, endpoint, endpointRow, freezeNow, isolateWebhookTests, runWorker, webhookGame } from "./helpers";
import { Receiver, type ReceivedRequest } from "./receiver";

useDatabase();
isolateWebhookTests();

const stripe = new Stripe("sk_test_x");
const MIN = 60_000;
const HOUR = 60 * MIN;

function header(request: ReceivedRequest | undefined, name: string): string {
  const value = request?.headers[name];
  if (typeof value !== "string") throw new Error(`no ${name} header`);
  return value;
}

/** What a receiver following docs/webhooks.md does: verify the raw body, then parse it. */
function verified(request: ReceivedRequest | undefined, secret: string): Stripe.Event {
  return stripe.webhooks.constructEvent(request?.body ?? "", header(request, "service-signature"), secret);
}

async function withReceiver(run: (receiver: Receiver) => Promise<void>): Promise<void> {
  const receiver = await Receiver.start();
  try {
    await run(receiver);
  } finally {
    await receiver.close();
  }
}

describe("webhook delivery to a real HTTP receiver", () => {
  it("delivers every event type, signed, with SPEC's headers and envelope", () =>
    withReceiver(async (receiver) => {
      const { game, test } = await webhookGame();
      const db = await getDb();
      const hook = await endpoint(test, receiver.url("/all"));
      const refunded = await newOrder(game.secretKey, "p500");
      expect((await helper(game.secretKey, refunded.id, "pay")).status).toBe(200);
      expect((await refund(game.secretKey, refunded.id)).status).toBe(200);
      const disputed = await newOrder(game.secretKey, "duo");
      expect((await helper(game.secretKey, disputed.id, "pay")).status).toBe(200);
      expect((await helper(game.secretKey, disputed.id, "chargeback")).status).toBe(200);
      const { eventId: testId } = await sendTestEvent(db, test, hook.endpoint.id);

      const counts = await runWorker();
      expect(counts.succeeded).toBeGreaterThanOrEqual(7);
      const byId = new Map(receiver.on("/all").map((r) => [header(r, "service-event-id"), r]));
      expect([...byId.keys()].sort()).toEqual(
        [
          `evt_${refunded.id}_ful`,
          `evt_${refunded.id}_cre`,
          `evt_${refunded.id}_ref`,
          `evt_${disputed.id}_ful`,
          `evt_${disputed.id}_cre`,
          `evt_${disputed.id}_chb`,
          testId,
        ].sort(),
      );
      for (const [id, request] of byId) {
        expect(request.method).toBe("POST");
        expect(request.headers["content-type"]).toBe("application/json; charset=utf-8");
        expect(request.headers["user-agent"]).toBe(USER_AGENT);
        expect(header(request, "service-signature")).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);
        const event = verified(request, hook.signingSecret);
        expect(event.id).toBe(id);
        expect(header(request, "service-event-type")).toBe(event.type);
        expect(Object.keys(JSON.parse(request.body) as object)).toEqual(["id", "type", "createdAt", "env", "data"]);
        expect(JSON.parse(request.body)).toMatchObject({ env: "test", createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
      }
      const types = Object.fromEntries([...byId].map(([id, r]) => [id, header(r, "service-event-type")]));
      expect(types[`evt_${refunded.id}_ful`]).toBe("order.fulfilled");
      expect(types[`evt_${refunded.id}_cre`]).toBe("wallet.credited");
      expect(types[`evt_${refunded.id}_ref`]).toBe("order.refunded");
      expect(types[`evt_${disputed.id}_chb`]).toBe("order.chargeback");
      expect(types[testId]).toBe("webhook.test");

      const body = (id: string) => JSON.parse(byId.get(id)?.body ?? "null") as { data: Record<string, unknown> };
      expect(body(`evt_${refunded.id}_ref`).data).toEqual((await getOrder(game.secretKey, refunded.id)).body);
      expect(body(`evt_${disputed.id}_chb`).data).toEqual((await getOrder(game.secretKey, disputed.id)).body);
      expect(body(`evt_${refunded.id}_ful`).data).toMatchObject({ id: refunded.id, status: "fulfilled" });
      expect(body(`evt_${refunded.id}_cre`).data).toEqual({
        playerId: refunded.playerId,
        orderId: refunded.id,
        credits: [{ currency: "coins", paid: 500, bonus: 50 }],
      });

      // Stripe's verifier refuses a changed body and another secret.
      const request = byId.get(testId);
      expect(() => stripe.webhooks.constructEvent(`${request?.body} `, header(request, "service-signature"), hook.signingSecret)).toThrow();
      expect(() => verified(request, `${hook.signingSecret}x`)).toThrow();
    }));

  it("signs with the time of the service clock: a request stamped 10 minutes ago is refused by the verifier", () =>
    withReceiver(async (receiver) => {
      const { test } = await webhookGame();
      const hook = await endpoint(test, receiver.url("/old"));
      clock.freeze(new Date(Date.now() - 10 * MIN));
      await sendTestEvent(await getDb(), test, hook.endpoint.id);
      await runWorker();
      expect(() => verified(receiver.on("/old")[0], hook.signingSecret)).toThrow(/tolerance/);
    }));

  it("signs with the new secret at once after a rotation", () =>
    withReceiver(async (receiver) => {
      const { test } = await webhookGame();
      const db = await getDb();
      const hook = await endpoint(test, receiver.url("/rot"));
      await sendTestEvent(db, test, hook.endpoint.id);
      const { signingSecret } = await rotateSecret(db, test, hook.endpoint.id);
      await runWorker();
      const request = receiver.on("/rot")[0];
      expect(verified(request, signingSecret).type).toBe("webhook.test");
      expect(() => verified(request, hook.signingSecret)).toThrow();
    }));

  it("retries after exactly 1 minute, then 5 minutes, sending the same bytes each time", () =>
    withReceiver(async (receiver) => {
      receiver.respond((_, n) => (n <= 2 ? { status: 500, body: "down" } : { status: 204 }));
      const { test } = await webhookGame();
      const db = await getDb();
      const hook = await endpoint(test, receiver.url("/retry"));
      const t0 = freezeNow();
      const { eventId, deliveryId } = await sendTestEvent(db, test, hook.endpoint.id);
      const sent = () => receiver.on("/retry").length;

      await runWorker();
      expect(sent()).toBe(1);
      expect(await deliveryOf(hook.endpoint.id, eventId)).toMatchObject({ status: "pending", attempts: 1, nextAttemptAt: new Date(t0.getTime() + MIN), lastStatusCode: 500, lastError: "HTTP 500", responseExcerpt: "down" });
      clock.advance(MIN - 1);
      await runWorker();
      expect(sent()).toBe(1);
      clock.advance(1);
      await runWorker();
      expect(sent()).toBe(2);
      expect((await deliveryOf(hook.endpoint.id, eventId)).nextAttemptAt).toEqual(new Date(t0.getTime() + 6 * MIN));
      clock.advance(5 * MIN - 1);
      await runWorker();
      expect(sent()).toBe(2);
      clock.advance(1);
      await runWorker();
      expect(sent()).toBe(3);

      expect(await deliveryOf(hook.endpoint.id, eventId)).toMatchObject({ status: "succeeded", attempts: 3, nextAttemptAt: null, lastStatusCode: 204, lastError: null, succeededAt: new Date(t0.getTime() + 6 * MIN) });
      const attempts = await attemptsOf(deliveryId);
      expect(attempts.map((a) => [a.attempt, a.statusCode, a.startedAt.getTime() - t0.getTime()])).toEqual([
        [1, 500, 0],
        [2, 500, MIN],
        [3, 204, 6 * MIN],
      ]);
      const requests = receiver.on("/retry");
      expect(new Set(requests.map((r) => r.body)).size).toBe(1);
      expect(requests.map((r) => header(r, "service-signature").split(",")[0])).toEqual([0, 60, 360].map((s) => `t=${t0.getTime() / 1000 + s}`));
      for (const r of requests) expect(verified(r, hook.signingSecret).id).toBe(eventId);
      expect((await endpointRow(hook.endpoint.id)).consecutiveFailures).toBe(0);
    }));

  it("counts a 3xx as a failure and does not follow it; keeps at most 1 KB of an answer", () =>
    withReceiver(async (receiver) => {
      receiver.respond((r) => (r.path === "/moved" ? { status: 302, headers: { location: "/target" }, body: "x".repeat(5000) } : { status: 200 }));
      const { test } = await webhookGame();
      const hook = await endpoint(test, receiver.url("/moved"));
      const { eventId, deliveryId } = await sendTestEvent(await getDb(), test, hook.endpoint.id);
      await runWorker();
      expect(receiver.on("/moved")).toHaveLength(1);
      expect(receiver.on("/target")).toHaveLength(0);
      expect(await deliveryOf(hook.endpoint.id, eventId)).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 302, lastError: "redirect not followed (302)" });
      const [attempt] = await attemptsOf(deliveryId);
      expect(attempt?.responseExcerpt).toBe("x".repeat(1024));
      expect((await endpointRow(hook.endpoint.id)).consecutiveFailures).toBe(1);
    }));

  it("fails a receiver slower than the deadline, and one that refuses connections", () =>
    withReceiver(async (receiver) => {
      receiver.respond(() => ({ status: 200, delayMs: 3_000 }));
      const { test } = await webhookGame();
      const db = await getDb();
      const slow = await endpoint(test, receiver.url("/slow"));
      const closed = await Receiver.start();
      const refusedUrl = closed.url("/closed");
      await closed.close();
      const gone = await endpoint(test, refusedUrl);
      const { eventId: slowId, deliveryId } = await sendTestEvent(db, test, slow.endpoint.id);
      const { eventId: goneId } = await sendTestEvent(db, test, gone.endpoint.id);
      const started = Date.now();
      await runWorker({ timeoutMs: 300 });
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(receiver.on("/slow")).toHaveLength(1);
      expect(await deliveryOf(slow.endpoint.id, slowId)).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null, lastError: "timeout after 300 ms" });
      const [attempt] = await attemptsOf(deliveryId);
      expect(attempt?.durationMs).toBeGreaterThanOrEqual(250);
      expect(attempt?.durationMs).toBeLessThan(2_500);
      expect(await deliveryOf(gone.endpoint.id, goneId)).toMatchObject({ status: "pending", attempts: 1, lastError: "connection failed: ECONNREFUSED" });
    }));

  it("abandons after the sixth retry, keeps the delivery, and resends it by hand with the same id", () =>
    withReceiver(async (receiver) => {
      receiver.respond(() => ({ status: 503 }));
      const { test } = await webhookGame();
      const db = await getDb();
      const hook = await endpoint(test, receiver.url("/never"));
      const t0 = freezeNow();
      const { eventId, deliveryId } = await sendTestEvent(db, test, hook.endpoint.id);
      const offsets = [0, MIN, 5 * MIN, 30 * MIN, 2 * HOUR, 6 * HOUR, 24 * HOUR];
      let at = t0.getTime();
      for (const offset of offsets) {
        at += offset;
        clock.freeze(new Date(at));
        await runWorker();
      }
      expect(receiver.on("/never")).toHaveLength(7);
      expect(await deliveryOf(hook.endpoint.id, eventId)).toMatchObject({ status: "abandoned", attempts: 7, nextAttemptAt: null });
      expect((await attemptsOf(deliveryId)).map((a) => a.startedAt.getTime() - t0.getTime())).toEqual([0, 1, 6, 36, 156, 516, 1956].map((m) => m * MIN));
      clock.advance(48 * HOUR);
      await runWorker();
      expect(receiver.on("/never")).toHaveLength(7);

      // By hand: the same event id, the same body; still failing, so abandoned again at once.
      const resent = await resendDelivery(db, test, deliveryId);
      expect(resent).toMatchObject({ status: "pending", eventId, attempts: 7 });
      await runWorker();
      expect(receiver.on("/never")).toHaveLength(8);
      expect(await deliveryOf(hook.endpoint.id, eventId)).toMatchObject({ status: "abandoned", attempts: 8 });
      receiver.respond(() => ({ status: 200 }));
      await resendDelivery(db, test, deliveryId);
      await runWorker();
      const requests = receiver.on("/never");
      expect(requests).toHaveLength(9);
      expect(new Set(requests.map((r) => header(r, "service-event-id")))).toEqual(new Set([eventId]));
      expect(new Set(requests.map((r) => r.body)).size).toBe(1);
      expect(await deliveryOf(hook.endpoint.id, eventId)).toMatchObject({ status: "succeeded", attempts: 9 });
    }));

  it("sends nothing to inactive endpoints, unsubscribed endpoints, or endpoints of the other environment", () =>
    withReceiver(async (receiver) => {
      const { game, test, live } = await webhookGame();
      const db = await getDb();
      const on = await endpoint(test, receiver.url("/on"));
      const off = await endpoint(test, receiver.url("/off"), undefined, false);
      const refundsOnly = await endpoint(test, receiver.url("/refunds"), ["order.refunded"]);
      const liveHook = await endpoint(live, "https://hooks.example.com/live");

      const order = await newOrder(game.secretKey, "p500");
      await helper(game.secretKey, order.id, "pay");
      const liveEvent = `evt_${newId()}_ful`;
      await recordEvent(db, live, { id: liveEvent, type: "order.fulfilled", data: {} });
      expect((await deliveriesOf(on.endpoint.id)).map((d) => d.eventId).sort()).toEqual([`evt_${order.id}_cre`, `evt_${order.id}_ful`]);
      expect(await deliveriesOf(off.endpoint.id)).toEqual([]);
      expect(await deliveriesOf(refundsOnly.endpoint.id)).toEqual([]);
      expect((await deliveriesOf(liveHook.endpoint.id)).map((d) => [d.eventId, d.env])).toEqual([[liveEvent, "live"]]);
      // The live endpoint is not reachable from here; switch it off before the worker runs.
      await updateEndpoint(db, live, { endpointId: liveHook.endpoint.id, input: { active: false } });

      await runWorker();
      expect(receiver.on("/on")).toHaveLength(2);
      expect(receiver.on("/off")).toHaveLength(0);
      expect(receiver.on("/refunds")).toHaveLength(0);

      // Events recorded while an endpoint is off are not for it; deliveries it already had wait until it is on again.
      const { eventId: waiting } = await sendTestEvent(db, test, on.endpoint.id);
      await updateEndpoint(db, test, { endpointId: on.endpoint.id, input: { active: false } });
      await refund(game.secretKey, order.id);
      await runWorker();
      expect(receiver.on("/on")).toHaveLength(2);
      expect(receiver.on("/refunds")).toHaveLength(1);
      await updateEndpoint(db, test, { endpointId: on.endpoint.id, input: { active: true } });
      await runWorker();
      expect(receiver.on("/on").map((r) => header(r, "service-event-id"))).toEqual([expect.any(String), expect.any(String), waiting]);
    }));
});

describe("disabling a failing endpoint", () => {
  it("disables an endpoint after 50 consecutive failures; any success resets the count", () =>
    withReceiver(async (receiver) => {
      let failing = true;
      receiver.respond(() => ({ status: failing ? 500 : 200 }));
      const { test } = await webhookGame();
      const db = await getDb();
      const hook = await endpoint(test, receiver.url("/flaky"));
      freezeNow();
      const send = async (n: number) => {
        for (let i = 0; i < n; i += 1) await sendTestEvent(db, test, hook.endpoint.id);
      };

      await send(49);
      await runWorker({ batchSize: 100 });
      expect(await endpointRow(hook.endpoint.id)).toMatchObject({ active: true, consecutiveFailures: 49 });
      failing = false;
      await send(1);
      await runWorker();
      expect(await endpointRow(hook.endpoint.id)).toMatchObject({ active: true, consecutiveFailures: 0 });

      failing = true;
      await send(50);
      await runWorker({ batchSize: 100 });
      expect(await endpointRow(hook.endpoint.id)).toMatchObject({ active: false, consecutiveFailures: 50 });
      const sent = receiver.on("/flaky").length;
      expect(sent).toBe(100);
      // Disabled: its retries fall due but nothing is sent, and no new test event is accepted.
      clock.advance(MIN);
      await runWorker();
      expect(receiver.on("/flaky")).toHaveLength(sent);
      await expect(sendTestEvent(db, test, hook.endpoint.id)).rejects.toMatchObject({ code: "CONFLICT" });
    }));
});
