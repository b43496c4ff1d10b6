import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { webhookEndpoints } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { config } from "@/server/lib/config";
import { mailSenderIdle } from "@/server/email/mail-sender";
import { deliverDue } from "@/server/webhooks/deliver";
import { startSmtpCapture, type SmtpCapture } from "../email/smtp-capture";
import { useDatabase } from "../harness";
import { Receiver } from "../webhooks/receiver";
import { callerFor, lastAudit, studioFixture, type StudioFixture } from "./studio-staff";

useDatabase();

let studio: StudioFixture;
let receiver: Receiver;
let smtp: SmtpCapture;

beforeAll(async () => {
  studio = await studioFixture();
  receiver = await Receiver.start((request) => (request.path.startsWith("/down") ? { status: 500, body: "down" } : { status: 200, body: "ok" }));
  smtp = await startSmtpCapture();
});

afterEach(() => {
  clock.reset();
});

afterAll(async () => {
  // Nothing this file leaves pending may be claimed later by another file's worker (shared Postgres).
  const db = await getDb();
  await db.update(webhookEndpoints).set({ active: false }).where(eq(webhookEndpoints.gameId, studio.gameId));
  await receiver.close();
  await smtp.close();
});

const test = () => ({ gameId: studio.gameId, env: "test" as const });
/** One worker run, then the mails it queued (sent by the outbox once the disable committed). */
const runWorker = async () => {
  const counts = await deliverDue(await getDb(), { batchSize: 100 });
  await mailSenderIdle();
  return counts;
};

async function setFailures(endpointId: string, n: number): Promise<void> {
  const db = await getDb();
  await db.update(webhookEndpoints).set({ consecutiveFailures: n }).where(eq(webhookEndpoints.id, endpointId));
}

describe("webhooks: default events", () => {
  it("an endpoint created without events subscribes to every type", async () => {
    const developer = await callerFor(studio.staff.developer);
    const created = await developer.webhooks.create({ ...test(), url: receiver.url("/all") });
    expect(created.endpoint.events).toEqual(["order.fulfilled", "wallet.credited", "order.refunded", "order.chargeback"]);
    const explicit = await developer.webhooks.create({ ...test(), url: receiver.url("/one"), events: ["order.refunded"] });
    expect(explicit.endpoint.events).toEqual(["order.refunded"]);
    for (const e of [created, explicit]) await developer.webhooks.delete({ ...test(), endpointId: e.endpoint.id });
  });
});

describe("webhooks: disabled endpoints", () => {
  it("auto-disable records why and since when, mails developers, admins and owners once, and pauses pending deliveries", async () => {
    const developer = await callerFor(studio.staff.developer);
    const created = await developer.webhooks.create({ ...test(), url: receiver.url("/down"), events: ["order.fulfilled"] });
    const ref = { ...test(), endpointId: created.endpoint.id };
    const at = new Date("2030-03-04T09:05:00.000Z");
    clock.freeze(at);
    await setFailures(created.endpoint.id, 47);
    const sent = [];
    for (let i = 0; i < 3; i += 1) sent.push(await developer.webhooks.sendTest(ref));
    smtp.messages.length = 0;
    await runWorker();

    const viewer = await callerFor(studio.staff.viewer);
    const endpoint = (await viewer.webhooks.endpoints(test())).find((e) => e.id === created.endpoint.id);
    expect(endpoint).toMatchObject({ active: false, consecutiveFailures: 50, disabledReason: "failures", disabledAt: "2030-03-04T09:05:00.000Z" });

    // One message per disable, to each developer, admin and owner; not per failed delivery, not to viewers or support.
    const recipients = smtp.messages.flatMap((m) => m.to).sort();
    expect(recipients).toEqual([studio.staff.admin.email, studio.staff.developer.email, studio.staff.owner.email].sort());
    const mail = smtp.messages[0];
    expect(mail?.subject).toMatch(/^Webhook endpoint disabled: .+ \(test\)$/);
    expect(mail?.text).toContain(`The test webhook endpoint ${receiver.url("/down")} of `);
    expect(mail?.text).toContain("was disabled automatically after 50 failed deliveries in a row, on 4 Mar 2030, 09:05 UTC.");
    expect(mail?.text).toContain(`${config().publicUrl}/games/${studio.gameId}/test/webhooks`);

    // The worker skips an inactive endpoint's deliveries: they are shown as paused, not as due.
    clock.advance(3_600_000);
    await runWorker();
    expect(receiver.on("/down")).toHaveLength(3);
    const log = await viewer.webhooks.deliveries({ ...test(), endpointId: created.endpoint.id });
    expect(log.deliveries.map((d) => [d.id, d.status, d.paused])).toEqual(sent.map((s) => [s.deliveryId, "pending", true]).reverse());
    expect(await viewer.webhooks.delivery({ ...test(), deliveryId: sent[0]?.deliveryId ?? "" })).toMatchObject({ status: "pending", paused: true });
    expect(smtp.messages).toHaveLength(3);

    // Re-enabling clears the reason, the time and the streak, and resumes the deliveries.
    const reenabled = await developer.webhooks.setActive({ ...ref, active: true });
    expect(reenabled).toMatchObject({ active: true, consecutiveFailures: 0, disabledReason: null, disabledAt: null });
    expect(await lastAudit(studio.studioId, "webhook.endpoint.enable")).toMatchObject({
      targetId: created.endpoint.id,
      before: { active: false, disabledReason: "failures", disabledAt: "2030-03-04T09:05:00.000Z", consecutiveFailures: 50 },
      after: { active: true, disabledReason: null, disabledAt: null, consecutiveFailures: 0 },
    });
    expect((await viewer.webhooks.deliveries({ ...test(), endpointId: created.endpoint.id })).deliveries.map((d) => d.paused)).toEqual([false, false, false]);
    await developer.webhooks.delete(ref);
  });

  it("disabling by hand records staff and the time, mails no one, and re-enabling clears both", async () => {
    const developer = await callerFor(studio.staff.developer);
    const created = await developer.webhooks.create({ ...test(), url: receiver.url("/by-hand") });
    const ref = { ...test(), endpointId: created.endpoint.id };
    clock.freeze(new Date("2030-03-05T10:00:00.000Z"));
    const pending = await developer.webhooks.sendTest(ref);
    smtp.messages.length = 0;
    const disabled = await developer.webhooks.setActive({ ...ref, active: false });
    expect(disabled).toMatchObject({ active: false, disabledReason: "staff", disabledAt: "2030-03-05T10:00:00.000Z" });
    expect(await developer.webhooks.delivery({ ...test(), deliveryId: pending.deliveryId })).toMatchObject({ status: "pending", paused: true });
    expect(smtp.messages).toHaveLength(0);
    expect(await developer.webhooks.setActive({ ...ref, active: true })).toMatchObject({ active: true, disabledReason: null, disabledAt: null });
    await developer.webhooks.delete(ref);
  });
});
