import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { AppError } from "@/server/lib/errors";
import { createEndpoint, MAX_ENDPOINTS_PER_GAME } from "@/server/webhooks/create-endpoint";
import { deleteEndpoint } from "@/server/webhooks/delete-endpoint";
import { getDelivery } from "@/server/webhooks/get-delivery";
import { listDeliveries } from "@/server/webhooks/list-deliveries";
import { listEndpoints } from "@/server/webhooks/list-endpoints";
import { rotateSecret } from "@/server/webhooks/rotate-secret";
import { sendTestEvent } from "@/server/webhooks/send-test-event";
import { openSigningSecret } from "@/server/webhooks/signing-secret-store";
import { updateEndpoint } from "@/server/webhooks/update-endpoint";
import { useDatabase } from "../harness";
import { attemptsOf, deliveriesOf, endpoint, endpointRow, isolateWebhookTests, publicResolve, runWorker, webhookGame } from "./helpers";
import { Receiver } from "./receiver";

useDatabase();
isolateWebhookTests();

/** The AppError a promise rejects with (fails the test when it resolves or throws something else). */
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe("webhook endpoints", () => {
  it("creates an endpoint and shows its whsec_svc_ secret once", async () => {
    const { live } = await webhookGame();
    const created = await endpoint(live, "https://hooks.example.com/in", ["order.fulfilled", "order.fulfilled", "order.refunded"]);
    expect(created.signingSecret).toMatch(/^whsec_svc_[A-Za-z0-9_-]{40,}$/);
    expect(created.endpoint).toMatchObject({ env: "live", url: "https://hooks.example.com/in", events: ["order.fulfilled", "order.refunded"], active: true, consecutiveFailures: 0 });
    const listed = await listEndpoints(await getDb(), live);
    expect(listed).toEqual([created.endpoint]);
    expect(JSON.stringify(listed)).not.toContain(created.signingSecret);
    expect(created.endpoint.secretHint).toBe(`whsec_svc_…${created.signingSecret.slice(-4)}`);
  });

  it("refuses bad input with fieldErrors", async () => {
    const { live, test } = await webhookGame();
    const db = await getDb();
    const http = await refusal(createEndpoint(db, live, { input: { url: "http://hooks.example.com/in", events: ["order.fulfilled"] }, resolve: publicResolve }));
    expect(http).toMatchObject({ code: "VALIDATION_FAILED", details: { fieldErrors: { url: ["Must use https"] } } });
    const noEvents = await refusal(createEndpoint(db, test, { input: { url: "https://hooks.example.com/in", events: [] }, resolve: publicResolve }));
    expect(noEvents.details).toEqual({ fieldErrors: { events: ["Select at least one event type"] } });
    const badEvent = await refusal(createEndpoint(db, test, { input: { url: "https://hooks.example.com/in", events: ["order.paid" as "order.fulfilled"] }, resolve: publicResolve }));
    expect(Object.keys((badEvent.details as { fieldErrors: object }).fieldErrors)).toEqual(["events.0"]);
    const extra = await refusal(createEndpoint(db, test, { input: { url: "https://hooks.example.com/in", events: ["order.fulfilled"], secret: "x" } as never }));
    expect(extra.details).toEqual({ fieldErrors: { secret: ["Unknown field"] } });
    const unresolvable = await refusal(createEndpoint(db, live, { input: { url: "https://nowhere.example.com/", events: ["order.fulfilled"] }, resolve: async () => { throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }); } }));
    expect(unresolvable.details).toEqual({ fieldErrors: { url: ["The host name could not be resolved"] } });
    expect(await listEndpoints(db, live)).toEqual([]);
    expect(await listEndpoints(db, test)).toEqual([]);
  });

  it("allows at most 5 endpoints per game, test and live together; deleting one frees a place", async () => {
    const { test, live } = await webhookGame();
    for (let i = 0; i < 3; i += 1) await endpoint(test, `https://hooks.example.com/t${i}`);
    const last = await endpoint(live, "https://hooks.example.com/l0");
    await endpoint(live, "https://hooks.example.com/l1");
    const sixth = await refusal(endpoint(live, "https://hooks.example.com/l2"));
    expect(sixth).toMatchObject({ code: "LIMIT_REACHED", details: { limit: MAX_ENDPOINTS_PER_GAME, current: 5 } });
    await deleteEndpoint(await getDb(), live, last.endpoint.id);
    await expect(endpoint(live, "https://hooks.example.com/l2")).resolves.toBeTruthy();
  });

  it("never lets concurrent creations pass the limit", async () => {
    const { test } = await webhookGame();
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => endpoint(test, `https://hooks.example.com/c${i}`)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "LIMIT_REACHED" });
    expect(await listEndpoints(await getDb(), test)).toHaveLength(5);
  });

  it("refuses a URL already used in the same environment, not in the other", async () => {
    const { test, live } = await webhookGame();
    await endpoint(test, "https://hooks.example.com/same");
    const twice = await refusal(endpoint(test, "https://hooks.example.com/same"));
    expect(twice.details).toEqual({ fieldErrors: { url: ["An endpoint with this URL already exists"] } });
    await expect(endpoint(live, "https://hooks.example.com/same")).resolves.toBeTruthy();
  });

  it("updates url, events and active; an endpoint of another game or environment is NOT_FOUND", async () => {
    const { test, live } = await webhookGame();
    const other = await webhookGame();
    const db = await getDb();
    const { endpoint: created } = await endpoint(test, "https://hooks.example.com/a", ["order.fulfilled"]);
    const updated = await updateEndpoint(db, test, { endpointId: created.id, input: { url: "https://hooks.example.com/b", events: ["order.refunded"], active: false }, resolve: publicResolve });
    expect(updated).toMatchObject({ url: "https://hooks.example.com/b", events: ["order.refunded"], active: false });
    const badUrl = await refusal(updateEndpoint(db, test, { endpointId: created.id, input: { url: "https://10.0.0.1/x" } }));
    expect(badUrl.details).toEqual({ fieldErrors: { url: ["Address not allowed: 10.0.0.1 is in a non-public range (private)"] } });
    await expect(refusal(updateEndpoint(db, test, { endpointId: created.id, input: {} }))).resolves.toMatchObject({ code: "VALIDATION_FAILED" });
    for (const [scope, id] of [[live, created.id], [other.test, created.id], [test, "0123456789abcdef01234567"], [test, "nope"]] as const) {
      expect(await refusal(updateEndpoint(db, scope, { endpointId: id, input: { active: true } }))).toMatchObject({ code: "NOT_FOUND" });
      expect(await refusal(rotateSecret(db, scope, id))).toMatchObject({ code: "NOT_FOUND" });
      expect(await refusal(deleteEndpoint(db, scope, id))).toMatchObject({ code: "NOT_FOUND" });
      expect(await refusal(sendTestEvent(db, scope, id))).toMatchObject({ code: "NOT_FOUND" });
    }
  });

  it("re-enabling an endpoint clears its failure streak", async () => {
    const { test } = await webhookGame();
    const db = await getDb();
    const { endpoint: created } = await endpoint(test, "https://hooks.example.com/streak");
    const { webhookEndpoints } = await import("@/db/schema");
    const { eq } = await import("drizzle-orm");
    await db.update(webhookEndpoints).set({ active: false, consecutiveFailures: 50 }).where(eq(webhookEndpoints.id, created.id));
    expect(await updateEndpoint(db, test, { endpointId: created.id, input: { active: true } })).toMatchObject({ active: true, consecutiveFailures: 0 });
  });

  it("rotates the secret: a new one, shown once, replacing the old at once", async () => {
    const { test } = await webhookGame();
    const created = await endpoint(test, "https://hooks.example.com/rot");
    const rotated = await rotateSecret(await getDb(), test, created.endpoint.id);
    expect(rotated.signingSecret).toMatch(/^whsec_svc_/);
    expect(rotated.signingSecret).not.toBe(created.signingSecret);
    const stored = (await endpointRow(created.endpoint.id)).signingSecret;
    expect(stored).not.toContain(rotated.signingSecret);
    expect(openSigningSecret(created.endpoint.id, stored)).toBe(rotated.signingSecret);
  });

  it("sends a test event to one active endpoint only, refuses an inactive one, and lists deliveries page by page with attempts", async () => {
    const receiver = await Receiver.start();
    try {
      const { test } = await webhookGame();
      const db = await getDb();
      const one = await endpoint(test, receiver.url("/one"));
      const two = await endpoint(test, receiver.url("/two"));
      const off = await endpoint(test, receiver.url("/off"), undefined, false);
      expect(await refusal(sendTestEvent(db, test, off.endpoint.id))).toMatchObject({ code: "CONFLICT" });
      const sent = [await sendTestEvent(db, test, one.endpoint.id), await sendTestEvent(db, test, one.endpoint.id), await sendTestEvent(db, test, one.endpoint.id)];
      expect(new Set(sent.map((s) => s.eventId)).size).toBe(3);
      for (const s of sent) expect(s.eventId).toMatch(/^evt_test_[0-9a-f]{24}$/);
      expect(await deliveriesOf(two.endpoint.id)).toEqual([]);
      await runWorker();
      // Each once; in any order (SPEC: order is not guaranteed, and a batch's sends run in parallel).
      expect(receiver.on("/one").map((r) => r.headers["service-event-id"]).sort()).toEqual(sent.map((s) => s.eventId).sort());
      expect(receiver.on("/two")).toEqual([]);

      const first = await listDeliveries(db, test, { limit: 2 });
      expect(first.deliveries.map((d) => d.eventId)).toEqual([sent[2]?.eventId, sent[1]?.eventId]);
      expect(first.nextCursor).not.toBeNull();
      const second = await listDeliveries(db, test, { limit: 2, cursor: first.nextCursor ?? undefined });
      expect(second.deliveries.map((d) => d.eventId)).toEqual([sent[0]?.eventId]);
      expect(second.nextCursor).toBeNull();
      expect(second.deliveries[0]).toMatchObject({ eventType: "webhook.test", status: "succeeded", attempts: 1, attemptLog: [{ attempt: 1, statusCode: 200, error: null, responseExcerpt: "ok" }] });
      expect((await listDeliveries(db, test, { endpointId: two.endpoint.id })).deliveries).toEqual([]);
      expect((await listDeliveries(db, test, { status: "pending" })).deliveries).toEqual([]);
      await expect(refusal(listDeliveries(db, test, { limit: 0 }))).resolves.toMatchObject({ code: "VALIDATION_FAILED" });

      const detail = await getDelivery(db, test, sent[0]?.deliveryId ?? "");
      expect(detail.body).toBe(receiver.on("/one").find((r) => r.headers["service-event-id"] === sent[0]?.eventId)?.body);
      expect(JSON.parse(detail.body)).toMatchObject({ id: sent[0]?.eventId, type: "webhook.test", env: "test", data: { endpointId: one.endpoint.id } });
      expect(await refusal(getDelivery(db, { ...test, env: "live" }, sent[0]?.deliveryId ?? ""))).toMatchObject({ code: "NOT_FOUND" });
    } finally {
      await receiver.close();
    }
  });

  it("deletes an endpoint with its delivery log", async () => {
    const receiver = await Receiver.start();
    try {
      const { test } = await webhookGame();
      const db = await getDb();
      const created = await endpoint(test, receiver.url("/gone"));
      const { deliveryId } = await sendTestEvent(db, test, created.endpoint.id);
      await runWorker();
      expect(await attemptsOf(deliveryId)).toHaveLength(1);
      await deleteEndpoint(db, test, created.endpoint.id);
      expect(await listEndpoints(db, test)).toEqual([]);
      expect(await deliveriesOf(created.endpoint.id)).toEqual([]);
      expect(await attemptsOf(deliveryId)).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
