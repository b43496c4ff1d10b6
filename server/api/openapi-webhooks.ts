import "server-only";
import type { z } from "zod";
import type { WebhookEventType } from "@/db/schema";
import { eventEnvelope, Order, WalletCredited, WebhookTestData } from "./resource-schemas";
import { responseExamples } from "./openapi-examples";

type JsonObject = Record<string, unknown>;

const ORDER_ID = "65f1c2a4b7e8d9f0a1b2c3e5";
const fulfilled = { ...(responseExamples.Order as JsonObject), status: "fulfilled", paidAt: "2026-03-14T09:27:40.000Z", fulfilledAt: "2026-03-14T09:27:40.000Z" };

const events: Record<WebhookEventType, { data: z.ZodType; summary: string; description: string; example: JsonObject }> = {
  "order.fulfilled": {
    data: Order,
    summary: "An order was paid and delivered",
    description: "`data` is the Order, as getOrder returns it. The wallet and inventory are already credited when it arrives. Its id is `evt_<orderId>_ful`, the same every time it is sent.",
    example: { id: `evt_${ORDER_ID}_ful`, data: fulfilled },
  },
  "wallet.credited": {
    data: WalletCredited,
    summary: "Currency was added by a delivered order",
    description: "Follows `order.fulfilled` when the pack grants currency: the player, the order and what each currency received. Its id is `evt_<orderId>_cre`.",
    example: { id: `evt_${ORDER_ID}_cre`, data: { playerId: "65f1c2a4b7e8d9f0a1b2c3d4", orderId: ORDER_ID, credits: [{ currency: "gems", paid: 500, bonus: 50 }] } },
  },
  "order.refunded": {
    data: Order,
    summary: "An order was refunded",
    description: "Refunded by the server API, the dashboard or the payment provider; its coins and items were taken back (a debt when they were spent). `data` is the Order.",
    example: { id: `evt_${ORDER_ID}_ref`, data: { ...fulfilled, status: "refunded", refundedAt: "2026-03-15T10:00:00.000Z" } },
  },
  "order.chargeback": {
    data: Order,
    summary: "The payer disputed an order",
    description: "The payer disputed the payment; coins and items were taken back. `data` is the Order.",
    example: { id: `evt_${ORDER_ID}_chb`, data: { ...fulfilled, status: "chargeback" } },
  },
  "webhook.test": {
    data: WebhookTestData,
    summary: "A test event sent from the dashboard",
    description: "Sent by hand from the dashboard to one endpoint, with the same envelope and signature as the others.",
    example: { id: "evt_test_65f1c2a4b7e8d9f0a1b2c3a7", data: { endpointId: "65f1c2a4b7e8d9f0a1b2c3b8", message: "A test event sent from the Gamecoin dashboard." } },
  },
};

const DELIVERY_RULES =
  "\n\nDelivered at least once by `POST` with a JSON body to each active endpoint of the environment that selected this type: " +
  "answer 2xx within 10 seconds (a 3xx is a failure, redirects are not followed). Failures are retried after 1 minute, 5 minutes, " +
  "30 minutes, 2 hours, 6 hours and 24 hours; tolerate the same `id` twice and events out of order (the order's `status` and dates give its state). " +
  "Verify `Service-Signature` on the raw body before trusting it.";

const headers: JsonObject[] = [
  {
    name: "Service-Signature",
    in: "header",
    required: true,
    schema: { type: "string", pattern: "^t=\\d+(,v1=[0-9a-f]{64})+$" },
    example: "t=1773480473,v1=5f2b8e0c1d9a7b3c4e6f8a0b2c4d6e8f0a1b3c5d7e9f1a2b4c6d8e0f2a4b6c8d",
    description:
      "`t=<unix seconds>,v1=<hex>`: each `v1` is the lowercase hexadecimal HMAC-SHA256 of `<t>.<raw body>` keyed by the endpoint's " +
      "signing secret (`whsec_svc_…`). Refuse a `t` more than 5 minutes from your clock and compare with each `v1` in constant time.",
  },
  { name: "Service-Event-Id", in: "header", required: true, schema: { type: "string" }, description: "The event's `id`, as in the body." },
  { name: "Service-Event-Type", in: "header", required: true, schema: { type: "string" }, description: "The event's `type`, as in the body." },
];

/** OpenAPI 3.1 `webhooks`: what the service sends to a game's endpoints, one entry per event type. */
export function webhooksSection(toSchema: (schema: z.ZodType) => JsonObject): JsonObject {
  const section: JsonObject = {};
  for (const [type, event] of Object.entries(events) as [WebhookEventType, (typeof events)[WebhookEventType]][]) {
    const example = { id: event.example.id, type, createdAt: "2026-03-14T09:27:41.000Z", env: "test", data: event.example.data };
    section[type] = {
      post: {
        operationId: `webhook_${type.replace(".", "_")}`,
        summary: event.summary,
        description: event.description + DELIVERY_RULES,
        tags: ["Webhooks"],
        security: [],
        parameters: headers.map((header) => (header.name === "Service-Event-Type" ? { ...header, schema: { type: "string", enum: [type] } } : header)),
        requestBody: {
          required: true,
          content: { "application/json": { schema: toSchema(eventEnvelope(type, event.data)), example } },
        },
        responses: {
          "200": { description: "Any 2xx within 10 seconds acknowledges the event." },
          "400": { description: "Any other answer, or none within 10 seconds, is a failure and the event is retried." },
        },
      },
    };
  }
  return section;
}
