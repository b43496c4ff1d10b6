"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { Badge, Button, Card, ErrorBanner, Field, Select, Skeleton, TextInput } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import { MethodsField, type Method } from "./payment-methods-field";

type Env = "test" | "live";
type Provider = "none" | "simulator" | "stripe" | "mollie";
type Props = { gameId: string; env: Env };

const providerLabel: Record<Provider, string> = { none: "None (paid packs cannot be sold)", simulator: "Simulator (test only)", stripe: "Stripe", mollie: "Mollie" };

/** Keys & settings → Payments for one environment: owner and admin only (the page hides it from others). */
export function PaymentsCard({ gameId, env }: Props) {
  const trpc = useTRPC();
  const settings = useQuery(trpc.payments.settings.queryOptions({ gameId, env }));
  return (
    <Card title={`Payments (${env})`}>
      {settings.error ? (
        <QueryError error={settings.error} onRetry={() => void settings.refetch()} title="The payment settings could not be loaded" />
      ) : settings.data ? (
        <PaymentsForm key={`${settings.data.provider}:${settings.data.updatedAt ?? ""}`} gameId={gameId} env={env} initial={settings.data} />
      ) : (
        <Skeleton className="h-48" />
      )}
    </Card>
  );
}

type View = {
  provider: Provider;
  stripe: { secretKeyHint: string | null; webhookSecretHint: string | null; accountId: string | null };
  mollie: { apiKeyHint: string | null; webhookUrl: string };
  methods: Method[] | null;
  webhookUrl: string;
  webhookEvents: string[];
};

/** What a provider switch changes for players, said before it happens. */
function switchConsequence(env: Env, from: Provider, to: Provider): string {
  if (to === "none") {
    return env === "live"
      ? "Players can no longer buy paid packs in live: new checkouts fail until a provider is set again. Paid orders are not affected."
      : "Test checkouts of paid packs fail until a provider is set again.";
  }
  if (to === "mollie") return `New ${env} checkouts are charged through Mollie with the API key saved here${from === "none" ? "" : `, no longer through ${providerLabel[from]}`}.`;
  if (to === "stripe") return `New ${env} checkouts are charged through Stripe with the keys saved here${from === "none" ? "" : `, no longer through ${providerLabel[from]}`}.`;
  return `New test checkouts are paid with the simulator instead of ${providerLabel[from]}; nothing is charged.`;
}

