"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/dashboard/trpc";
import { Button, Field, FieldGroup, TextInput } from "@/components/ui/primitives";
import type { CurrencyAdminView, ItemAdminView, PackAdminView } from "@/server/catalog/catalog-admin-views";
import { FormErrorBanner, formErrors } from "./form-errors";
import { useFormat } from "@/components/ui/format";
import { centsToEuros, NumberFields } from "./format";
import { GrantsEditor, PackItemsEditor, type GrantRow, type ItemRow } from "./pack-contents-editor";
import { createLabel, newStatusHint, StatusSelect } from "./status-select";
import { TranslationsFields, translationRows, translationsInput } from "./translations-fields";

type Props = {
  gameId: string;
  env: "test" | "live";
  editing: PackAdminView | null;
  currencies: CurrencyAdminView[];
  items: ItemAdminView[];
  onDone: () => void;
};

const textarea =
  "w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200";

/** Create a pack sold for euros, or edit one (its sku never changes: orders are keyed by it). */
export function PackForm({ gameId, env, editing, currencies, items, onDone }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const f = useFormat();
  const sale = editing?.availability ?? null;
  const [sku, setSku] = useState(editing?.sku ?? "");
  const [name, setName] = useState(editing?.name ?? "");
  const [description, setDescription] = useState(editing?.description ?? "");
  const [price, setPrice] = useState(editing ? centsToEuros(editing.priceCents) : "");
  const [grants, setGrants] = useState<GrantRow[]>(
    editing?.grants.map((g) => ({ currency: g.currency, amount: String(g.amount), bonus: String(g.bonus) })) ?? [],
  );
  const [packItems, setPackItems] = useState<ItemRow[]>(editing?.items.map((i) => ({ sku: i.sku, quantity: String(i.quantity) })) ?? []);
  const [badge, setBadge] = useState(editing?.badge ?? "");
  const [maxPerPlayer, setMaxPerPlayer] = useState(editing?.maxPerPlayer ? String(editing.maxPerPlayer) : "");
  const [limited, setLimited] = useState(sale !== null);
  const [startsAt, setStartsAt] = useState(sale?.startsAt ? f.toInput(sale.startsAt) : "");
  const [endsAt, setEndsAt] = useState(sale?.endsAt ? f.toInput(sale.endsAt) : "");
  const [stock, setStock] = useState(sale?.stock !== null && sale?.stock !== undefined ? String(sale.stock) : "");
  const [founder, setFounder] = useState(sale?.founder ?? false);
  const [status, setStatus] = useState(editing?.status ?? "draft");
  const [translations, setTranslations] = useState(translationRows(editing?.translations));
  const [appStoreProduct, setAppStoreProduct] = useState(editing?.storeProducts.appStore ?? "");
  const [googlePlayProduct, setGooglePlayProduct] = useState(editing?.storeProducts.googlePlay ?? "");
  const onSuccess = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.catalog.pathKey() });
    onDone();
  };
  const create = useMutation(trpc.catalog.createPack.mutationOptions({ onSuccess }));
  const update = useMutation(trpc.catalog.updatePack.mutationOptions({ onSuccess }));
  const save = editing ? update : create;
  const [parseErrors, setParseErrors] = useState<Record<string, string[]>>({});
  const server = formErrors(save.error);
  const errors = { ...server.errors, ...parseErrors };
  const under = server.under;
  return (
    <form
      className="space-y-5"
      data-testid="pack-form"
      onSubmit={(event) => {
        event.preventDefault();
        const numbers = new NumberFields();
        const input = {
          gameId,
          env,
          sku,
          name,
          description: description.trim() === "" ? null : description,
          priceCents: numbers.cents("priceCents", price),
          grants: grants.map((g, i) => ({
            currency: g.currency,
            amount: numbers.whole(`grants.${i}.amount`, g.amount, { required: true }) ?? 0,
            bonus: numbers.whole(`grants.${i}.bonus`, g.bonus, { required: false }) ?? 0,
          })),
          items: packItems.map((item, i) => ({ sku: item.sku, quantity: numbers.whole(`items.${i}.quantity`, item.quantity, { required: true }) ?? 0 })),
          badge: badge.trim() === "" ? null : badge,
          maxPerPlayer: numbers.whole("maxPerPlayer", maxPerPlayer, { required: false }),
          availability: limited
            ? { startsAt: startsAt ? f.fromInput(startsAt) : null, endsAt: endsAt ? f.fromInput(endsAt) : null, stock: numbers.whole("availability.stock", stock, { required: false }), founder }
            : null,
          // An edit keeps the status: status changes go through the row's confirmed actions.
          status: editing?.status ?? status,
          translations: translationsInput(translations, true),
          storeProducts: { appStore: appStoreProduct.trim() || null, googlePlay: googlePlayProduct.trim() || null },
        };
        setParseErrors(numbers.errors);
        if (numbers.ok) save.mutate(input);
        else save.reset();
      }}
    >
      <FormErrorBanner
        error={save.error}
        shownFields={["sku", "name", "description", "priceCents", "grants", "items", "badge", "maxPerPlayer", "availability", "status", "translations", "storeProducts"]}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="SKU" error={errors.sku} hint={editing ? "The SKU cannot change." : "1 to 48 characters. Permanent."}>
          <TextInput value={sku} onChange={(e) => setSku(e.target.value)} disabled={!!editing} placeholder="gems-500" className="font-mono" />
        </Field>
        <Field label="Name" error={errors.name}>
          <TextInput value={name} onChange={(e) => setName(e.target.value)} placeholder="500 Gems" />
        </Field>
      </div>
      <Field label="Description" error={errors.description} hint="Optional, shown in the shop and on the payment page.">
        <textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={2} className={textarea} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Price (EUR)" error={errors.priceCents} hint="0 for a free pack.">
          <TextInput inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} placeholder="4.99" data-testid="pack-price" />
        </Field>
        <Field label="Badge" error={errors.badge} hint="Optional, e.g. Best value.">
          <TextInput value={badge} onChange={(e) => setBadge(e.target.value)} maxLength={24} />
        </Field>
        <Field label="Max per player" error={errors.maxPerPlayer} hint="Empty: no limit.">
          <TextInput inputMode="numeric" value={maxPerPlayer} onChange={(e) => setMaxPerPlayer(e.target.value)} placeholder="No limit" />
        </Field>
      </div>
      <FieldGroup label="Currency granted" error={errors.grants} hint="Paid coins can be refunded with the order; bonus coins are spent first.">
        <GrantsEditor rows={grants} onChange={setGrants} currencies={currencies} errors={errors} />
      </FieldGroup>
      <FieldGroup label="Items granted" error={errors.items}>
        <PackItemsEditor rows={packItems} onChange={setPackItems} items={items} errors={errors} />
      </FieldGroup>
      <fieldset className="rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-medium text-slate-700">Availability</legend>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-0.5" checked={limited} onChange={(e) => setLimited(e.target.checked)} data-testid="pack-limited" />
          <span>
            Limited edition
            <span className="block text-xs text-slate-600">A sale window, a stock, or a founder pack. Unticked: always on sale, no stock limit.</span>
          </span>
        </label>
        {limited && (
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <Field label={`Starts (${f.timeZone})`} error={errors["availability.startsAt"]} hint="Empty: on sale now.">
              <TextInput type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />
            </Field>
            <Field label={`Ends (${f.timeZone})`} error={errors["availability.endsAt"]} hint="Empty: no end.">
              <TextInput type="datetime-local" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />
            </Field>
            <Field
              label="Stock (per environment)"
              error={errors["availability.stock"]}
              hint={editing?.availability?.remaining !== undefined && editing.availability?.remaining !== null ? `${f.number(editing.availability.remaining)} remaining in ${env}, ${f.number(editing.taken)} taken.` : "Empty: unlimited."}
            >
              <TextInput inputMode="numeric" value={stock} onChange={(e) => setStock(e.target.value)} placeholder="Unlimited" />
            </Field>
            <label className="flex items-start gap-2 self-center text-sm">
              <input type="checkbox" className="mt-0.5" checked={founder} onChange={(e) => setFounder(e.target.checked)} />
              <span>
                Founder pack
                <span className="block text-xs text-slate-600">Sells before launch while the game is in prelaunch.</span>
              </span>
            </label>
            {under("availability")?.some((m) => !/^(startsAt|endsAt|stock):/.test(m)) && (
              <p className="text-xs text-rose-700 sm:col-span-2">{under("availability")?.join(" ")}</p>
            )}
          </div>
        )}
      </fieldset>
      <fieldset className="rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-medium text-slate-700">Store products</legend>
        <p className="text-xs text-slate-600">
          A purchase of these products in the App Store or Google Play, confirmed by the store, delivers this pack. Empty: not sold in that store.
        </p>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <Field label="App Store product ID" error={errors["storeProducts.appStore"]} hint="As in App Store Connect → In-App Purchases.">
            <TextInput value={appStoreProduct} onChange={(e) => setAppStoreProduct(e.target.value)} className="font-mono" placeholder="com.studio.game.gems500" data-testid="pack-app-store-product" />
          </Field>
          <Field label="Google Play product ID" error={errors["storeProducts.googlePlay"]} hint="As in the Play Console → In-app products.">
            <TextInput value={googlePlayProduct} onChange={(e) => setGooglePlayProduct(e.target.value)} className="font-mono" placeholder="gems_500" data-testid="pack-google-play-product" />
          </Field>
        </div>
      </fieldset>
      {!editing && (
        <Field label="Status" error={errors.status} hint={newStatusHint("pack", status)}>
          <StatusSelect value={status} onChange={setStatus} testId="pack-status" />
        </Field>
      )}
      <TranslationsFields rows={translations} onChange={setTranslations} withDescription errors={errors} />
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <Button tone="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="pack-submit">
          {editing ? "Save pack" : createLabel("pack", status)}
        </Button>
      </div>
    </form>
  );
}
