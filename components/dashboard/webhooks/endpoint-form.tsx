"use client";

import { useState } from "react";
import type { FieldErrors } from "@/components/dashboard/trpc";
import { Button, ErrorBanner, Field, TextInput } from "@/components/ui/primitives";
import type { WebhookEventType } from "@/db/schema/webhooks";

/** The events an endpoint can subscribe to; webhook.test is sent by hand, whatever the subscription. */
export const SUBSCRIBABLE_EVENTS: { type: WebhookEventType; help: string }[] = [
  { type: "order.fulfilled", help: "An order is paid and delivered." },
  { type: "wallet.credited", help: "Currency was added by that delivery." },
  { type: "order.refunded", help: "Coins and items were taken back after a refund." },
  { type: "order.chargeback", help: "The payer disputed the payment." },
];

export type EndpointDraft = { url: string; events: WebhookEventType[] };

/** URL and event checkboxes, for creating an endpoint and for editing one. */
export function EndpointForm({
  env,
  initial,
  submitLabel,
  submitTestId,
  busy,
  errors,
  message,
  onSubmit,
  onCancel,
}: {
  env: "test" | "live";
  initial?: EndpointDraft;
  submitLabel: string;
  submitTestId?: string;
  busy: boolean;
  errors: FieldErrors;
  message: string | null;
  onSubmit: (draft: EndpointDraft) => void;
  onCancel?: () => void;
}) {
  const [url, setUrl] = useState(initial?.url ?? "");
  // A new endpoint gets every event unless unticked: missing an event by default is the costlier mistake.
  const [events, setEvents] = useState<WebhookEventType[]>(initial?.events ?? SUBSCRIBABLE_EVENTS.map((e) => e.type));
  const toggle = (type: WebhookEventType) => setEvents(events.includes(type) ? events.filter((e) => e !== type) : [...events, type]);
  const eventErrors = Object.entries(errors).filter(([k]) => k.startsWith("events")).flatMap(([, v]) => v);
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ url, events });
      }}
    >
      <ErrorBanner message={message} />
      <Field
        label="Endpoint URL"
        error={errors.url}
        hint={env === "test" ? "https://… (http://localhost and http://127.0.0.1 are allowed in test)." : "https://… on a public address."}
      >
        <TextInput data-testid="webhook-url-input" type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://api.example.com/gamecoin/webhooks" required />
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Events to send</legend>
        <p className="mt-1 text-xs text-slate-600">A test event from “Send test event” reaches the endpoint whatever is ticked here.</p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {SUBSCRIBABLE_EVENTS.map(({ type, help }) => (
            <label key={type} className="flex items-start gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm hover:bg-slate-50">
              <input type="checkbox" data-testid={`webhook-event-${type}`} checked={events.includes(type)} onChange={() => toggle(type)} className="mt-0.5" />
              <span>
                <span className="font-mono text-xs text-slate-900">{type}</span>
                <span className="block text-xs text-slate-600">{help}</span>
              </span>
            </label>
          ))}
        </div>
        {eventErrors.length > 0 && (
          <p className="mt-1 text-xs text-rose-700" role="alert">
            {eventErrors.join(" ")}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" data-testid={submitTestId} disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </Button>
        {onCancel && (
          <Button tone="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
