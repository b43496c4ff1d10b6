"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { useFormat } from "@/components/ui/format";
import { Badge, Button, ErrorBanner } from "@/components/ui/primitives";
import { useToast } from "@/components/ui/toast";
import type { EndpointView } from "@/server/webhooks/views";
import { EndpointForm } from "./endpoint-form";

type Props = { gameId: string; env: "test" | "live"; endpoint: EndpointView; canEdit: boolean; onSecret: (secret: string, label: string) => void };

/** SPEC: 50 consecutive failures disable an endpoint. */
const DISABLE_AFTER = 50;

/** Why the endpoint receives nothing, and since when. */
function DisabledNotice({ endpoint }: { endpoint: EndpointView }) {
  const f = useFormat();
  const since = endpoint.disabledAt ? ` since ${f.dateTime(endpoint.disabledAt)}` : "";
  const text =
    endpoint.disabledReason === "failures"
      ? `Disabled automatically after ${f.plural(endpoint.consecutiveFailures, "failed delivery", "failed deliveries")}${since}.`
      : endpoint.disabledReason === "staff"
        ? `Disabled by staff${since}.`
        : "Disabled.";
  return (
    <p data-testid="endpoint-disabled-reason" className="mt-2 rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-900">
      {text} No events are sent to it; its pending deliveries are paused until it is re-enabled.
    </p>
  );
}

/** One endpoint with its actions; every change refreshes the list and the delivery log. */
export function EndpointRow({ gameId, env, endpoint, canEdit, onSecret }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const f = useFormat();
  const { toast } = useToast();
  const [editing, setEditing] = useState(false);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.webhooks.endpoints.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() }),
    ]);
  const ref = { gameId, env, endpointId: endpoint.id };
  const update = useMutation(trpc.webhooks.update.mutationOptions({ onSuccess: () => refresh().then(() => setEditing(false)) }));
  const setActive = useMutation(trpc.webhooks.setActive.mutationOptions({ onSuccess: refresh }));
  const rotate = useMutation(
    trpc.webhooks.rotateSecret.mutationOptions({
      onSuccess: (rotated) => {
        onSecret(rotated.signingSecret, `New signing secret for ${rotated.endpoint.url}`);
        return refresh();
      },
    }),
  );
  const remove = useMutation(trpc.webhooks.delete.mutationOptions({ onSuccess: refresh }));
  const sendTest = useMutation(trpc.webhooks.sendTest.mutationOptions({ onSuccess: refresh }));
  const error = sendTest.error;
  const updateErrors = fieldErrorsOf(update.error);

  return (
    <li data-testid="endpoint-row" className="space-y-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="break-all font-mono text-sm text-slate-900" data-testid="endpoint-url">
            {endpoint.url}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            <span data-testid="endpoint-status">{endpoint.active ? <Badge tone="green">active</Badge> : <Badge tone="red">disabled</Badge>}</span>
            {endpoint.events.map((e) => (
              <Badge key={e}>{e}</Badge>
            ))}
          </div>
          <p className="mt-1 text-xs text-slate-600">
            Secret <span className="font-mono">{endpoint.secretHint}</span> ·{" "}
            <span data-testid="endpoint-failures" className={endpoint.consecutiveFailures > 0 ? "font-medium text-amber-800" : undefined}>
              {f.number(endpoint.consecutiveFailures)} consecutive {endpoint.consecutiveFailures === 1 ? "failure" : "failures"}
            </span>{" "}
            (disabled at {DISABLE_AFTER})
          </p>
          {!endpoint.active && <DisabledNotice endpoint={endpoint} />}
        </div>
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            {endpoint.active && (
              <Button tone="secondary" data-testid="send-test-event" onClick={() => sendTest.mutate(ref)} disabled={sendTest.isPending}>
                Send test event
              </Button>
            )}
            {endpoint.active ? (
              <ConfirmButton
                label="Disable"
                title="Disable this endpoint?"
                body="No events are sent to it until you re-enable it. Deliveries already waiting are paused, not lost; events recorded meanwhile are not sent to it."
                confirmLabel="Disable endpoint"
                triggerTone="secondary"
                testId="toggle-endpoint"
                confirmTestId="confirm-disable-endpoint"
                onConfirm={() => setActive.mutateAsync({ ...ref, active: false }).then(() => toast({ title: "Endpoint disabled", tone: "success" }))}
              />
            ) : (
              <ConfirmButton
                label="Re-enable"
                title="Re-enable this endpoint?"
                body={`Its paused deliveries are sent again right away and new events reach it. The failure count starts again from 0, so ${DISABLE_AFTER} more failures in a row disable it again.`}
                confirmLabel="Re-enable endpoint"
                tone="primary"
                testId="reenable-endpoint"
                confirmTestId="confirm-reenable-endpoint"
                onConfirm={() => setActive.mutateAsync({ ...ref, active: true }).then(() => toast({ title: "Endpoint re-enabled", tone: "success" }))}
              />
            )}
            <Button tone="secondary" onClick={() => setEditing(!editing)} aria-expanded={editing}>
              Edit
            </Button>
            <ConfirmButton
              label="Rotate secret"
              title="Rotate the signing secret?"
              body="The current secret stops working at once: every call from now on is signed with the new one, so your receiver rejects them until it has the new secret (failed calls are retried)."
              confirmLabel="Rotate secret"
              triggerTone="secondary"
              testId="rotate-secret"
              confirmTestId="confirm-rotate-secret"
              onConfirm={() => rotate.mutateAsync(ref).then(() => undefined)}
            />
            <ConfirmButton
              label="Delete"
              title="Delete this endpoint?"
              body="No more events are sent to this URL, and its delivery log is deleted, including deliveries still waiting. To keep the log, disable the endpoint instead."
              confirmLabel="Delete endpoint"
              testId="delete-endpoint"
              confirmTestId="confirm-delete-endpoint"
              onConfirm={() => remove.mutateAsync(ref).then(() => undefined)}
            />
          </div>
        )}
      </div>
      {sendTest.data && (
        <p className="text-xs text-emerald-800" role="status">
          Test event <span className="font-mono">{sendTest.data.eventId}</span> queued; it appears in the delivery log below.
        </p>
      )}
      <ErrorBanner message={errorMessageOf(error)} />
      {editing && (
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
          <EndpointForm
            env={env}
            initial={{ url: endpoint.url, events: endpoint.events.filter((e) => e !== "webhook.test") }}
            submitLabel="Save changes"
            busy={update.isPending}
            errors={updateErrors}
            message={update.error && Object.keys(updateErrors).length === 0 ? errorMessageOf(update.error) : (updateErrors.input?.join(" ") ?? null)}
            onSubmit={(draft) => update.mutate({ ...ref, ...draft })}
            onCancel={() => setEditing(false)}
          />
        </div>
      )}
    </li>
  );
}
