"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { useFormat } from "@/components/ui/format";
import { Badge, Button, Card, EmptyState, ErrorBanner, Field, Select, Skeleton, TextInput } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import { useToast } from "@/components/ui/toast";
import type { ApiKeyView } from "@/server/keys/key-views";
import { RenameKeyButton, RollKeyButton } from "./key-dialogs";
import { ShownOnce } from "./shown-once";

type Props = { gameId: string; env: "test" | "live"; canEdit: boolean };
/** A key shown once in full, right after it was created; `keyId` ties it to its row. */
type Revealed = { keyId: string; label: string; value: string };

const kindLabel = { secret: "Secret key", publishable: "Publishable key" } as const;
const statusBadge = {
  active: <Badge tone="green">active</Badge>,
  expiring: <Badge tone="amber">expiring</Badge>,
  expired: <Badge tone="red">expired</Badge>,
  revoked: <Badge tone="red">revoked</Badge>,
} as const;

/** What revoking breaks, in the words of the person who will see it break. */
function revokeConsequence(key: ApiKeyView): string {
  return key.kind === "secret"
    ? "Requests signed with this key fail at once with 401: your game server stops working until it uses another key. This cannot be undone."
    : "Game clients sending this key get 401 at once: players cannot buy or load their wallet until the game ships another key. This cannot be undone.";
}

export function KeysCard({ gameId, env, canEdit }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const keys = useQuery(trpc.games.keys.queryOptions({ gameId, env }));
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  // A key that no longer works is never left on screen in full: revoked here, in another tab, or expired.
  const revealedRow = revealed ? keys.data?.find((k) => k.id === revealed.keyId) : undefined;
  const shown = revealed && !(revealedRow && (revealedRow.status === "revoked" || revealedRow.status === "expired")) ? revealed : null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.games.keys.queryKey({ gameId, env }) });
  const revoke = useMutation(trpc.games.revokeKey.mutationOptions({ onSuccess: refresh }));

  return (
    <Card title={`API keys (${env})`}>
      <div className="space-y-4">
        {canEdit && (
          <CreateKeyForm
            gameId={gameId}
            env={env}
            onCreated={(created) => {
              setRevealed({ keyId: created.view.id, label: `New ${created.view.kind} key${created.view.name ? ` “${created.view.name}”` : ""}`, value: created.key });
              void refresh();
            }}
          />
        )}
        {shown && <ShownOnce testId="new-key" label={shown.label} value={shown.value} copyLabel="Copy key" onDone={() => setRevealed(null)} />}
        {keys.error ? (
          <QueryError error={keys.error} onRetry={() => void keys.refetch()} title="The keys could not be loaded" />
        ) : !keys.data ? (
          <Skeleton className="h-28" />
        ) : keys.data.length === 0 ? (
          <EmptyState title="No keys yet">Create a secret key for your game backend and a publishable key for game clients.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="key-list">
            {keys.data.map((key) => (
              <KeyRow
                key={key.id}
                apiKey={key}
                canEdit={canEdit}
                gameId={gameId}
                env={env}
                onRolled={(rolled) => {
                  setRevealed({ keyId: rolled.view.id, label: `New ${rolled.view.kind} key replacing ${key.hint}`, value: rolled.key });
                  void refresh();
                }}
                onChanged={refresh}
                onRevoke={async () => {
                  await revoke.mutateAsync({ gameId, env, keyId: key.id });
                  if (revealed?.keyId === key.id) setRevealed(null);
                  toast({ title: "Key revoked", description: `${key.hint} is refused from now on.`, tone: "success" });
                }}
              />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function CreateKeyForm({ gameId, env, onCreated }: Omit<Props, "canEdit"> & { onCreated: (created: { key: string; view: ApiKeyView }) => void }) {
  const trpc = useTRPC();
  const create = useMutation(trpc.games.createKey.mutationOptions({ onSuccess: onCreated }));
  const errors = fieldErrorsOf(create.error);
  return (
    <form
      className="grid gap-3 sm:grid-cols-[1fr_14rem_auto] sm:items-start"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const f = new FormData(form);
        create.mutate(
          { gameId, env, kind: f.get("kind") === "publishable" ? "publishable" : "secret", name: String(f.get("name") ?? "") },
          { onSuccess: () => form.reset() },
        );
      }}
    >
      <Field label="Name (optional)" error={errors.name} hint="What uses it, e.g. “Game server EU”.">
        <TextInput name="name" maxLength={60} data-testid="key-name-input" autoComplete="off" />
      </Field>
      <Field label="Kind" error={errors.kind}>
        <Select name="kind" defaultValue="secret" data-testid="key-kind-select">
          <option value="secret">Secret (game server)</option>
          <option value="publishable">Publishable (game client)</option>
        </Select>
      </Field>
      <Button type="submit" data-testid="create-key" disabled={create.isPending} aria-busy={create.isPending} className="sm:mt-6">
        {create.isPending ? "Creating…" : "Create key"}
      </Button>
      {create.error && Object.keys(errors).length === 0 && (
        <div className="sm:col-span-3">
          <ErrorBanner message={create.error.message} />
        </div>
      )}
    </form>
  );
}

function KeyRow({
  apiKey: key,
  canEdit,
  gameId,
  env,
  onRolled,
  onChanged,
  onRevoke,
}: {
  apiKey: ApiKeyView;
  canEdit: boolean;
  gameId: string;
  env: "test" | "live";
  onRolled: (rolled: { key: string; view: ApiKeyView }) => void;
  onChanged: () => void;
  onRevoke: () => Promise<void>;
}) {
  const f = useFormat();
  const usable = key.status === "active" || key.status === "expiring";
  const creator = key.createdBy ? `${key.createdBy.name} (${key.createdBy.email})` : "Setup";
  return (
    <li data-testid="key-row" data-key-id={key.id} className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900" data-testid="key-name">
            {key.name ?? <span className="font-normal text-slate-600">Unnamed key</span>}
          </span>
          <Badge tone="blue">{kindLabel[key.kind]}</Badge>
          <span data-testid="key-status">{statusBadge[key.status]}</span>
        </p>
        <p className="break-all font-mono text-xs text-slate-800" data-testid="key-hint">
          {key.hint}
        </p>
        <p className="text-xs text-slate-600">
          Created {f.dateTime(key.createdAt)} by {creator}
        </p>
        <p className="text-xs text-slate-600" data-testid="key-last-used">
          {key.lastUsedAt ? `Last used ${f.dateTime(key.lastUsedAt)}` : "Never used"}
        </p>
        {key.expiresAt && key.status !== "revoked" && (
          <p className={`text-xs ${key.status === "expired" ? "text-rose-700" : "text-amber-800"}`} data-testid="key-expiry">
            {key.status === "expired" ? "Stopped working" : "Stops working"} {f.dateTime(key.expiresAt)} (rolled)
          </p>
        )}
        {key.revokedAt && <p className="text-xs text-rose-700">Revoked {f.dateTime(key.revokedAt)}</p>}
      </div>
      {canEdit && usable && (
        <div className="flex flex-wrap gap-2">
          <RenameKeyButton gameId={gameId} env={env} apiKey={key} onRenamed={onChanged} />
          <RollKeyButton gameId={gameId} env={env} apiKey={key} onRolled={onRolled} />
          <ConfirmButton
            label="Revoke"
            title={`Revoke ${key.name ? `“${key.name}”` : key.hint}?`}
            body={revokeConsequence(key)}
            confirmLabel="Revoke key"
            testId="revoke-key"
            confirmTestId="confirm-revoke-key"
            onConfirm={onRevoke}
          />
        </div>
      )}
    </li>
  );
}
