import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { webhookEndpoints, type Environment } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError } from "@/server/lib/errors";
import { newId } from "@/server/lib/ids";
import type { GameScope } from "@/server/lib/scope";
import { createEndpoint } from "@/server/webhooks/create-endpoint";
import { recordEvent } from "@/server/webhooks/record-event";
import { ADDRESS_NOT_ALLOWED } from "@/server/webhooks/send-webhook";
import type { Resolve } from "@/server/webhooks/ssrf";
import { useDatabase } from "../harness";
import { deliveriesOf, deliveryOf, isolateWebhookTests, publicResolve, runWorker, webhookGame } from "./helpers";
import { Receiver } from "./receiver";

useDatabase();
isolateWebhookTests();

/** `private.example.com` resolves to 10.0.0.5; every other name to a public address. */
const resolveWithPrivateName: Resolve = async (name) => (name === "private.example.com" ? ["10.0.0.5"] : publicResolve(name));

async function createError(scope: GameScope, url: string, resolve: Resolve = resolveWithPrivateName): Promise<AppError> {
  const error = await createEndpoint(await getDb(), scope, { input: { url, events: ["order.fulfilled"] }, resolve }).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`${url} was accepted`);
  return error;
}

/** [url (PORT is the live receiver's port), environment]: each must be refused at creation and at send. */
const table: [string, Environment][] = [
  ["https://127.0.0.1:PORT/h", "live"],
  ["http://127.0.0.1:PORT/h", "live"],
  ["https://localhost:PORT/h", "live"],
  ["https://10.0.0.1/h", "test"],
  ["https://172.16.0.1/h", "test"],
  ["https://192.168.1.1/h", "test"],
  ["http://169.254.169.254/latest/meta-data/", "test"],
  ["https://100.64.0.1/h", "test"],
  ["http://0.0.0.0:PORT/h", "test"],
  ["https://[::1]:PORT/h", "live"],
  ["http://[::ffff:127.0.0.1]:PORT/h", "test"],
  ["https://[::ffff:127.0.0.1]:PORT/h", "live"],
  ["https://[fc00::1]/h", "test"],
  ["https://private.example.com/h", "live"],
  ["http://hooks.example.com/h", "live"],
  ["https://metadata/h", "live"],
  ["https://printer.local/h", "live"],
];

describe("SSRF guard", () => {
  it("refuses every non-public target at endpoint creation, with a clear fieldErrors.url", async () => {
    const { test, live } = await webhookGame();
    for (const [url, env] of table) {
      const error = await createError(env === "test" ? test : live, url.replace("PORT", "8080"));
      expect(error.code, url).toBe("VALIDATION_FAILED");
      const messages = (error.details as { fieldErrors: Record<string, string[]> }).fieldErrors.url;
      expect(messages, url).toHaveLength(1);
      expect(messages?.[0], url).toMatch(/^(Address not allowed: .+|Must use https)$/);
    }
    const resolved = await createError(live, "https://private.example.com/h");
    expect(resolved.details).toEqual({ fieldErrors: { url: ["Address not allowed: private.example.com → 10.0.0.5 is in a non-public range (private)"] } });
  });

  it("allows loopback over http in test only", async () => {
    const { test } = await webhookGame();
    const db = await getDb();
    for (const url of ["http://127.0.0.1:8080/a", "http://localhost:8080/b", "http://[::1]:8080/c"]) {
      await expect(createEndpoint(db, test, { input: { url, events: ["order.fulfilled"] }, resolve: async () => ["127.0.0.1"] })).resolves.toBeTruthy();
    }
  });

  it("refuses the same targets at send time, without connecting (rows that bypassed creation)", async () => {
    const receiver = await Receiver.start();
    try {
      const { test, live } = await webhookGame();
      const db = await getDb();
      const now = clock.now();
      const ids: string[] = [];
      for (const [url, env] of table) {
        const id = newId();
        ids.push(id);
        await db.insert(webhookEndpoints).values({
          id,
          gameId: test.gameId,
          env,
          url: url.replace("PORT", String(receiver.port)),
          events: ["order.fulfilled"],
          signingSecret: "whsec_svc_ssrf_test_secret_000000",
          createdAt: now,
          updatedAt: now,
        });
      }
      await recordEvent(db, test, { id: `evt_${newId()}_ful`, type: "order.fulfilled", data: {} });
      await recordEvent(db, live, { id: `evt_${newId()}_ful`, type: "order.fulfilled", data: {} });
      await runWorker({ resolve: resolveWithPrivateName });
      expect(receiver.requests).toEqual([]);
      for (const [index, id] of ids.entries()) {
        const [delivery] = await deliveriesOf(id);
        expect(delivery, table[index]?.[0]).toMatchObject({ status: "pending", attempts: 1, lastError: ADDRESS_NOT_ALLOWED, lastStatusCode: null });
      }
    } finally {
      await receiver.close();
    }
  });

  it("checks the address at every send and connects to the checked one (a name rebound to a private address is refused)", async () => {
    const receiver = await Receiver.start();
    try {
      const { test, live } = await webhookGame();
      const db = await getDb();
      const rebinding = await createEndpoint(db, live, { input: { url: "https://rebind.example.com/h", events: ["order.fulfilled"] }, resolve: publicResolve });
      const local = await createEndpoint(db, test, { input: { url: `http://localhost:${receiver.port}/local`, events: ["order.fulfilled"] }, resolve: async () => ["127.0.0.1"] });
      const liveEvent = `evt_${newId()}_ful`;
      const testEvent = `evt_${newId()}_ful`;
      await recordEvent(db, live, { id: liveEvent, type: "order.fulfilled", data: {} });
      await recordEvent(db, test, { id: testEvent, type: "order.fulfilled", data: {} });

      // At send, DNS answers differently: the live name now points inside, and localhost points to 10.0.0.5.
      const asked: string[] = [];
      await runWorker({
        resolve: async (name) => {
          asked.push(name);
          return ["10.0.0.5"];
        },
      });
      expect(await deliveryOf(rebinding.endpoint.id, liveEvent)).toMatchObject({ lastError: ADDRESS_NOT_ALLOWED, attempts: 1 });
      expect(await deliveryOf(local.endpoint.id, testEvent)).toMatchObject({ lastError: ADDRESS_NOT_ALLOWED, attempts: 1 });
      expect(receiver.requests).toEqual([]);
      expect(asked.sort()).toEqual(["localhost", "rebind.example.com"]);

      // The socket goes where the guard's one lookup said: localhost → 127.0.0.1, asked once.
      asked.length = 0;
      clock.advance(60_000);
      await runWorker({
        resolve: async (name) => {
          asked.push(name);
          return name === "localhost" ? ["127.0.0.1"] : ["10.0.0.5"];
        },
      });
      expect(receiver.on("/local")).toHaveLength(1);
      expect(asked.filter((name) => name === "localhost")).toEqual(["localhost"]);
      expect(await deliveryOf(local.endpoint.id, testEvent)).toMatchObject({ status: "succeeded", attempts: 2 });
    } finally {
      await receiver.close();
    }
  });
});
