import { and, eq } from "drizzle-orm";
import { POST } from "@/app/pay/[token]/[action]/route";
import { getDb } from "@/server/db/connection";
import { gameEnvironments, type Environment } from "@/db/schema";
import { forgetCachedOrigins } from "@/server/keys/allowed-origins";
import { sealStripeSecret } from "@/server/payments/stripe-keys";
import type { TestGame } from "../harness";
import { checkout, type CheckoutBody } from "../order-helpers";

export const PUBLIC_URL = "http://localhost:3000";

/** An environment that sells through Stripe, its keys sealed as the dashboard stores them (no Stripe call). */
export async function useStripe(gameId: string, env: Environment, secretKey: string, webhookSecret = "whsec_checkout_tests"): Promise<void> {
  const db = await getDb();
  await db
    .update(gameEnvironments)
    .set({
      paymentProvider: "stripe",
      stripeSecretKey: sealStripeSecret("secret-key", secretKey, { gameId, env }),
      stripeSecretKeyHint: `…${secretKey.slice(-4)}`,
      stripeWebhookSecret: sealStripeSecret("webhook-secret", webhookSecret, { gameId, env }),
      stripeWebhookSecretHint: `whsec_…${webhookSecret.slice(-4)}`,
    })
    .where(and(eq(gameEnvironments.gameId, gameId), eq(gameEnvironments.env, env)));
  forgetCachedOrigins();
}

export type PendingOrder = { ref: string; orderId: string; token: string };

/** A pending order through the real server API, with its hosted page's token. */
export async function pendingOrder(key: string, ref: string, body: Record<string, unknown> = {}): Promise<PendingOrder> {
  const response = await checkout<CheckoutBody>(key, ref, { packSku: "p500", country: "FR", ...body });
  if (response.status !== 201) throw new Error(`checkout: ${response.status} ${JSON.stringify(response.body)}`);
  return { ref, orderId: response.body.order.id, token: response.body.checkoutUrl.slice(`${PUBLIC_URL}/pay/`.length) };
}

/** What the hosted page's plain HTML form sends, through the route handler. */
export function submit(token: string, action: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const request = new Request(`${PUBLIC_URL}/pay/${token}/${action}`, { method: "POST", body: form, headers });
  return POST(request, { params: Promise.resolve({ token, action }) });
}

export type { TestGame };
