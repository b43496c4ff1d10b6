/**
 * Stripe Event objects, signed with the real SDK's `webhooks.generateTestHeaderString` (the same
 * `t=…,v1=…` HMAC Stripe sends) and, when the account has a webhook endpoint, delivered to it.
 */
import Stripe from "stripe";
import { type Account, type MockState, newId } from "./state";

export type StripeEvent = {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: boolean;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

export type Delivery = { eventId: string; type: string; url: string; status: number | null; error?: string };

export function makeEvent(state: MockState, account: Account, type: string, object: object, previous?: Record<string, unknown>): StripeEvent {
  return {
    id: newId("evt", account.livemode),
    object: "event",
    api_version: Stripe.API_VERSION,
    created: state.now(),
    // A snapshot: later changes to the object must not show in an event already sent.
    data: { object: structuredClone(object) as Record<string, unknown>, ...(previous ? { previous_attributes: previous } : {}) },
    livemode: account.livemode,
    pending_webhooks: account.webhook ? 1 : 0,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** The body and `Stripe-Signature` header Stripe would send for this event (payload pretty-printed, as Stripe does). */
export function signEvent(event: StripeEvent, secret: string, timestamp?: number): { payload: string; header: string } {
  const payload = JSON.stringify(event, null, 2);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp !== undefined ? { timestamp } : {}) });
  return { payload, header };
}

/** POSTs the event to the account's endpoint; the status is recorded, never thrown (Stripe retries later). */
export async function deliver(event: StripeEvent, account: Account): Promise<Delivery | null> {
  if (!account.webhook) return null;
  const { url, secret } = account.webhook;
  const { payload, header } = signEvent(event, secret);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": header, "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return { eventId: event.id, type: event.type, url, status: response.status };
  } catch (error) {
    return { eventId: event.id, type: event.type, url, status: null, error: error instanceof Error ? error.message : String(error) };
  }
}
