/**
 * Webhook signing secrets are sealed at rest (server/lib/sealing.ts): the column never holds one,
 * deliveries still verify with the plain secret, rows from before sealing keep working and get
 * sealed, and AUTH_SECRET can be rotated with the old one in AUTH_SECRET_PREVIOUS.
 */
import Stripe from "stripe";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "@/db/client";
import { getDb } from "@/server/db/connection";
import { webhookEndpoints } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { newId } from "@/server/lib/ids";
import { SECRET_UNREADABLE } from "@/server/webhooks/deliver";
import { listEndpoints } from "@/server/webhooks/list-endpoints";
import { resealSigningSecrets } from "@/server/webhooks/reseal-signing-secrets";
import { resendDelivery } from "@/server/webhooks/resend-delivery";
import { rotateSecret } from "@/server/webhooks/rotate-secret";
import { sendTestEvent } from "@/server/webhooks/send-test-event";
import { openSigningSecret, signingSecretNeedsSealing } from "@/server/webhooks/signing-secret-store";
import { useDatabase } from "../harness";
import { attemptsOf, deliveriesOf, endpoint, endpointRow, isolateWebhookTests, runWorker, webhookGame } from "./helpers";
import { Receiver, type ReceivedRequest } from "./receiver";
import { rotatableAuthSecrets } from "../auth-secrets";

useDatabase();
isolateWebhookTests();

const stripe = new Stripe("sk_test_x");
const useSecrets = rotatableAuthSecrets();

function verifiedType(request: ReceivedRequest | undefined, secret: string): string {
  const signature = request?.headers["service-signature"];
  if (typeof signature !== "string") throw new Error("no signature");
  return stripe.webhooks.constructEvent(request?.body ?? "", signature, secret).type;
}

async function plainSecretsInColumn(endpointId: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    await getDb(),
    sql`select count(*)::int as n from webhook_endpoints where id = ${endpointId} and signing_secret like 'whsec_%'`,
  );
  return rows[0]?.n ?? -1;
}

async function withReceiver(run: (receiver: Receiver) => Promise<void>): Promise<void> {
  const receiver = await Receiver.start();
  try {
    await run(receiver);
  } finally {
    await receiver.close();
  }
}

