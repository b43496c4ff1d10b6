import "server-only";
import type { DeliveryStatus, Environment, WebhookEventType, webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { signingSecretHint } from "./signing-secret-store";

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

/** An endpoint as the dashboard shows it: never the signing secret, only a hint of it. */
export type EndpointView = {
  id: string;
  env: Environment;
  url: string;
  events: WebhookEventType[];
  active: boolean;
  consecutiveFailures: number;
  /** Why an inactive endpoint stopped: "failures" (automatically) or "staff"; null while active. */
  disabledReason: "failures" | "staff" | null;
  disabledAt: string | null;
  secretHint: string;
  createdAt: string;
  updatedAt: string;
};

export function toEndpointView(row: EndpointRow): EndpointView {
  return {
    id: row.id,
    env: row.env,
    url: row.url,
    events: row.events as WebhookEventType[],
    active: row.active,
    consecutiveFailures: row.consecutiveFailures,
    disabledReason: row.active ? null : row.disabledReason,
    disabledAt: row.active ? null : (row.disabledAt?.toISOString() ?? null),
    // SECURITY: enough to tell two secrets apart, far too little to sign with.
    secretHint: `whsec_svc_…${signingSecretHint(row.signingSecret)}`,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An endpoint with its secret: returned by creation and rotation only, the one time it is shown. */
export type EndpointWithSecret = { endpoint: EndpointView; signingSecret: string };

export type AttemptView = {
  attempt: number;
  startedAt: string;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
};

export function toAttemptView(row: AttemptRow): AttemptView {
  return {
    attempt: row.attempt,
    startedAt: row.startedAt.toISOString(),
    durationMs: row.durationMs,
    statusCode: row.statusCode,
    error: row.error,
    responseExcerpt: row.responseExcerpt,
  };
}

export type DeliveryView = {
  id: string;
  eventId: string;
  eventType: string;
  endpointId: string;
  env: Environment;
  status: DeliveryStatus;
  /**
   * Pending on a disabled endpoint: the worker claims nothing of an inactive endpoint, so the delivery
   * waits for the endpoint to be enabled again, whatever its (past) next attempt time says.
   */
  paused: boolean;
  attempts: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  succeededAt: string | null;
  createdAt: string;
  attemptLog: AttemptView[];
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export type DeliveryViewContext = { eventType: string; attempts: AttemptRow[]; endpointActive: boolean };

export function toDeliveryView(row: DeliveryRow, { eventType, attempts, endpointActive }: DeliveryViewContext): DeliveryView {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType,
    endpointId: row.endpointId,
    env: row.env,
    status: row.status,
    paused: row.status === "pending" && !endpointActive,
    attempts: row.attempts,
    nextAttemptAt: row.status === "pending" ? iso(row.nextAttemptAt) : null,
    lastAttemptAt: iso(row.lastAttemptAt),
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    succeededAt: iso(row.succeededAt),
    createdAt: row.createdAt.toISOString(),
    attemptLog: [...attempts].sort((a, b) => a.attempt - b.attempt || a.startedAt.getTime() - b.startedAt.getTime()).map(toAttemptView),
  };
}
