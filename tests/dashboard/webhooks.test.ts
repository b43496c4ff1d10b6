import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { auditLog, staffRoles, webhookEndpoints, type StaffRole } from "@/db/schema";
import { deliverDue } from "@/server/webhooks/deliver";
import { useDatabase } from "../harness";
import { Receiver } from "../webhooks/receiver";
import { callerFor, expectCode, fieldErrorsOf, lastAudit, rolesSplitAt, studioFixture, type StudioFixture } from "./studio-staff";

useDatabase();

let studio: StudioFixture;
let other: StudioFixture;
let receiver: Receiver;

beforeAll(async () => {
  studio = await studioFixture();
  other = await studioFixture();
  receiver = await Receiver.start();
});

afterAll(async () => {
  // Nothing this file leaves pending may be claimed later by another file's worker (shared Postgres).
  const db = await getDb();
  for (const s of [studio, other]) await db.update(webhookEndpoints).set({ active: false }).where(eq(webhookEndpoints.gameId, s.gameId));
  await receiver.close();
});

const test = () => ({ gameId: studio.gameId, env: "test" as const });
const runWorker = async () => deliverDue(await getDb());

/** Checks a Service-Signature header the way a receiver would. */
function signedWith(secret: string, header: string | string[] | undefined, body: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(header));
  if (!match) return false;
  return createHmac("sha256", secret).update(`${match[1]}.${body}`).digest("hex") === match[2];
}

async function auditTextOf(studioId: string): Promise<string> {
  const db = await getDb();
  return JSON.stringify(await db.select().from(auditLog).where(eq(auditLog.studioId, studioId)));
}

describe("webhooks: roles", () => {
  const { allowed, refused } = rolesSplitAt("developer");

  it.each(allowed)("%s may create, change, enable, rotate, test, resend and delete an endpoint", async (role) => {
    const caller = await callerFor(studio.staff[role]);
    const created = await caller.webhooks.create({ ...test(), url: receiver.url(`/${role}`), events: ["order.fulfilled"] });
    const id = created.endpoint.id;
    await caller.webhooks.update({ ...test(), endpointId: id, events: ["order.fulfilled", "order.refunded"] });
    await caller.webhooks.setActive({ ...test(), endpointId: id, active: false });
    await caller.webhooks.setActive({ ...test(), endpointId: id, active: true });
    await caller.webhooks.rotateSecret({ ...test(), endpointId: id });
    const sent = await caller.webhooks.sendTest({ ...test(), endpointId: id });
    await runWorker();
    await expect(caller.webhooks.resend({ ...test(), deliveryId: sent.deliveryId })).resolves.toMatchObject({ status: "pending" });
    await expect(caller.webhooks.delete({ ...test(), endpointId: id })).resolves.toEqual({ id, deleted: true });
  });

  it.each(refused)("%s may read but not change anything", async (role) => {
    const developer = await callerFor(studio.staff.developer);
    const created = await developer.webhooks.create({ ...test(), url: receiver.url(`/refused-${role}`), events: ["order.fulfilled"] });
    const sent = await developer.webhooks.sendTest({ ...test(), endpointId: created.endpoint.id });
    const caller = await callerFor(studio.staff[role]);
    const ref = { ...test(), endpointId: created.endpoint.id };
    await expectCode(caller.webhooks.create({ ...test(), url: receiver.url("/x"), events: ["order.fulfilled"] }), "FORBIDDEN");
    await expectCode(caller.webhooks.update({ ...ref, url: receiver.url("/y") }), "FORBIDDEN");
    await expectCode(caller.webhooks.setActive({ ...ref, active: false }), "FORBIDDEN");
    await expectCode(caller.webhooks.rotateSecret(ref), "FORBIDDEN");
    await expectCode(caller.webhooks.sendTest(ref), "FORBIDDEN");
    await expectCode(caller.webhooks.resend({ ...test(), deliveryId: sent.deliveryId }), "FORBIDDEN");
    await expectCode(caller.webhooks.delete(ref), "FORBIDDEN");
    expect((await caller.webhooks.endpoints(test())).map((e) => e.id)).toContain(created.endpoint.id);
    expect((await caller.webhooks.deliveries(test())).deliveries.map((d) => d.id)).toContain(sent.deliveryId);
    await expect(caller.webhooks.delivery({ ...test(), deliveryId: sent.deliveryId })).resolves.toMatchObject({ eventType: "webhook.test" });
    await developer.webhooks.delete(ref);
  });

  it.each(staffRoles)("%s of another studio finds nothing", async (role: StaffRole) => {
    const caller = await callerFor(other.staff[role]);
    await expectCode(caller.webhooks.endpoints(test()), "NOT_FOUND");
    await expectCode(caller.webhooks.deliveries(test()), "NOT_FOUND");
  });

  it("refuses anonymous callers", async () => {
    await expectCode((await callerFor(null)).webhooks.endpoints(test()), "UNAUTHORIZED");
  });
});

