import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { POST as mollieWebhookRoute } from "@/app/api/payments/mollie/[game]/[env]/route";
import { getDb } from "@/server/db/connection";
import { gameEnvironments, type Environment } from "@/db/schema";
import { resetConfigForTests } from "@/server/lib/config";
import { sealMollieApiKey } from "@/server/payments/mollie/mollie-keys";
import type { PaymentMethod } from "@/server/payments/payment-methods";
import { startMollieServer, type MollieServer } from "../support/mollie-server";
import { extRef, type TestGame } from "../harness";
import { gameIdOf } from "../domain-helpers";
import { createSalesGame } from "../order-helpers";
import { pendingOrder, submit, type PendingOrder } from "./checkout-helpers";

let webhookOrigin: Promise<string> | undefined;

/** Mollie's webhook route handler on a port of this worker, as Next.js serves it. */
export function mollieWebhookServer(): Promise<string> {
  webhookOrigin ??= new Promise((resolve) => {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        void (async () => {
          const match = /^\/api\/payments\/mollie\/([^/]+)\/([^/]+)$/.exec(req.url ?? "");
          if (!match?.[1] || !match[2]) {
            res.writeHead(404).end();
            return;
          }
          const headers = new Headers();
          for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
          const request = new Request(`http://localhost${req.url ?? ""}`, { method: req.method ?? "POST", headers, body: Buffer.concat(chunks) });
          const response = await mollieWebhookRoute(request, { params: Promise.resolve({ game: match[1], env: match[2] }) });
          res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
          res.end(Buffer.from(await response.arrayBuffer()));
        })();
      });
    });
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
    server.unref();
  });
  return webhookOrigin;
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

export type MollieCheckout = PendingOrder & { paymentId: string; location: string | null };

/** A pending order paid for on the hosted page: consent given, Pay pressed, the Mollie payment created. */
export async function startMollieCheckout(mg: MollieGame, mock: MollieServer, body: Record<string, unknown> = {}): Promise<MollieCheckout> {
  const order = await pendingOrder(mg.game.secretKey, extRef("buyer"), body);
  const response = await submit(order.token, "pay", { country: String(body.country ?? "FR"), consent: "yes" });
  const [payment] = mock.paymentsFor(order.orderId).slice(-1);
  if (!payment) throw new Error(`no Mollie payment: ${response.status} ${response.headers.get("location") ?? ""}`);
  return { ...order, paymentId: payment.id, location: response.headers.get("location") };
}
