"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { Card, ErrorBanner, Field, Skeleton, TextInput } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import { SubmitButton } from "@/components/ui/submit-button";
import { shopFieldErrors } from "./shop-field-errors";

type Props = { gameId: string; env: "test" | "live" };
type ShopCardData = {
  enabled: boolean;
  logoUrl: string | null;
  accentColor: string | null;
  returnUrl: string | null;
  appSchemes: string[];
  shopUrl: string;
};

/** Keys & settings → Shop (admins and owners): the hosted web shop of this environment (docs/shop.md). */
export function ShopCard({ gameId, env }: Props) {
  const trpc = useTRPC();
  const shop = useQuery(trpc.shop.settings.queryOptions({ gameId, env }));
  return (
    <Card title={`Web shop (${env})`}>
      {shop.error ? (
        <QueryError error={shop.error} onRetry={() => void shop.refetch()} title="The shop settings could not be loaded" />
      ) : shop.data ? (
        <ShopForm key={`${gameId}:${env}`} initial={shop.data} gameId={gameId} env={env} />
      ) : (
        <Skeleton className="h-40" />
      )}
    </Card>
  );
}

const blankToNull = (value: string): string | null => (value.trim() === "" ? null : value.trim());

/**
 * Starts from the server's value, and after a save shows what the server stored (a colour in lower case,
 * schemes without repeats) without being mounted again, so "Saved." stays and focus stays on Save.
 */
function ShopForm({ initial, gameId, env }: Props & { initial: ShopCardData }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [logoUrl, setLogoUrl] = useState(initial.logoUrl ?? "");
  const [accentColor, setAccentColor] = useState(initial.accentColor ?? "");
  const [returnUrl, setReturnUrl] = useState(initial.returnUrl ?? "");
  const [appSchemes, setAppSchemes] = useState(initial.appSchemes.join(" "));
  const save = useMutation(
    trpc.shop.save.mutationOptions({
      onSuccess: (stored) => {
        setEnabled(stored.enabled);
        setLogoUrl(stored.logoUrl ?? "");
        setAccentColor(stored.accentColor ?? "");
        setReturnUrl(stored.returnUrl ?? "");
        setAppSchemes(stored.appSchemes.join(" "));
        return queryClient.invalidateQueries({ queryKey: trpc.shop.settings.queryKey({ gameId, env }) });
      },
    }),
  );
  const errors = fieldErrorsOf(save.error);
  const fieldError = (name: string) => shopFieldErrors(errors, name);
  const some = (messages: string[]) => (messages.length ? messages : undefined);
  const known = ["logoUrl", "accentColor", "returnUrl", "appSchemes"].some((name) => fieldError(name).length > 0);
  return (
    <form
      className="space-y-3"
      data-testid="shop-card"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({
          gameId,
          env,
          settings: {
            enabled,
            logoUrl: blankToNull(logoUrl),
            accentColor: blankToNull(accentColor),
            returnUrl: blankToNull(returnUrl),
            appSchemes: appSchemes.split(/[\s,]+/).filter(Boolean),
          },
        });
      }}
    >
      <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} className="h-4 w-4" data-testid="shop-enabled" />
        Shop on: players can open it from the game and buy packs
      </label>
      <Field label="Logo URL (https)" error={some(fieldError("logoUrl"))}>
        <TextInput value={logoUrl} onChange={(e) => setLogoUrl(e.target.value)} placeholder="https://cdn.example.com/logo.png" />
      </Field>
      <Field label="Accent colour (#rrggbb)" error={some(fieldError("accentColor"))} hint="Buttons use it; their text is white or dark, whichever reads better.">
        <TextInput value={accentColor} onChange={(e) => setAccentColor(e.target.value)} placeholder="#4f46e5" />
      </Field>
      <Field label="Return address (Back to the game)" error={some(fieldError("returnUrl"))} hint="https://…, or a link with one of the app schemes below (mygame://shop-closed).">
        <TextInput value={returnUrl} onChange={(e) => setReturnUrl(e.target.value)} placeholder="https://play.example.com" />
      </Field>
      <Field label="App schemes (space-separated)" error={some(fieldError("appSchemes"))} hint="Schemes your game registers, allowed in the return address.">
        <TextInput value={appSchemes} onChange={(e) => setAppSchemes(e.target.value)} placeholder="mygame" />
      </Field>
      {save.error && !known && <ErrorBanner message={save.error.message} />}
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={save.isPending} label="Save shop" saved={save.isSuccess} />
        <a href={initial.shopUrl} target="_blank" rel="noreferrer" className="text-sm font-medium text-indigo-700 underline" data-testid="shop-preview">
          Preview the shop
        </a>
      </div>
    </form>
  );
}