describe("webhooks: secrets are shown once", () => {
  it("returns the signing secret at creation and rotation only; lists and the audit log never hold it", async () => {
    const caller = await callerFor(other.staff.developer);
    const scope = { gameId: other.gameId, env: "test" as const };
    const created = await caller.webhooks.create({ ...scope, url: receiver.url("/secret"), events: ["order.fulfilled", "order.fulfilled"] });
    expect(created.signingSecret).toMatch(/^whsec_svc_/);
    expect(created.endpoint).toMatchObject({ events: ["order.fulfilled"], active: true, consecutiveFailures: 0, secretHint: `whsec_svc_…${created.signingSecret.slice(-4)}` });
    expect(created.endpoint).not.toHaveProperty("signingSecret");
    const ref = { ...scope, endpointId: created.endpoint.id };

    const sent = await caller.webhooks.sendTest(ref);
    await runWorker();
    const first = receiver.on("/secret")[0]!;
    expect(signedWith(created.signingSecret, first.headers["service-signature"], first.body)).toBe(true);

    const rotated = await caller.webhooks.rotateSecret(ref);
    expect(rotated.signingSecret).toMatch(/^whsec_svc_/);
    expect(rotated.signingSecret).not.toBe(created.signingSecret);
    await caller.webhooks.resend({ ...scope, deliveryId: sent.deliveryId });
    await runWorker();
    const second = receiver.on("/secret")[1]!;
    expect(second.body).toBe(first.body);
    expect(signedWith(rotated.signingSecret, second.headers["service-signature"], second.body)).toBe(true);
    expect(signedWith(created.signingSecret, second.headers["service-signature"], second.body)).toBe(false);

    const reads = JSON.stringify([await caller.webhooks.endpoints(scope), await caller.webhooks.deliveries(scope), await caller.webhooks.delivery({ ...scope, deliveryId: sent.deliveryId })]);
    const audit = await auditTextOf(other.studioId);
    for (const secret of [created.signingSecret, rotated.signingSecret]) {
      expect(reads).not.toContain(secret);
      expect(audit).not.toContain(secret);
    }
    const rotation = await lastAudit(other.studioId, "webhook.endpoint.rotate_secret");
    expect(rotation).toMatchObject({
      staffId: other.staff.developer.id,
      gameId: other.gameId,
      env: "test",
      targetId: created.endpoint.id,
      before: { secretHint: created.endpoint.secretHint },
      after: { secretHint: rotated.endpoint.secretHint },
    });
    await caller.webhooks.delete(ref);
  });
});

