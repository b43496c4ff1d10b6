"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { Badge, Button, ErrorBanner } from "@/components/ui/primitives";
import type { EndpointView } from "@/server/webhooks/views";
import { EndpointForm } from "./endpoint-form";

type Props = { gameId: string; env: "test" | "live"; endpoint: EndpointView; canEdit: boolean; onSecret: (secret: string, label: string) => void };

/** One endpoint with its actions; every change refreshes the list and the delivery log. */
export function EndpointRow({ gameId, env, endpoint, canEdit, onSecret }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
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
  const error = setActive.error ?? rotate.error ?? remove.error ?? sendTest.error;
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
          <p className="mt-1 text-xs text-slate-500">
            Secret <span className="font-mono">{endpoint.secretHint}</span> ·{" "}
            <span data-testid="endpoint-failures" className={endpoint.consecutiveFailures > 0 ? "font-medium text-amber-700" : undefined}>
              {endpoint.consecutiveFailures} consecutive {endpoint.consecutiveFailures === 1 ? "failure" : "failures"}
            </span>{" "}
            (disabled at 50)
          </p>
        </div>
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <Button tone="secondary" data-testid="send-test-event" onClick={() => sendTest.mutate(ref)} disabled={!endpoint.active || sendTest.isPending} title={endpoint.active ? undefined : "Enable the endpoint first"}>
              Send test event
            </Button>
            <Button tone="secondary" data-testid="toggle-endpoint" onClick={() => setActive.mutate({ ...ref, active: !endpoint.active })} disabled={setActive.isPending}>
              {endpoint.active ? "Disable" : "Enable"}
            </Button>
            <Button tone="secondary" onClick={() => setEditing(!editing)}>
              Edit
            </Button>
            <ConfirmButton
              label="Rotate secret"
              title="Rotate the signing secret?"
              body="The current secret stops working at once: every call from now on is signed with the new one. Update your receiver right away (failed calls are retried)."
              confirmLabel="Rotate secret"
              testId="rotate-secret"
              confirmTestId="confirm-rotate-secret"
              tone="primary"
              onConfirm={() => rotate.mutateAsync(ref).then(() => undefined)}
            />
            <ConfirmButton
              label="Delete"
              title="Delete this endpoint?"
              body="Its delivery log is deleted too. To keep the log, disable the endpoint instead."
              confirmLabel="Delete endpoint"
              testId="delete-endpoint"
              confirmTestId="confirm-delete-endpoint"
              onConfirm={() => remove.mutateAsync(ref).then(() => undefined)}
            />
          </div>
        )}
      </div>
      {sendTest.data && (
        <p className="text-xs text-emerald-700">
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
