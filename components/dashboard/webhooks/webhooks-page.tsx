"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { ShownOnce } from "@/components/dashboard/settings/shown-once";
import { Button, Card, EmptyState, PageHeader, Skeleton } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
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
            <Button
              onClick={() => {
                create.reset();
                setCreating(true);
              }}
              data-testid="new-endpoint"
            >
              Add endpoint
            </Button>
          )
        }
      />
      {secret && <ShownOnce testId="signing-secret" label={secret.label} value={secret.value} copyLabel="Copy secret" onDone={() => setSecret(null)} />}
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
      <Card title={`Endpoints (${env})`}>
        <p className="mb-3 text-xs text-slate-600">At most {MAX_ENDPOINTS} per game, test and live together.</p>
        {endpoints.error ? (
          <QueryError error={endpoints.error} onRetry={() => void endpoints.refetch()} title="The endpoints could not be loaded" />
        ) : endpoints.isPending ? (
          <Skeleton className="h-24" />
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
