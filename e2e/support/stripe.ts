/**
 * The local Stripe-compatible server of the e2e run (tests/support/stripe-server): started by the
 * global setup in the runner's process, the app talks to it through STRIPE_API_BASE, and the browser
 * pays on its hosted page. Test workers reach its controls over HTTP (`/__mock/…`).
 */
import { startStripeServer, type StripeEvent, type StripeServer } from "../../tests/support/stripe-server";
import { APP_URL, FIXTURE } from "./env";

/** Port of the mock (12111, stripe-mock's usual port). */
export const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? 12111);

/** Starts the mock with the fixture's live Stripe account, its webhook pointing at the app. */
export async function startE2eStripe(): Promise<StripeServer> {
  const stripe = await startStripeServer({ port: STRIPE_PORT });
  stripe.addAccount({
    secretKey: FIXTURE.live.stripeSecretKey,
    accountId: "acct_e2e",
    webhookUrl: `${APP_URL}/api/payments/stripe/${FIXTURE.gameSlug}/live`,
    webhookSecret: FIXTURE.live.stripeWebhookSecret,
  });
  return stripe;
}

/** Written by the global setup for the test workers. */
export function e2eStripeUrl(): string {
  const url = process.env.E2E_STRIPE_URL;
  if (!url) throw new Error("E2E_STRIPE_URL is not set: the tests must run under the e2e global setup (npm run test:e2e).");
  return url;
}

async function control<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${e2eStripeUrl()}/__mock/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = (await response.json()) as T;
  if (!response.ok) throw new Error(`stripe mock ${method} ${path}: ${response.status} ${JSON.stringify(parsed)}`);
  return parsed;
}

export type MockSession = { id: string; status: string; payment_status: string; amount_total: number; currency: string; livemode: boolean; client_reference_id: string | null; payment_intent: string | null; locale: string | null; metadata: Record<string, string> };
export type MockDelivery = { eventId: string; type: string; url: string; status: number | null; error?: string };

/** The test controls of the mock, from a test worker. */
export const stripeMock = {
  sessions: async (clientReferenceId: string) => (await control<{ data: MockSession[] }>("GET", `sessions?client_reference_id=${encodeURIComponent(clientReferenceId)}`)).data,
  pay: (sessionId: string) => control<StripeEvent>("POST", `sessions/${encodeURIComponent(sessionId)}/pay`, {}),
  events: () => control<{ data: StripeEvent[]; deliveries: MockDelivery[] }>("GET", "events"),
  refund: (target: string, amount?: number) => control<StripeEvent>("POST", "refunds", { target, amount }),
  openDispute: (target: string) => control<StripeEvent>("POST", "disputes", { target }),
  closeDispute: (disputeId: string, outcome: "won" | "lost") => control<StripeEvent>("POST", `disputes/${encodeURIComponent(disputeId)}/close`, { outcome }),
};
