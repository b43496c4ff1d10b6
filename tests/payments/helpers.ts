import { and, asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { POST as stripeWebhookRoute } from "@/app/api/payments/stripe/[game]/[env]/route";
import { getDb } from "@/server/db/connection";
import { paymentEvents } from "@/db/schema";
import { resetConfigForTests } from "@/server/lib/config";
import { startStripeServer, type StripeEvent, type StripeServer } from "../support/stripe-server";
import { routeHandlerServer } from "../support/route-handler-server";
import { extRef, type TestGame } from "../harness";
import { gameIdOf } from "../domain-helpers";
import { createSalesGame, orderRow } from "../order-helpers";
import { pendingOrder, submit, useStripe, type PendingOrder } from "./checkout-helpers";

/** Stripe's webhook route handler on a port of this worker, as Next.js serves it. */
export function webhookServer(): Promise<string> {
  return routeHandlerServer("/api/payments/stripe/[game]/[env]", stripeWebhookRoute);
}

export type StripeGame = { game: TestGame; gameId: string; secretKey: string; webhookSecret: string; url: string };

export type StripeSetup = { mock: StripeServer; restore: () => Promise<void> };

/** The local Stripe server, with the app's SDK pointed at it for this file. */
export async function startStripe(): Promise<StripeSetup> {
  const mock = await startStripeServer();
  const previousBase = process.env.STRIPE_API_BASE;
  process.env.STRIPE_API_BASE = mock.url;
  resetConfigForTests();
  return {
    mock,
    restore: async () => {
      if (previousBase === undefined) delete process.env.STRIPE_API_BASE;
      else process.env.STRIPE_API_BASE = previousBase;
      resetConfigForTests();
      await mock.close();
    },
  };
}

let accounts = 0;

/** A sales game whose test environment sells through its own Stripe account on the mock. */
export async function stripeGame(mock: StripeServer, options: { deliver?: boolean } = {}): Promise<StripeGame> {
  accounts += 1;
  const suffix = `${process.pid}x${accounts}x${Date.now()}`;
  const secretKey = `sk_test_p4${suffix}`;
  const webhookSecret = `whsec_p4${suffix}`;
  mock.addAccount({ secretKey, accountId: `acct_p4${suffix}` });
  const game = await createSalesGame();
  const gameId = await gameIdOf(game);
  await useStripe(gameId, "test", secretKey, webhookSecret);
  const url = `${await webhookServer()}/api/payments/stripe/${game.slug}/test`;
  // Stripe's own deliveries (for example charge.refunded after an API refund) reach the route over HTTP.
  if (options.deliver) mock.setWebhook(secretKey, url, webhookSecret);
  return { game, gameId, secretKey, webhookSecret, url };
}

export type OpenCheckout = PendingOrder & { sessionId: string };

/** A pending order whose buyer pressed Pay on the hosted page: its Checkout Session is open on the mock. */
export async function openCheckout(mock: StripeServer, sg: StripeGame): Promise<OpenCheckout> {
  const order = await pendingOrder(sg.game.secretKey, extRef("buyer"));
  const response = await submit(order.token, "pay", { country: "FR", consent: "yes" });
  expect(response.status).toBe(303);
  const session = mock.sessions({ clientReferenceId: order.orderId })[0];
  if (!session) throw new Error("no session");
  return { ...order, sessionId: session.id };
}

export type WebhookAnswer = { status: number; body: Record<string, unknown> };

/** Posts a Stripe event to the route over HTTP, signed with `secret` (the game's, unless forging). */
export async function postEvent(sg: StripeGame, mock: StripeServer, event: StripeEvent, options: { secret?: string; timestamp?: number; url?: string } = {}): Promise<WebhookAnswer> {
  const { payload, header } = mock.sign(event, options.secret ?? sg.webhookSecret, options.timestamp);
  const response = await fetch(options.url ?? sg.url, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": header }, body: payload });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * Another game connected to the Stripe account of `sg` (studios often connect several games to one
 * account): Stripe sends every event of the account to each game's endpoint, signed with its own secret.
 */
export async function gameSharingAccount(sg: StripeGame): Promise<StripeGame> {
  accounts += 1;
  const webhookSecret = `whsec_shared${process.pid}x${accounts}x${Date.now()}`;
  const game = await createSalesGame();
  const gameId = await gameIdOf(game);
  await useStripe(gameId, "test", sg.secretKey, webhookSecret);
  const url = `${await webhookServer()}/api/payments/stripe/${game.slug}/test`;
  return { game, gameId, secretKey: sg.secretKey, webhookSecret, url };
}

/** A fulfilled Stripe order: paid on the mock, its checkout.session.completed posted. */
export async function paidCheckout(mock: StripeServer, sg: StripeGame): Promise<OpenCheckout & { paymentIntent: string }> {
  const open = await openCheckout(mock, sg);
  const answer = await postEvent(sg, mock, await mock.paySession(open.sessionId, { deliver: false }));
  expect(answer).toEqual({ status: 200, body: { received: true, status: "processed" } });
  const row = await orderRow(open.orderId);
  expect(row.status).toBe("fulfilled");
  if (!row.providerReference) throw new Error("no PaymentIntent");
  return { ...open, paymentIntent: row.providerReference };
}

export async function paymentEventsOf(orderId: string): Promise<(typeof paymentEvents.$inferSelect)[]> {
  const db = await getDb();
  return db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)).orderBy(asc(paymentEvents.receivedAt));
}

/** The event as one game's endpoint recorded it (`gameId`), or as the only game that received it. */
export async function paymentEvent(eventId: string, gameId?: string): Promise<typeof paymentEvents.$inferSelect | undefined> {
  const db = await getDb();
  const conditions = [eq(paymentEvents.provider, "stripe"), eq(paymentEvents.eventId, eventId)];
  if (gameId) conditions.push(eq(paymentEvents.gameId, gameId));
  const rows = await db.select().from(paymentEvents).where(and(...conditions));
  if (!gameId && rows.length > 1) throw new Error(`event ${eventId} was received by ${rows.length} games: name one`);
  return rows[0];
}