describe("webhooks: endpoints and the delivery log", () => {
  it("keys URL and event errors like the form, and stores nothing on failure", async () => {
    const caller = await callerFor(studio.staff.developer);
    const privateUrl = await expectCode(caller.webhooks.create({ ...test(), url: "http://10.0.0.1/hook", events: ["order.fulfilled"] }), "BAD_REQUEST");
    expect(Object.keys(fieldErrorsOf(privateUrl) ?? {})).toEqual(["url"]);
    const noEvents = await expectCode(caller.webhooks.create({ ...test(), url: receiver.url("/none"), events: [] }), "BAD_REQUEST");
    expect(fieldErrorsOf(noEvents)).toEqual({ events: ["Select at least one event type"] });
    const live = await expectCode(caller.webhooks.create({ gameId: studio.gameId, env: "live", url: receiver.url("/live"), events: ["order.fulfilled"] }), "BAD_REQUEST");
    expect(fieldErrorsOf(live)?.url?.[0]).toMatch(/not allowed/);
    const created = await caller.webhooks.create({ ...test(), url: receiver.url("/dup"), events: ["order.fulfilled"] });
    const duplicate = await expectCode(caller.webhooks.create({ ...test(), url: receiver.url("/dup"), events: ["order.fulfilled"] }), "BAD_REQUEST");
    expect(fieldErrorsOf(duplicate)).toEqual({ url: ["An endpoint with this URL already exists"] });
    const nothing = await expectCode(caller.webhooks.update({ ...test(), endpointId: created.endpoint.id }), "BAD_REQUEST");
    expect(fieldErrorsOf(nothing)).toEqual({ input: ["Nothing to change"] });
    expect((await caller.webhooks.endpoints(test())).filter((e) => e.url.endsWith("/dup"))).toHaveLength(1);
    await caller.webhooks.delete({ ...test(), endpointId: created.endpoint.id });
  });

  it("audits each change with before and after", async () => {
    const caller = await callerFor(studio.staff.admin);
    const created = await caller.webhooks.create({ ...test(), url: receiver.url("/audited"), events: ["order.fulfilled"] });
    const ref = { ...test(), endpointId: created.endpoint.id };
    expect(await lastAudit(studio.studioId, "webhook.endpoint.create")).toMatchObject({ targetId: ref.endpointId, before: null, after: { url: receiver.url("/audited") } });
    await caller.webhooks.update({ ...ref, url: receiver.url("/audited-2") });
    expect(await lastAudit(studio.studioId, "webhook.endpoint.update")).toMatchObject({ before: { url: receiver.url("/audited") }, after: { url: receiver.url("/audited-2") } });
    await caller.webhooks.setActive({ ...ref, active: false });
    expect(await lastAudit(studio.studioId, "webhook.endpoint.disable")).toMatchObject({ before: { active: true }, after: { active: false } });
    await expectCode(caller.webhooks.sendTest(ref), "CONFLICT");
    await caller.webhooks.setActive({ ...ref, active: true });
    expect(await lastAudit(studio.studioId, "webhook.endpoint.enable")).toMatchObject({ before: { active: false }, after: { active: true } });
    const sent = await caller.webhooks.sendTest(ref);
    expect(await lastAudit(studio.studioId, "webhook.test.send")).toMatchObject({ targetId: ref.endpointId, after: sent });
    await runWorker();
    await caller.webhooks.resend({ ...test(), deliveryId: sent.deliveryId });
    expect(await lastAudit(studio.studioId, "webhook.delivery.resend")).toMatchObject({
      targetType: "webhook_delivery",
      targetId: sent.deliveryId,
      before: { status: "succeeded", attempts: 1, nextAttemptAt: null },
      after: { status: "pending", attempts: 1 },
    });
    await caller.webhooks.delete(ref);
    expect(await lastAudit(studio.studioId, "webhook.endpoint.delete")).toMatchObject({ targetId: ref.endpointId, before: { url: receiver.url("/audited-2") }, after: null });
    await expectCode(caller.webhooks.delete(ref), "NOT_FOUND");
  });

  it("shows each delivery's status, attempts, status code, response excerpt and next attempt", async () => {
    const caller = await callerFor(studio.staff.developer);
    receiver.respond((request) => (request.path === "/failing" ? { status: 503, body: "down for maintenance" } : { status: 200, body: "ok" }));
    try {
      const good = await caller.webhooks.create({ ...test(), url: receiver.url("/good"), events: ["order.fulfilled"] });
      const bad = await caller.webhooks.create({ ...test(), url: receiver.url("/failing"), events: ["order.fulfilled"] });
      const older = await caller.webhooks.sendTest({ ...test(), endpointId: good.endpoint.id });
      const ok = await caller.webhooks.sendTest({ ...test(), endpointId: good.endpoint.id });
      const ko = await caller.webhooks.sendTest({ ...test(), endpointId: bad.endpoint.id });
      await runWorker();
      const viewer = await callerFor(studio.staff.viewer);
      const log = await viewer.webhooks.deliveries({ ...test(), limit: 2 });
      expect(log.deliveries.map((d) => d.id)).toEqual([ko.deliveryId, ok.deliveryId]);
      expect(log.deliveries[1]).toMatchObject({ eventId: ok.eventId, eventType: "webhook.test", status: "succeeded", attempts: 1, lastStatusCode: 200, nextAttemptAt: null });
      expect(log.deliveries[1]?.attemptLog).toEqual([expect.objectContaining({ attempt: 1, statusCode: 200, responseExcerpt: "ok" })]);
      expect(log.deliveries[0]).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 503, nextAttemptAt: expect.any(String) });
      expect(log.deliveries[0]?.attemptLog[0]?.responseExcerpt).toBe("down for maintenance");
      expect((await viewer.webhooks.endpoints(test())).find((e) => e.id === bad.endpoint.id)?.consecutiveFailures).toBe(1);
      const page2 = await viewer.webhooks.deliveries({ ...test(), limit: 2, cursor: log.nextCursor ?? undefined });
      expect(page2).toMatchObject({ deliveries: [{ id: older.deliveryId, status: "succeeded" }], nextCursor: null });
      const onlyFailing = await viewer.webhooks.deliveries({ ...test(), endpointId: bad.endpoint.id });
      expect(onlyFailing.deliveries.map((d) => d.id)).toEqual([ko.deliveryId]);
      const detail = await viewer.webhooks.delivery({ ...test(), deliveryId: ok.deliveryId });
      expect(JSON.parse(detail.body)).toMatchObject({ id: ok.eventId, type: "webhook.test" });
      for (const e of [good, bad]) await caller.webhooks.delete({ ...test(), endpointId: e.endpoint.id });
    } finally {
      receiver.respond(() => ({ status: 200, body: "ok" }));
    }
  });
});