function PaymentsForm({ gameId, env, initial }: Props & { initial: View }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [provider, setProvider] = useState<Provider>(initial.provider);
  const [removeKeys, setRemoveKeys] = useState(false);
  const [removeMollieKey, setRemoveMollieKey] = useState(false);
  const [methods, setMethods] = useState<Method[] | null>(initial.methods);
  const save = useMutation(
    trpc.payments.save.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.payments.settings.queryKey({ gameId, env }) }) }),
  );
  const errors = fieldErrorsOf(save.error);
  const errorOf = (field: string) => errors[field] ?? errors[`settings.${field}`];
  const hasKeys = initial.stripe.secretKeyHint !== null;
  const mode = env === "live" ? "live" : "test";
  const switching = provider !== initial.provider;
  const hasMollieKey = initial.mollie.apiKeyHint !== null;
  const erasingStripe = provider !== "stripe" && hasKeys && removeKeys;
  const erasingMollie = provider !== "mollie" && hasMollieKey && removeMollieKey;
  const erasing = erasingStripe || erasingMollie;
  const payload = () => {
    const f = new FormData(formRef.current ?? undefined);
    const secretKey = String(f.get("secretKey") ?? "");
    const webhookSecret = String(f.get("webhookSecret") ?? "");
    const apiKey = String(f.get("apiKey") ?? "");
    return {
      gameId,
      env,
      settings: {
        provider,
        ...(provider === "stripe" && secretKey ? { secretKey } : {}),
        ...(provider === "stripe" && webhookSecret ? { webhookSecret } : {}),
        ...(provider === "mollie" && apiKey ? { apiKey } : {}),
        ...(erasingStripe ? { removeStripeKeys: true as const } : {}),
        ...(erasingMollie ? { removeMollieKey: true as const } : {}),
        methods,
      },
    };
  };
  const consequence = [
    switching ? switchConsequence(env, initial.provider, provider) : null,
    erasingStripe ? `The stored Stripe keys (${initial.stripe.secretKeyHint}) are erased: switching back to Stripe needs both keys again.` : null,
    erasingMollie ? `The stored Mollie API key (${initial.mollie.apiKeyHint}) is erased: switching back to Mollie needs it again.` : null,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <form
      ref={formRef}
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        // A switch or an erase goes through the confirmation button instead (Enter does not skip it).
        if (!consequence) save.mutate(payload());
      }}
    >
      <ErrorBanner message={Object.keys(errors).length ? null : errorMessageOf(save.error)} />
      <Field label="Payment provider" error={errorOf("provider")}>
        <Select name="provider" value={provider} onChange={(e) => setProvider(e.target.value as Provider)}>
          {(env === "test" ? (["simulator", "stripe", "mollie", "none"] as const) : (["stripe", "mollie", "none"] as const)).map((p) => (
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
      {provider === "mollie" && (
        <Field
          label="Mollie API key"
          error={errorOf("apiKey")}
          hint={hasMollieKey ? `Stored: ${initial.mollie.apiKeyHint}. Leave empty to keep it.` : `The ${mode} API key of the Mollie website profile: ${mode}_…`}
        >
          <TextInput type="password" name="apiKey" autoComplete="off" placeholder={initial.mollie.apiKeyHint ?? `${mode}_…`} />
        </Field>
      )}
      {provider !== "mollie" && hasMollieKey && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="removeMollieKey" checked={removeMollieKey} onChange={(e) => setRemoveMollieKey(e.target.checked)} /> Also erase the stored Mollie API key (
          {initial.mollie.apiKeyHint})
        </label>
      )}
      {(provider === "stripe" || provider === "mollie") && <MethodsField env={env} methods={methods} onChange={setMethods} error={errorOf("methods")} />}
      {provider !== "stripe" && hasKeys && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="removeStripeKeys" checked={removeKeys} onChange={(e) => setRemoveKeys(e.target.checked)} /> Also erase the stored Stripe keys (
          {initial.stripe.secretKeyHint})
        </label>
      )}
      {initial.stripe.accountId && (
        <p className="text-sm text-slate-600">
          Stripe account <span className="font-mono text-xs">{initial.stripe.accountId}</span>{" "}
          {initial.provider === "stripe" ? <Badge tone="green">connected</Badge> : <Badge>not in use</Badge>}
        </p>
      )}
      {provider === "mollie" && (
        <div className="space-y-2 rounded-md border border-slate-200 p-3 text-sm">
          <p className="font-medium text-slate-800">Mollie webhook</p>
          <p className="flex flex-wrap items-center gap-2">
            <code className="break-all text-xs" data-testid={`mollie-webhook-url-${env}`}>
              {initial.mollie.webhookUrl}
            </code>
          </p>
          <p className="text-slate-600">Gamecoin gives this URL to Mollie with every payment: nothing to set up in Mollie&apos;s dashboard.</p>
        </div>
      )}
      <div className="space-y-2 rounded-md border border-slate-200 p-3 text-sm">
        <p className="font-medium text-slate-800">Stripe webhook endpoint</p>
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
      <div className="flex flex-wrap items-center gap-3">
        {consequence ? (
          <ConfirmButton
            label="Save payments"
            triggerTone="primary"
            title={switching ? `Switch the ${env} payment provider to ${providerLabel[provider]}?` : "Erase the stored Stripe keys?"}
            body={consequence}
            confirmLabel={switching ? "Switch provider" : "Erase keys"}
            tone={env === "live" || erasing ? "danger" : "primary"}
            testId={`save-payments-${env}`}
            confirmTestId={`confirm-payments-${env}`}
            onConfirm={() => save.mutateAsync(payload()).then(() => undefined)}
          />
        ) : (
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending} data-testid={`save-payments-${env}`}>
            {save.isPending && provider !== "none" && provider !== "simulator" ? `Checking the key with ${providerLabel[provider]}…` : "Save payments"}
          </Button>
        )}
        {save.isSuccess && (
          <p className="text-xs text-emerald-800" role="status">
            Saved.
          </p>
        )}
      </div>
    </form>
  );
}