describe("webhook signing secrets sealed at rest", () => {
  it("never stores the secret in clear, at creation or rotation, and deliveries verify with it", () =>
    withReceiver(async (receiver) => {
      const { test } = await webhookGame();
      const db = await getDb();
      const hook = await endpoint(test, receiver.url("/sealed"));
      const id = hook.endpoint.id;
      const stored = (await endpointRow(id)).signingSecret;
      expect(stored).toMatch(/^sealed:v2:[A-Za-z0-9_-]{8}:[A-Za-z0-9_-]+#[A-Za-z0-9_-]{4}$/);
      expect(stored).not.toContain(hook.signingSecret.slice("whsec_svc_".length, -4));
      expect(await plainSecretsInColumn(id)).toBe(0);
      expect(hook.endpoint.secretHint).toBe(`whsec_svc_…${hook.signingSecret.slice(-4)}`);
      expect((await listEndpoints(db, test)).find((e) => e.id === id)?.secretHint).toBe(hook.endpoint.secretHint);

      await sendTestEvent(db, test, id);
      await runWorker();
      expect(verifiedType(receiver.on("/sealed")[0], hook.signingSecret)).toBe("webhook.test");

      const rotated = await rotateSecret(db, test, id);
      expect(await plainSecretsInColumn(id)).toBe(0);
      expect(rotated.endpoint.secretHint).toBe(`whsec_svc_…${rotated.signingSecret.slice(-4)}`);
      await sendTestEvent(db, test, id);
      await runWorker();
      expect(verifiedType(receiver.on("/sealed")[1], rotated.signingSecret)).toBe("webhook.test");
    }));

  it("a sealed secret copied to another endpoint does not open there: nothing is sent, the attempt fails", () =>
    withReceiver(async (receiver) => {
      const { test } = await webhookGame();
      const db = await getDb();
      const victim = await endpoint(test, receiver.url("/victim"));
      const copy = await endpoint(test, receiver.url("/copy"));
      const sealed = (await endpointRow(victim.endpoint.id)).signingSecret;
      await db.update(webhookEndpoints).set({ signingSecret: sealed }).where(eq(webhookEndpoints.id, copy.endpoint.id));

      await sendTestEvent(db, test, copy.endpoint.id);
      await runWorker();
      expect(receiver.on("/copy")).toEqual([]);
      const [delivery] = await deliveriesOf(copy.endpoint.id);
      expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastError: SECRET_UNREADABLE });
      expect((await attemptsOf(delivery?.id ?? "")).map((a) => a.error)).toEqual([SECRET_UNREADABLE]);
    }));

  it("a row stored in clear before sealing still signs, and resealSigningSecrets seals it", () =>
    withReceiver(async (receiver) => {
      const { test } = await webhookGame();
      const db = await getDb();
      const id = newId();
      const legacy = `whsec_svc_legacy_${newId()}`;
      const now = clock.now();
      await db.insert(webhookEndpoints).values({
        id,
        gameId: test.gameId,
        env: "test",
        url: receiver.url("/legacy"),
        events: ["order.fulfilled"],
        signingSecret: legacy,
        createdAt: now,
        updatedAt: now,
      });
      expect((await listEndpoints(db, test)).find((e) => e.id === id)?.secretHint).toBe(`whsec_svc_…${legacy.slice(-4)}`);
      await sendTestEvent(db, test, id);
      await runWorker();
      expect(verifiedType(receiver.on("/legacy")[0], legacy)).toBe("webhook.test");

      const counts = await resealSigningSecrets(db);
      expect(counts.resealed).toBeGreaterThanOrEqual(1);
      const stored = (await endpointRow(id)).signingSecret;
      expect(await plainSecretsInColumn(id)).toBe(0);
      expect(stored).not.toContain(legacy.slice("whsec_svc_".length, -4));
      expect(openSigningSecret(id, stored)).toBe(legacy);
      expect((await listEndpoints(db, test)).find((e) => e.id === id)?.secretHint).toBe(`whsec_svc_…${legacy.slice(-4)}`);
      // A second run leaves the row alone.
      await resealSigningSecrets(db);
      expect((await endpointRow(id)).signingSecret).toBe(stored);

      await sendTestEvent(db, test, id);
      await runWorker();
      expect(verifiedType(receiver.on("/legacy")[1], legacy)).toBe("webhook.test");
    }));

  it("AUTH_SECRET rotation: the previous secret keeps deliveries verifying, resealing moves rows to the new key", () =>
    withReceiver(async (receiver) => {
      const { test } = await webhookGame();
      const db = await getDb();
      useSecrets(`old-${newId()}`);
      const oldSecret = process.env.AUTH_SECRET ?? "";
      const hook = await endpoint(test, receiver.url("/rotation"));
      const id = hook.endpoint.id;
      const sealedOld = (await endpointRow(id)).signingSecret;

      // The new secret alone cannot open the row: the attempt fails and nothing goes out unsigned.
      useSecrets(`new-${newId()}`);
      const newSecret = process.env.AUTH_SECRET ?? "";
      const { deliveryId } = await sendTestEvent(db, test, id);
      await runWorker();
      expect(receiver.on("/rotation")).toEqual([]);
      expect((await deliveriesOf(id))[0]).toMatchObject({ status: "pending", lastError: SECRET_UNREADABLE });

      // With the old secret in AUTH_SECRET_PREVIOUS the same delivery goes out, signed with the same plain secret.
      useSecrets(newSecret, `unrelated-${newId()},${oldSecret}`);
      await resendDelivery(db, test, deliveryId);
      await runWorker();
      expect(verifiedType(receiver.on("/rotation")[0], hook.signingSecret)).toBe("webhook.test");
      expect(signingSecretNeedsSealing(sealedOld)).toBe(true);

      // Resealing moves the row to the new key; then the previous secret can go.
      await resealSigningSecrets(db);
      const sealedNew = (await endpointRow(id)).signingSecret;
      expect(sealedNew).not.toBe(sealedOld);
      expect(signingSecretNeedsSealing(sealedNew)).toBe(false);
      expect(await plainSecretsInColumn(id)).toBe(0);
      useSecrets(newSecret);
      await sendTestEvent(db, test, id);
      await runWorker();
      expect(verifiedType(receiver.on("/rotation")[1], hook.signingSecret)).toBe("webhook.test");
    }));
});
