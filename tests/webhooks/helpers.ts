import { and, asc, eq, inArray } from "drizzle-orm";
import { afterEach } from "vitest";
import { getDb } from "@/server/db/connection";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, type WebhookEventType } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import { createEndpoint } from "@/server/webhooks/create-endpoint";
import { deliverDue, type DeliveryCounts, type WorkerOptions } from "@/server/webhooks/deliver";
import type { Resolve } from "@/server/webhooks/ssrf";
import type { EndpointWithSecret } from "@/server/webhooks/views";
import { gameIdOf } from "../domain-helpers";
import { createSalesGame } from "../order-helpers";
import type { TestGame } from "../harness";

export const ALL_ORDER_EVENTS: WebhookEventType[] = ["order.fulfilled", "wallet.credited", "order.refunded", "order.chargeback"];

/** Every public name resolves to a documentation-free public address; nothing here touches real DNS. */
export const publicResolve: Resolve = async () => ["93.184.216.34"];

export type WebhookGame = { game: TestGame; test: GameScope; live: GameScope };

const gamesOfThisFile: string[] = [];

export async function webhookGame(): Promise<WebhookGame> {
  const game = await createSalesGame();
  const gameId = await gameIdOf(game);
  gamesOfThisFile.push(gameId);
  return { game, test: { gameId, env: "test" }, live: { gameId, env: "live" } };
}

export async function endpoint(scope: GameScope, url: string, events: WebhookEventType[] = ALL_ORDER_EVENTS, active = true): Promise<EndpointWithSecret> {
  return createEndpoint(await getDb(), scope, { input: { url, events, active }, resolve: publicResolve });
}

export async function runWorker(options: WorkerOptions = {}): Promise<DeliveryCounts> {
  return deliverDue(await getDb(), options);
}

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

export async function deliveriesOf(endpointId: string): Promise<DeliveryRow[]> {
  const db = await getDb();
  return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(asc(webhookDeliveries.id));
}

export async function deliveryOf(endpointId: string, eventId: string): Promise<DeliveryRow> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.eventId, eventId)));
  const row = rows[0];
  if (!row) throw new Error(`no delivery of ${eventId} to ${endpointId}`);
  return row;
}

export async function attemptsOf(deliveryId: string): Promise<AttemptRow[]> {
  const db = await getDb();
  return db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(asc(webhookAttempts.attempt));
}

export async function endpointRow(endpointId: string): Promise<typeof webhookEndpoints.$inferSelect> {
  const db = await getDb();
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  const row = rows[0];
  if (!row) throw new Error(`no endpoint ${endpointId}`);
  return row;
}

/**
 * Each test's endpoints are switched off afterwards and the clock is reset, so deliveries a test leaves
 * pending (to a receiver that is gone) are never claimed by a later test's worker.
 */
export function isolateWebhookTests(): void {
  afterEach(async () => {
    const db = await getDb();
    if (gamesOfThisFile.length > 0) await db.update(webhookEndpoints).set({ active: false }).where(inArray(webhookEndpoints.gameId, gamesOfThisFile));
    gamesOfThisFile.length = 0;
    clock.reset();
  });
}

/** The clock stands still at the current time; tests move it by hand. */
export function freezeNow(): Date {
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  clock.freeze(now);
  return now;
}
