import "server-only";
import { z } from "zod";
import { deliveryStatuses, webhookEventTypes } from "@/db/schema";
import { Cursor, Limit } from "@/server/lib/cursor";
import { ID_PATTERN } from "@/server/lib/ids";
import { MAX_URL_LENGTH } from "./endpoint-url";

/** Inputs of the endpoint and delivery functions; the dashboard's tRPC routers use these same schemas. */

export const WebhookEventType = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** The address; SPEC's rules (https, public address…) are checked by checkEndpointUrl, which also resolves it. */
export const EndpointUrl = z.string().trim().min(1, "Required").max(MAX_URL_LENGTH, `Must be at most ${MAX_URL_LENGTH} characters`);

/** At least one type; a repeated type counts once. */
export const EndpointEvents = z
  .array(WebhookEventType)
  .min(1, "Select at least one event type")
  .transform((events) => [...new Set(events)]);

export const WebhookId = z.string().regex(ID_PATTERN, "Not a valid id");

/** Every type an endpoint can subscribe to; webhook.test is sent by hand to one endpoint, whatever it subscribes to. */
export const SUBSCRIBABLE_EVENT_TYPES: WebhookEventType[] = webhookEventTypes.filter((type) => type !== "webhook.test");

/** Omitted events mean every type: a new endpoint misses nothing until it chooses to. */
export const CreateEndpointInput = z.strictObject({
  url: EndpointUrl,
  events: EndpointEvents.optional().transform((events) => events ?? [...SUBSCRIBABLE_EVENT_TYPES]),
  active: z.boolean().default(true),
});
export type CreateEndpointInput = z.input<typeof CreateEndpointInput>;

export const UpdateEndpointInput = z
  .strictObject({
    url: EndpointUrl.optional(),
    events: EndpointEvents.optional(),
    active: z.boolean().optional(),
  })
  .refine((input) => input.url !== undefined || input.events !== undefined || input.active !== undefined, "Nothing to change");
export type UpdateEndpointInput = z.input<typeof UpdateEndpointInput>;

/** Newest first; `cursor` is the last id of the previous page. */
export const ListDeliveriesQuery = z.strictObject({
  limit: Limit,
  cursor: Cursor.optional(),
  endpointId: WebhookId.optional(),
  status: z.enum(deliveryStatuses).optional(),
  eventId: z.string().min(1).max(100).optional(),
});
export type ListDeliveriesQuery = z.input<typeof ListDeliveriesQuery>;
