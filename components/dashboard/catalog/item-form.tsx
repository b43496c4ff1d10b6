"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/dashboard/trpc";
import { Button, Field, FieldGroup, Select, TextInput } from "@/components/ui/primitives";
import type { CurrencyAdminView, ItemAdminView } from "@/server/catalog/catalog-admin-views";
import { FormErrorBanner, formErrors } from "./form-errors";
import { NumberFields } from "./format";
import { MetadataEditor, metadataObject, metadataRows } from "./metadata-editor";
import { createLabel, newStatusHint, StatusSelect } from "./status-select";
import { TranslationsFields, translationRows, translationsInput } from "./translations-fields";

type Props = { gameId: string; env: "test" | "live"; editing: ItemAdminView | null; currencies: CurrencyAdminView[]; onDone: () => void };

const textarea =
  "w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200";

/** Create an item, or edit one (its sku never changes: inventories are keyed by it). */
export function ItemForm({ gameId, env, editing, currencies, onDone }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [sku, setSku] = useState(editing?.sku ?? "");
  const [name, setName] = useState(editing?.name ?? "");
  const [description, setDescription] = useState(editing?.description ?? "");
  const [type, setType] = useState<"consumable" | "durable">(editing?.type ?? "consumable");
  const [priced, setPriced] = useState(editing ? editing.price !== null : true);
  const [priceCurrency, setPriceCurrency] = useState(editing?.price?.currency ?? currencies.find((c) => c.status === "active")?.code ?? "");
  const [priceAmount, setPriceAmount] = useState(editing?.price ? String(editing.price.amount) : "");
  const [maxOwned, setMaxOwned] = useState(editing?.maxOwned ? String(editing.maxOwned) : "");
  const [clientPurchasable, setClientPurchasable] = useState(editing?.clientPurchasable ?? false);
  const [metadata, setMetadata] = useState(metadataRows(editing?.metadata ?? {}));
  const [status, setStatus] = useState(editing?.status ?? "draft");
  const [translations, setTranslations] = useState(translationRows(editing?.translations));
  const onSuccess = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.catalog.pathKey() });
    onDone();
  };
  const create = useMutation(trpc.catalog.createItem.mutationOptions({ onSuccess }));
  const update = useMutation(trpc.catalog.updateItem.mutationOptions({ onSuccess }));
  const save = editing ? update : create;
  const [parseErrors, setParseErrors] = useState<Record<string, string[]>>({});
  const server = formErrors(save.error);
  const errors = { ...server.errors, ...parseErrors };
  const under = server.under;
  return (
    <form
      className="space-y-4"
      data-testid="item-form"
      onSubmit={(event) => {
        event.preventDefault();
        const numbers = new NumberFields();
        const input = {
          gameId,
          env,
          sku,
          name,
          description: description.trim() === "" ? null : description,
          type,
          price: priced ? { currency: priceCurrency, amount: numbers.whole("price.amount", priceAmount, { required: true }) ?? 0 } : null,
          maxOwned: numbers.whole("maxOwned", maxOwned, { required: false }),
          clientPurchasable: priced && clientPurchasable,
          metadata: metadataObject(metadata),
          // An edit keeps the status: status changes go through the row's confirmed actions.
          status: editing?.status ?? status,
          translations: translationsInput(translations, true),
        };
        setParseErrors(numbers.errors);
        if (numbers.ok) save.mutate(input);
        else save.reset();
      }}
    >
      <FormErrorBanner
        error={save.error}
        shownFields={["sku", "name", "description", "type", "price", "maxOwned", "clientPurchasable", "metadata", "status", "translations"]}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="SKU" error={errors.sku} hint={editing ? "The SKU cannot change." : "1 to 48 characters. Permanent."}>
          <TextInput value={sku} onChange={(e) => setSku(e.target.value)} disabled={!!editing} placeholder="sword-of-dawn" className="font-mono" />
        </Field>
        <Field label="Name" error={errors.name}>
          <TextInput value={name} onChange={(e) => setName(e.target.value)} placeholder="Sword of Dawn" />
        </Field>
      </div>
      <Field label="Description" error={errors.description} hint="Optional, up to 1000 characters.">
        <textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={2} className={textarea} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Type" error={errors.type} hint={type === "consumable" ? "Used up by consume calls." : "Owned for good."}>
          <Select value={type} onChange={(e) => setType(e.target.value === "durable" ? "durable" : "consumable")}>
            <option value="consumable">Consumable</option>
            <option value="durable">Durable</option>
          </Select>
        </Field>
        <Field label="Max owned" error={errors.maxOwned} hint="Empty: no limit.">
          <TextInput inputMode="numeric" value={maxOwned} onChange={(e) => setMaxOwned(e.target.value)} placeholder="No limit" />
        </Field>
      </div>
      <fieldset className="rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-medium text-slate-700">Price in game currency</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={priced} onChange={(e) => setPriced(e.target.checked)} /> Sold for coins
        </label>
        {priced ? (
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <Field label="Currency" error={errors["price.currency"]}>
              <Select value={priceCurrency} onChange={(e) => setPriceCurrency(e.target.value)}>
                {currencies.map((c) => (
                  <option key={c.code} value={c.code} disabled={c.status !== "active"}>
                    {c.name} ({c.code}){c.status !== "active" ? `: ${c.status}` : ""}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Amount" error={errors["price.amount"] ?? errors.price}>
              <TextInput inputMode="numeric" value={priceAmount} onChange={(e) => setPriceAmount(e.target.value)} placeholder="100" />
            </Field>
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input type="checkbox" checked={clientPurchasable} onChange={(e) => setClientPurchasable(e.target.checked)} /> Game clients may buy it
              directly (client API purchase)
            </label>
          </div>
        ) : (
          <p className="mt-2 text-xs text-slate-600">Without a price the item is only granted: by your backend, packs or gift codes.</p>
        )}
      </fieldset>
      <FieldGroup label="Metadata" error={under("metadata")} hint="Key/value pairs your game reads; at most 20.">
        <MetadataEditor rows={metadata} onChange={setMetadata} />
      </FieldGroup>
      {!editing && (
        <Field label="Status" error={errors.status} hint={newStatusHint("item", status)}>
          <StatusSelect value={status} onChange={setStatus} testId="item-status" />
        </Field>
      )}
      <TranslationsFields rows={translations} onChange={setTranslations} withDescription errors={errors} />
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <Button tone="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="item-submit">
          {editing ? "Save item" : createLabel("item", status)}
        </Button>
      </div>
    </form>
  );
}
