"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type TextareaHTMLAttributes } from "react";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { Button, Card, ErrorBanner, Field, Skeleton, TextInput } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import { ShownOnce } from "./shown-once";

type Env = "test" | "live";
type Props = { gameId: string; env: Env };

type View = {
  appStore: { bundleId: string; appAppleId: number | null; issuerId: string; keyId: string; privateKeyHint: string | null; updatedAt: string | null } | null;
  googlePlay: { packageName: string; clientEmail: string | null; privateKeyHint: string | null; notificationTokenHint: string | null; updatedAt: string | null } | null;
  notificationUrls: { appStore: string; googlePlay: string };
};

/** The store environment an app environment maps to: Apple's and Google's sandbox is `test`, production `live`. */
const storeEnvironment: Record<Env, string> = { test: "Sandbox", live: "Production" };

function TextArea(props: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea
      {...props}
      className="w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 font-mono text-xs shadow-sm focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-500/40"
    />
  );
}

/** Keys & settings → Stores for one environment: owner and admin only (the page hides it from others). */
export function StoresCard({ gameId, env }: Props) {
  const trpc = useTRPC();
  const settings = useQuery(trpc.stores.settings.queryOptions({ gameId, env }));
  // Held here: a save remounts the forms (their key follows the stored version), the URL must stay until dismissed.
  const [revealed, setRevealed] = useState<string | null>(null);
  return (
    <Card title={`Stores (${env})`}>
      {settings.error ? (
        <QueryError error={settings.error} onRetry={() => void settings.refetch()} title="The store settings could not be loaded" />
      ) : settings.data ? (
        <div className="space-y-6">
          <p className="text-sm text-slate-600">
            Packs bought in the App Store or Google Play credit the same wallet once the store confirms the purchase; store refunds take them back.
            This environment receives the stores&apos; {storeEnvironment[env]} purchases. Map packs to store products in the catalog.
          </p>
          <AppStoreForm key={`apple:${settings.data.appStore?.updatedAt ?? ""}`} gameId={gameId} env={env} view={settings.data} />
          {revealed && (
            <ShownOnce
              label="Google Play: the push endpoint URL of the Pub/Sub subscription, with its new token"
              value={revealed}
              copyLabel="Copy URL"
              onDone={() => setRevealed(null)}
              testId={`google-play-revealed-${env}`}
            />
          )}
          <GooglePlayForm key={`google:${settings.data.googlePlay?.updatedAt ?? ""}`} gameId={gameId} env={env} view={settings.data} onRevealed={setRevealed} />
        </div>
      ) : (
        <Skeleton className="h-64" />
      )}
    </Card>
  );
}

function useSaveStores({ gameId, env }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.stores.save.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.stores.settings.queryKey({ gameId, env }) }) }),
  );
}

function NotificationUrl({ label, url, testId, children }: { label: string; url: string; testId: string; children: React.ReactNode }) {
  return (
    <div className="space-y-2 rounded-md border border-slate-200 p-3 text-sm">
      <p className="font-medium text-slate-800">{label}</p>
      <p className="flex flex-wrap items-center gap-2">
        <code className="break-all text-xs" data-testid={testId}>
          {url}
        </code>
        <CopyButton value={url} label="Copy URL" />
      </p>
      <p className="text-slate-600">{children}</p>
    </div>
  );
}

function AppStoreForm({ gameId, env, view }: Props & { view: View }) {
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const save = useSaveStores({ gameId, env });
  const errors = fieldErrorsOf(save.error);
  const errorOf = (field: string) => errors[`appStore.${field}`] ?? errors[`settings.appStore.${field}`];
  const stored = view.appStore;
  const submit = () => {
    const f = new FormData(formRef.current ?? undefined);
    const value = (name: string) => String(f.get(name) ?? "").trim();
    const appAppleId = value("appAppleId");
    save.mutate({
      gameId,
      env,
      settings: {
        appStore: {
          bundleId: value("bundleId"),
          appAppleId: appAppleId === "" ? null : appAppleId,
          issuerId: value("issuerId"),
          keyId: value("keyId"),
          ...(value("privateKey") ? { privateKey: value("privateKey") } : {}),
        },
      },
    });
  };
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        App Store
      </h3>
      <form
        ref={formRef}
        className="space-y-4"
        data-testid={`app-store-form-${env}`}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <ErrorBanner message={Object.keys(errors).length ? null : errorMessageOf(save.error)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Bundle ID" error={errorOf("bundleId")} hint="As in App Store Connect → App Information, e.g. com.studio.game">
            <TextInput name="bundleId" defaultValue={stored?.bundleId ?? ""} autoComplete="off" />
          </Field>
          <Field
            label="Apple ID of the app"
            error={errorOf("appAppleId")}
            hint={env === "live" ? "The number under App Information → Apple ID (required for production)" : "Optional in Sandbox"}
          >
            <TextInput name="appAppleId" inputMode="numeric" defaultValue={stored?.appAppleId ?? ""} autoComplete="off" />
          </Field>
          <Field label="Issuer ID" error={errorOf("issuerId")} hint="Users and Access → Integrations → In-App Purchase">
            <TextInput name="issuerId" defaultValue={stored?.issuerId ?? ""} autoComplete="off" />
          </Field>
          <Field label="Key ID" error={errorOf("keyId")} hint="The ID of the In-App Purchase key">
            <TextInput name="keyId" defaultValue={stored?.keyId ?? ""} autoComplete="off" />
          </Field>
        </div>
        <Field
          label="In-App Purchase private key (.p8)"
          error={errorOf("privateKey")}
          hint={stored?.privateKeyHint ? `Stored: ${stored.privateKeyHint}. Leave empty to keep it.` : "Paste the whole file, BEGIN and END lines included."}
        >
          <TextArea name="privateKey" rows={4} spellCheck={false} autoComplete="off" placeholder="-----BEGIN PRIVATE KEY-----" />
        </Field>
        <NotificationUrl label="App Store Server Notifications URL" url={view.notificationUrls.appStore} testId={`app-store-notification-url-${env}`}>
          In App Store Connect: App Information → App Store Server Notifications, Version 2, {storeEnvironment[env]} Server URL.
        </NotificationUrl>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending} data-testid={`save-app-store-${env}`}>
            Save App Store
          </Button>
          {stored && (
            <ConfirmButton
              label="Remove App Store"
              triggerTone="secondary"
              title="Remove the App Store settings?"
              body={`App Store purchases of the ${env} environment are refused and its notifications ignored until the settings are entered again. Orders already recorded are not affected.`}
              confirmLabel="Remove"
              tone="danger"
              testId={`remove-app-store-${env}`}
              onConfirm={() => save.mutateAsync({ gameId, env, settings: { appStore: null } }).then(() => undefined)}
            />
          )}
          {save.isSuccess && (
            <p className="text-xs text-emerald-800" role="status">
              Saved.
            </p>
          )}
        </div>
      </form>
    </section>
  );
}

