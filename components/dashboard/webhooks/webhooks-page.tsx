"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { Button, Card, EmptyState, ErrorBanner, PageHeader, SecretReveal } from "@/components/ui/primitives";
import { DeliveryLog } from "./delivery-log";
import { EndpointForm } from "./endpoint-form";
import { EndpointRow } from "./endpoint-row";

type Props = { gameId: string; env: "test" | "live"; canEdit: boolean };

/** SPEC: at most 5 endpoints per game, test and live together (the server enforces it). */
const MAX_ENDPOINTS = 5;

export function WebhooksPage({ gameId, env, canEdit }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const endpoints = useQuery(trpc.webhooks.endpoints.queryOptions({ gameId, env }));
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: (created) => {
        setSecret({ label: `Signing secret for ${created.endpoint.url}`, value: created.signingSecret });
        setCreating(false);
        return queryClient.invalidateQueries({ queryKey: trpc.webhooks.endpoints.queryKey() });
      },
    }),
  );
  const createErrors = fieldErrorsOf(create.error);
  const list = endpoints.data ?? [];

  return (
    <div className="space-y-6">
      <PageHeader
        title="Webhooks"
        description={`Signed calls to your servers when orders change, from the ${env} environment. Each call carries a Service-Signature made with the endpoint's secret.`}
        actions={
          canEdit &&
          !creating && (
            <Button onClick={() => {
                create.reset();
                setCreating(true);
              }} data-testid="new-endpoint">
              Add endpoint
            </Button>
          )
        }
      />
      {secret && (
        <div className="space-y-2" data-testid="signing-secret">
          <SecretReveal label={secret.label} value={secret.value} />
          <Button tone="ghost" onClick={() => setSecret(null)}>
            I have saved it
          </Button>
        </div>
      )}
      {canEdit && creating && (
        <Card title="New endpoint">
          <EndpointForm
            env={env}
            submitLabel="Create endpoint"
            submitTestId="create-endpoint"
            busy={create.isPending}
            errors={createErrors}
            message={create.error && Object.keys(createErrors).length === 0 ? errorMessageOf(create.error) : null}
            onSubmit={(draft) => create.mutate({ gameId, env, ...draft })}
            onCancel={() => setCreating(false)}
          />
        </Card>
      )}
      <Card title={`Endpoints (${env})`} actions={<span className="text-xs text-slate-500">At most {MAX_ENDPOINTS} per game, test and live together</span>}>
        <ErrorBanner message={errorMessageOf(endpoints.error)} />
        {endpoints.isPending ? (
          <p className="text-sm text-slate-500">Loading…</p>
        ) : list.length === 0 ? (
          <EmptyState title="No endpoints yet">
            {canEdit ? "Add an endpoint to receive order events on your servers." : "A developer of your studio can add one."}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.map((endpoint) => (
              <EndpointRow key={endpoint.id} gameId={gameId} env={env} endpoint={endpoint} canEdit={canEdit} onSecret={(value, label) => setSecret({ value, label })} />
            ))}
          </ul>
        )}
      </Card>
      <DeliveryLog gameId={gameId} env={env} endpoints={list} canEdit={canEdit} />
    </div>
  );
}
