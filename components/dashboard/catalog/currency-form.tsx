"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/dashboard/trpc";
import { Button, Field, TextInput } from "@/components/ui/primitives";
import type { CurrencyAdminView } from "@/server/catalog/catalog-admin-views";
import { FormErrorBanner, formErrors } from "./form-errors";
import { StatusSelect } from "./status-select";
import { TranslationsFields, translationRows, translationsInput } from "./translations-fields";

type Props = { gameId: string; env: "test" | "live"; editing: CurrencyAdminView | null; onDone: () => void };

/** Create a currency, or edit one (its code never changes: balances and the ledger are keyed by it). */
export function CurrencyForm({ gameId, env, editing, onDone }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [code, setCode] = useState(editing?.code ?? "");
  const [name, setName] = useState(editing?.name ?? "");
  const [purchasable, setPurchasable] = useState(editing?.purchasable ?? false);
  const [status, setStatus] = useState(editing?.status ?? "active");
  const [translations, setTranslations] = useState(translationRows(editing?.translations));
  const onSuccess = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.catalog.pathKey() });
    onDone();
  };
  const create = useMutation(trpc.catalog.createCurrency.mutationOptions({ onSuccess }));
  const update = useMutation(trpc.catalog.updateCurrency.mutationOptions({ onSuccess }));
  const save = editing ? update : create;
  const { errors } = formErrors(save.error);
  return (
    <form
      className="space-y-4"
      data-testid="currency-form"
      onSubmit={(event) => {
        event.preventDefault();
        // An edit keeps the status: status changes go through the row's confirmed actions.
        save.mutate({ gameId, env, code, name, purchasable, status: editing?.status ?? status, translations: translationsInput(translations, false) });
      }}
    >
      <FormErrorBanner error={save.error} shownFields={["code", "name", "purchasable", "status", "translations"]} />
      <Field label="Code" error={errors.code} hint={editing ? "The code cannot change." : "2 to 24 characters: a lowercase letter, then lowercase letters, digits or _. Permanent."}>
        <TextInput name="code" value={code} onChange={(e) => setCode(e.target.value)} disabled={!!editing} placeholder="gems" className="font-mono" autoFocus={!editing} />
      </Field>
      <Field label="Name" error={errors.name}>
        <TextInput name="name" value={name} onChange={(e) => setName(e.target.value)} placeholder="Gems" autoFocus={!!editing} />
      </Field>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5" checked={purchasable} onChange={(e) => setPurchasable(e.target.checked)} name="purchasable" />
        <span>
          <span className="font-medium text-slate-700">Purchasable</span>
          <span className="block text-xs text-slate-600">Packs can sell it for real money. Others are earned in game or granted.</span>
        </span>
      </label>
      {errors.purchasable && <p className="text-xs text-rose-700">{errors.purchasable.join(" ")}</p>}
      {!editing && (
        <Field label="Status" error={errors.status}>
          <StatusSelect value={status} onChange={setStatus} />
        </Field>
      )}
      <TranslationsFields rows={translations} onChange={setTranslations} withDescription={false} errors={errors} />
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <Button tone="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="currency-submit">
          {editing ? "Save currency" : "Create currency"}
        </Button>
      </div>
    </form>
  );
}
