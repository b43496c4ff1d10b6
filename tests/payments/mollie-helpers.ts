import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll } from "vitest";
import { POST as mollieWebhookRoute } from "@/app/api/payments/mollie/[game]/[env]/route";
import { getDb } from "@/server/db/connection";
import { gameEnvironments, type Environment } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { resetConfigForTests } from "@/server/lib/config";
import { sealMollieApiKey } from "@/server/payments/mollie/mollie-keys";
import type { PaymentMethod } from "@/server/payments/payment-methods";
import { startMollieServer, type MollieServer } from "../support/mollie-server";
import { routeHandlerServer } from "../support/route-handler-server";
import { extRef, type TestGame } from "../harness";
import { gameIdOf } from "../domain-helpers";
import { assertLedgerInvariants, balanceOf, createSalesGame, type Balance } from "../order-helpers";
import { pendingOrder, submit, type PendingOrder } from "./checkout-helpers";

/** Mollie's webhook route handler on a port of this worker, as Next.js serves it. */
export function mollieWebhookServer(): Promise<string> {
  return routeHandlerServer("/api/payments/mollie/[game]/[env]", mollieWebhookRoute);
}

export type MollieSetup = { mock: MollieServer; restore: () => Promise<void> };

/** The local Mollie server, the app's client pointed at it, its webhook calls sent to this worker's route. */
export async function startMollie(): Promise<MollieSetup> {
  const mock = await startMollieServer();
  mock.webhookOrigin = await mollieWebhookServer();
  const previousBase = process.env.MOLLIE_API_BASE;
  process.env.MOLLIE_API_BASE = mock.url;
  resetConfigForTests();
  return {
    mock,
    restore: async () => {
      if (previousBase === undefined) delete process.env.MOLLIE_API_BASE;
      else process.env.MOLLIE_API_BASE = previousBase;
      resetConfigForTests();
      await mock.close();
    },
  };
}

/** An environment that sells through Mollie, its key sealed as the dashboard stores it (no Mollie call). */
export async function useMollie(gameId: string, env: Environment, apiKey: string, methods: PaymentMethod[] | null = null): Promise<void> {
  const db = await getDb();
  await db
    .update(gameEnvironments)
    .set({ paymentProvider: "mollie", mollieApiKey: sealMollieApiKey(apiKey, gameId, env), mollieApiKeyHint: `${env}_…${apiKey.slice(-4)}`, paymentMethods: methods })
    .where(and(eq(gameEnvironments.gameId, gameId), eq(gameEnvironments.env, env)));
}

let keys = 0;

export type MollieGame = { game: TestGame; gameId: string; apiKey: string };

/** A sales game whose test environment sells through the local Mollie server. */
export async function mollieGame(mock: MollieServer, methods: PaymentMethod[] | null = null): Promise<MollieGame> {
  keys += 1;
  const apiKey = `test_mollie${process.pid}x${keys}x${Date.now()}`.replace(/[^A-Za-z0-9_]/g, "").padEnd(30, "x");
  mock.addKey(apiKey);
  const game = await createSalesGame();
  const gameId = await gameIdOf(game);
  await useMollie(gameId, "test", apiKey, methods);
  return { game, gameId, apiKey };
}

export type MollieFixture = {
  mock: MollieServer;
  mg: MollieGame;
  /** The buyer's coins balance in the fixture's game. */
  coins: (ref: string) => Promise<Balance | undefined>;
};

/**
 * A test file's Mollie set-up: the local Mollie server and one game selling through it for the whole
 * file (`mock` and `mg` are there once beforeAll has run); after each test the clock is reset, Mollie's
 * pending webhooks are awaited and the game's ledger is checked.
 */
export function useMollieGame(): MollieFixture {
  let setup: MollieSetup | undefined;
  let game: MollieGame | undefined;
  const fixture: MollieFixture = {
    get mock() {
      if (!setup) throw new Error("useMollieGame: the Mollie server starts in beforeAll");
      return setup.mock;
    },
    get mg() {
      if (!game) throw new Error("useMollieGame: the game is created in beforeAll");
      return game;
    },
    coins: (ref: string) => balanceOf(fixture.mg.game.secretKey, ref, "coins"),
  };
  beforeAll(async () => {
    setup = await startMollie();
    game = await mollieGame(setup.mock);
  });
  afterAll(async () => {
    await setup?.restore();
  });
  afterEach(async () => {
    clock.reset();
    await fixture.mock.idle();
    await assertLedgerInvariants(fixture.mg.game);
  });
  return fixture;
}

export type MollieCheckout = PendingOrder & { paymentId: string; location: string | null };

/** A pending order paid for on the hosted page: consent given, Pay pressed, the Mollie payment created. */
export async function startMollieCheckout(mg: MollieGame, mock: MollieServer, body: Record<string, unknown> = {}): Promise<MollieCheckout> {
  const order = await pendingOrder(mg.game.secretKey, extRef("buyer"), body);
  const response = await submit(order.token, "pay", { country: String(body.country ?? "FR"), consent: "yes" });
  const [payment] = mock.paymentsFor(order.orderId).slice(-1);
  if (!payment) throw new Error(`no Mollie payment: ${response.status} ${response.headers.get("location") ?? ""}`);
  return { ...order, paymentId: payment.id, location: response.headers.get("location") };
}
