"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { Badge, Button, Card, EmptyState, ErrorBanner, Field, PageHeader, SecretReveal, Select, Skeleton, Table, TextInput } from "@/components/ui/primitives";
import { PaymentsCard } from "./payments-card";
import { SellerCard } from "./seller-card";

type Props = { gameId: string; env: "test" | "live"; canEdit: boolean };

function KeysCard({ gameId, env, canEdit }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.games.keys.queryOptions({ gameId, env }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.games.keys.queryKey({ gameId, env }) });
  const create = useMutation(trpc.games.createKey.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(trpc.games.revokeKey.mutationOptions({ onSuccess: refresh }));
  return (
    <Card
      title={`API keys (${env})`}
      actions={
        canEdit && (
          <>
            <Button tone="secondary" onClick={() => create.mutate({ gameId, env, kind: "secret" })} disabled={create.isPending}>
              New secret key
            </Button>
            <Button tone="secondary" onClick={() => create.mutate({ gameId, env, kind: "publishable" })} disabled={create.isPending}>
              New publishable key
            </Button>
          </>
        )
      }
    >
      <div className="space-y-4">
        {create.data && <SecretReveal label={create.data.view.kind === "secret" ? "New secret key" : "New publishable key"} value={create.data.key} />}
        <ErrorBanner message={errorMessageOf(keys.error ?? create.error ?? revoke.error)} />
        {!keys.data ? (
          !keys.error && <Skeleton className="h-28" />
        ) : keys.data.length === 0 ? (
          <EmptyState title="No keys yet">Create a secret key for your game backend and a publishable key for game clients.</EmptyState>
        ) : (
          <Table head={["Kind", "Key", "Created", "Status", ""]}>
            {keys.data.map((key) => (
              <tr key={key.id}>
                <td className="px-3 py-2">{key.kind}</td>
                <td className="px-3 py-2 font-mono text-xs">{key.hint}</td>
                <td className="px-3 py-2 text-slate-600">{new Date(key.createdAt).toLocaleString()}</td>
                <td className="px-3 py-2">{key.revokedAt ? <Badge tone="red">revoked</Badge> : <Badge tone="green">active</Badge>}</td>
                <td className="px-3 py-2 text-right">
                  {canEdit && !key.revokedAt && (
                    <ConfirmButton
                      label="Revoke"
                      title="Revoke this key?"
                      body="Requests with it are refused within seconds. This cannot be undone."
                      confirmLabel="Revoke key"
                      onConfirm={() => revoke.mutateAsync({ gameId, env, keyId: key.id }).then(() => undefined)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </div>
    </Card>
  );
}

function OriginsCard({ gameId, env, canEdit }: Props) {
  const trpc = useTRPC();
  const origins = useQuery(trpc.games.origins.queryOptions({ gameId, env }));
  return (
    <Card title={`Allowed origins (${env})`}>
      <ErrorBanner message={errorMessageOf(origins.error)} />
      {origins.data ? (
        <OriginsForm key={origins.data.join("\n")} initial={origins.data} gameId={gameId} env={env} canEdit={canEdit} />
      ) : (
        !origins.error && <Skeleton className="h-32" />
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
  const originErrors = Object.entries(errors).filter(([k]) => k.startsWith("origins")).flatMap(([, v]) => v);
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
          className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs shadow-sm focus:border-indigo-500 focus:outline-none"
          placeholder="https://play.example.com"
        />
      </Field>
      {canEdit && (
        <Button type="submit" disabled={save.isPending}>
          Save origins
        </Button>
      )}
      {save.isSuccess && <p className="text-xs text-emerald-700">Saved.</p>}
    </form>
  );
}

function SettingsCard({ gameId, canEdit }: Omit<Props, "env">) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const game = useQuery(trpc.games.get.queryOptions({ gameId }));
  const save = useMutation(trpc.games.updateSettings.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.games.get.queryKey({ gameId }) }) }));
  if (!game.data) {
    return (
      <Card title="Game settings (both environments)">
        {game.error ? <ErrorBanner message={errorMessageOf(game.error)} /> : <Skeleton className="h-40" />}
      </Card>
    );
  }
  const s = game.data.settings;
  const errors = fieldErrorsOf(save.error);
  return (
    <Card title="Game settings (both environments)">
      <form
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          const f = new FormData(event.currentTarget);
          const launch = String(f.get("launchAt") ?? "");
          save.mutate({
            gameId,
            settings: {
              spendOrder: f.get("spendOrder") === "paid_first" ? "paid_first" : "bonus_first",
              negativeBalance: f.get("negativeBalance") === "clamp" ? "clamp" : "allow",
              anonymousPlayers: f.get("anonymousPlayers") === "on",
              prelaunch: f.get("prelaunch") === "on",
              // The field shows UTC (see its label), whatever the browser's time zone.
              launchAt: launch ? new Date(`${launch}Z`).toISOString() : null,
            },
          });
        }}
      >
        <Field label="Spend order" error={errors["settings.spendOrder"]}>
          <Select name="spendOrder" defaultValue={s.spendOrder} disabled={!canEdit}>
            <option value="bonus_first">Bonus coins first</option>
            <option value="paid_first">Paid coins first</option>
          </Select>
        </Field>
        <Field label="Refund of spent coins" error={errors["settings.negativeBalance"]}>
          <Select name="negativeBalance" defaultValue={s.negativeBalance} disabled={!canEdit}>
            <option value="allow">Leave a debt (balance may go negative)</option>
            <option value="clamp">Stop at zero</option>
          </Select>
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="anonymousPlayers" defaultChecked={s.anonymousPlayers} disabled={!canEdit} /> Anonymous players allowed
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="prelaunch" defaultChecked={s.prelaunch} disabled={!canEdit} /> Prelaunch (only founder packs sell)
        </label>
        <Field label="Launch at (UTC)" error={errors["settings.launchAt"]}>
          <TextInput type="datetime-local" name="launchAt" defaultValue={s.launchAt ? s.launchAt.slice(0, 16) : ""} disabled={!canEdit} />
        </Field>
        {canEdit && (
          <div className="flex items-end">
            <Button type="submit" disabled={save.isPending}>
              Save settings
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}

export function GameSettingsPage({ canManagePayments = false, ...props }: Props & { canManagePayments?: boolean }) {
  return (
    <div className="space-y-6">
      <PageHeader title="Keys & settings" description="Secret keys stay on your servers; publishable keys go in game clients." />
      <KeysCard {...props} />
      <OriginsCard {...props} />
      <SettingsCard gameId={props.gameId} canEdit={props.canEdit} />
      {canManagePayments ? (
        // The live overview links here (#payments) when live has no provider.
        <div id="payments" className="space-y-6">
          <PaymentsCard gameId={props.gameId} env={props.env} />
          <SellerCard gameId={props.gameId} />
        </div>
      ) : (
        <Card title="Payments">
          <p className="text-sm text-slate-600">Only admins and owners can see and change the payment provider and the seller&apos;s details.</p>
        </Card>
      )}
    </div>
  );
}