function GooglePlayForm({ gameId, env, view, onRevealed }: Props & { view: View; onRevealed: (url: string | null) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const save = useSaveStores({ gameId, env });
  const errors = fieldErrorsOf(save.error);
  const errorOf = (field: string) => errors[`googlePlay.${field}`] ?? errors[`settings.googlePlay.${field}`];
  const stored = view.googlePlay;
  const submit = (rollNotificationToken: boolean) => {
    const f = new FormData(formRef.current ?? undefined);
    const serviceAccount = String(f.get("serviceAccount") ?? "").trim();
    return save
      .mutateAsync({
        gameId,
        env,
        settings: {
          googlePlay: {
            packageName: String(f.get("packageName") ?? "").trim(),
            ...(serviceAccount ? { serviceAccount } : {}),
            ...(rollNotificationToken ? { rollNotificationToken: true } : {}),
          },
        },
      })
      .then((written) => onRevealed(written.revealed?.googlePlayNotificationUrl ?? null));
  };
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Google Play
      </h3>
      <form
        ref={formRef}
        className="space-y-4"
        data-testid={`google-play-form-${env}`}
        onSubmit={(event) => {
          event.preventDefault();
          void submit(false).catch(() => undefined);
        }}
      >
        <ErrorBanner message={Object.keys(errors).length ? null : errorMessageOf(save.error)} />
        <Field label="Package name" error={errorOf("packageName")} hint="The application id, e.g. com.studio.game">
          <TextInput name="packageName" defaultValue={stored?.packageName ?? ""} autoComplete="off" />
        </Field>
        <Field
          label="Service account key (JSON)"
          error={errorOf("serviceAccount") ?? errorOf("serviceAccount.private_key") ?? errorOf("serviceAccount.client_email")}
          hint={
            stored?.privateKeyHint
              ? `Stored: ${stored.clientEmail ?? ""}, ${stored.privateKeyHint}. Leave empty to keep it.`
              : "The key file of a service account with access to the app in the Play Console; paste it whole."
          }
        >
          <TextArea name="serviceAccount" rows={4} spellCheck={false} autoComplete="off" placeholder='{ "type": "service_account", … }' />
        </Field>
        <NotificationUrl label="Real-time developer notifications push URL" url={view.notificationUrls.googlePlay} testId={`google-play-notification-url-${env}`}>
          The endpoint of the Pub/Sub push subscription of the app&apos;s notification topic, followed by its token
          {stored?.notificationTokenHint ? ` (stored: ${stored.notificationTokenHint}; it is shown in full only when made)` : " (made on the first save and shown once)"}.
        </NotificationUrl>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending} data-testid={`save-google-play-${env}`}>
            Save Google Play
          </Button>
          {stored && (
            <ConfirmButton
              label="New notification token"
              triggerTone="secondary"
              title="Make a new notification token?"
              body="The current push URL stops being accepted at once: paste the new one into the Pub/Sub subscription right after. Purchases missed meanwhile are still caught by the voided-purchases check."
              confirmLabel="Make a new token"
              tone="primary"
              testId={`roll-google-play-token-${env}`}
              onConfirm={() => submit(true)}
            />
          )}
          {stored && (
            <ConfirmButton
              label="Remove Google Play"
              triggerTone="secondary"
              title="Remove the Google Play settings?"
              body={`Google Play purchases of the ${env} environment are refused and its notifications ignored until the settings are entered again. Orders already recorded are not affected.`}
              confirmLabel="Remove"
              tone="danger"
              testId={`remove-google-play-${env}`}
              onConfirm={() => save.mutateAsync({ gameId, env, settings: { googlePlay: null } }).then(() => onRevealed(null))}
            />
          )}
          {save.isSuccess && (
            <p className="text-xs text-emerald-800" role="status">
              Saved.
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
