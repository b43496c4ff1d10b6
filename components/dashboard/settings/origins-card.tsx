"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { Card, ErrorBanner, Field, Skeleton } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import { SubmitButton } from "@/components/ui/submit-button";

type Props = { gameId: string; env: "test" | "live"; canEdit: boolean };

export function OriginsCard({ gameId, env, canEdit }: Props) {
  const trpc = useTRPC();
  const origins = useQuery(trpc.games.origins.queryOptions({ gameId, env }));
  return (
    <Card title={`Allowed origins (${env})`}>
      {origins.error ? (
        <QueryError error={origins.error} onRetry={() => void origins.refetch()} title="The allowed origins could not be loaded" />
      ) : origins.data ? (
        <OriginsForm key={origins.data.join("\n")} initial={origins.data} gameId={gameId} env={env} canEdit={canEdit} />
      ) : (
        <Skeleton className="h-32" />
      )}
    </Card>
  );
}

/** Keyed by the saved list, so it starts from the server's value without syncing state in an effect. */
function OriginsForm({ initial, gameId, env, canEdit }: Props & { initial: string[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [text, setText] = useState(initial.join("\n"));
  const save = useMutation(
    trpc.games.setOrigins.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.games.origins.queryKey({ gameId, env }) }) }),
  );
  const errors = fieldErrorsOf(save.error);
  const originErrors = Object.entries(errors)
    .filter(([k]) => k.startsWith("origins"))
    .flatMap(([, v]) => v);
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ gameId, env, origins: text.split(/\s+/).filter(Boolean) });
      }}
    >
      <Field
        label="One origin per line"
        error={originErrors.length ? originErrors : undefined}
        hint={env === "test" ? "Empty: any origin may call the client API in test." : "Empty: no browser may call the client API in live."}
      >
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          disabled={!canEdit}
          rows={4}
          className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs shadow-sm focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-500/40 disabled:bg-slate-100 disabled:text-slate-700"
          placeholder="https://play.example.com"
        />
      </Field>
      {save.error && originErrors.length === 0 && <ErrorBanner message={save.error.message} />}
      {canEdit && (
        <div className="flex items-center gap-3">
          <SubmitButton pending={save.isPending} label="Save origins" saved={save.isSuccess} />
        </div>
      )}
    </form>
  );
}
