"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { CopyButton } from "@/components/ui/copy-button";
import { Badge, Button, Card, ErrorBanner, Field, Select, Skeleton, TextInput } from "@/components/ui/primitives";

type Env = "test" | "live";
type Provider = "none" | "simulator" | "stripe";
type Props = { gameId: string; env: Env };

const providerLabel: Record<Provider, string> = { none: "None (paid packs cannot be sold)", simulator: "Simulator (test only)", stripe: "Stripe" };

/** Keys & settings → Payments for one environment: owner and admin only (the page hides it from others). */
export function PaymentsCard({ gameId, env }: Props) {
  const trpc = useTRPC();
  const settings = useQuery(trpc.payments.settings.queryOptions({ gameId, env }));
  return (
    <Card title={`Payments (${env})`}>
      <ErrorBanner message={errorMessageOf(settings.error)} />
      {settings.data ? (
        <PaymentsForm key={`${settings.data.provider}:${settings.data.updatedAt ?? ""}`} gameId={gameId} env={env} initial={settings.data} />
      ) : (
        !settings.error && <Skeleton className="h-48" />
      )}
    </Card>
  );
}

type View = {
  provider: Provider;
  stripe: { secretKeyHint: string | null; webhookSecretHint: string | null; accountId: string | null };
  webhookUrl: string;
  webhookEvents: string[];
};

function PaymentsForm({ gameId, env, initial }: Props & { initial: View }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [provider, setProvider] = useState<Provider>(initial.provider);
  const save = useMutation(
    trpc.payments.save.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.payments.settings.queryKey({ gameId, env }) }) }),
  );
  const errors = fieldErrorsOf(save.error);
  const errorOf = (field: string) => errors[field] ?? errors[`settings.${field}`];
  const hasKeys = initial.stripe.secretKeyHint !== null;
  const mode = env === "live" ? "live" : "test";
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const f = new FormData(event.currentTarget);
        const secretKey = String(f.get("secretKey") ?? "");
        const webhookSecret = String(f.get("webhookSecret") ?? "");
        save.mutate({
          gameId,
          env,
          settings: {
            provider,
            ...(provider === "stripe" && secretKey ? { secretKey } : {}),
            ...(provider === "stripe" && webhookSecret ? { webhookSecret } : {}),
            ...(provider !== "stripe" && f.get("removeStripeKeys") === "on" ? { removeStripeKeys: true } : {}),
          },
        });
      }}
    >
      <ErrorBanner message={Object.keys(errors).length ? null : errorMessageOf(save.error)} />
      <Field label="Payment provider" error={errorOf("provider")}>
        <Select name="provider" value={provider} onChange={(e) => setProvider(e.target.value as Provider)}>
          {(env === "test" ? (["simulator", "stripe", "none"] as const) : (["stripe", "none"] as const)).map((p) => (
            <option key={p} value={p}>
              {providerLabel[p]}
            </option>
          ))}
        </Select>
      </Field>
      {provider === "stripe" && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Stripe secret or restricted key"
            error={errorOf("secretKey")}
            hint={hasKeys ? `Stored: ${initial.stripe.secretKeyHint}. Leave empty to keep it.` : `A ${mode}-mode key: sk_${mode}_… or rk_${mode}_…`}
          >
            <TextInput type="password" name="secretKey" autoComplete="off" placeholder={hasKeys ? (initial.stripe.secretKeyHint ?? "") : `sk_${mode}_…`} />
          </Field>
          <Field
            label="Webhook signing secret"
            error={errorOf("webhookSecret")}
            hint={initial.stripe.webhookSecretHint ? `Stored: ${initial.stripe.webhookSecretHint}. Leave empty to keep it.` : "whsec_… from the endpoint in Stripe"}
          >
            <TextInput type="password" name="webhookSecret" autoComplete="off" placeholder={initial.stripe.webhookSecretHint ?? "whsec_…"} />
          </Field>
        </div>
      )}
      {provider !== "stripe" && hasKeys && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="removeStripeKeys" /> Also erase the stored Stripe keys ({initial.stripe.secretKeyHint})
        </label>
      )}
      {initial.stripe.accountId && (
        <p className="text-sm text-slate-600">
          Stripe account <span className="font-mono text-xs">{initial.stripe.accountId}</span>{" "}
          {initial.provider === "stripe" ? <Badge tone="green">connected</Badge> : <Badge>not in use</Badge>}
        </p>
      )}
      <div className="space-y-2 rounded-md border border-slate-200 p-3 text-sm">
        <p className="font-medium text-slate-700">Stripe webhook endpoint</p>
        <p className="flex flex-wrap items-center gap-2">
          <code className="break-all text-xs" data-testid={`stripe-webhook-url-${env}`}>
            {initial.webhookUrl}
          </code>
          <CopyButton value={initial.webhookUrl} label="Copy URL" />
        </p>
        <p className="text-slate-600">In Stripe ({mode} mode): Developers → Webhooks → Add endpoint, paste this URL and select these events:</p>
        <ul className="list-inside list-disc font-mono text-xs text-slate-700">
          {initial.webhookEvents.map((event) => (
            <li key={event}>{event}</li>
          ))}
        </ul>
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && provider === "stripe" ? "Checking the key with Stripe…" : "Save payments"}
        </Button>
        {save.isSuccess && <p className="text-xs text-emerald-700">Saved.</p>}
      </div>
    </form>
  );
}
