import "server-only";
import type { Environment, WebhookEventType } from "@/db/schema";

/** SPEC's event envelope, as stored in `outbox_events.payload` and sent as the request body. */
export type EventEnvelope = { id: string; type: WebhookEventType; createdAt: string; env: Environment; data: unknown };

function isEnvelope(value: unknown): value is EventEnvelope {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === "string" && typeof v.type === "string" && typeof v.createdAt === "string" && typeof v.env === "string" && "data" in v;
}

/**
 * The raw body. The payload comes back from a jsonb column, whose key order is canonical, so the same
 * stored payload always gives the same bytes; the envelope's own keys are put in SPEC's order.
 */
export function serializeEnvelope(payload: unknown): string {
  if (!isEnvelope(payload)) throw new Error("outbox payload is not an event envelope");
  const { id, type, createdAt, env, data } = payload;
  return JSON.stringify({ id, type, createdAt, env, data });
}
