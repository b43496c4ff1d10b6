"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { useFormat } from "@/components/ui/format";
import { Button, Card, EmptyState, Field, Select, Table, TextInput } from "@/components/ui/primitives";
import { useToast } from "@/components/ui/toast";
import type { PlayerInventoryView } from "@/server/players/get-player-detail";
import { FormErrorBanner } from "../catalog/form-errors";

type Scope = { gameId: string; env: "test" | "live"; playerId: string };

/** A whole number from 1, or null: the server checks again and answers with its own field error. */
function quantityOf(text: string): number | null {
  return /^\d+$/.test(text.trim()) && Number(text) >= 1 ? Number(text) : null;
}

function GrantForm({ gameId, env, playerId }: Scope) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const f = useFormat();
  const items = useQuery(trpc.players.grantableItems.queryOptions({ gameId, env }));
  const [sku, setSku] = useState("");
  const [quantity, setQuantity] = useState("1");
  const grant = useMutation(
    trpc.players.grantItem.mutationOptions({
      onSuccess: async (done) => {
        toast({ title: "Item granted", description: `${f.number(done.quantity)} × ${done.sku}; the player now owns ${f.number(done.after)}.`, tone: "success" });
        setQuantity("1");
        await queryClient.invalidateQueries({ queryKey: trpc.players.get.queryKey({ gameId, env, playerId }) });
      },
    }),
  );
  const errors = fieldErrorsOf(grant.error);
  const chosen = sku || items.data?.[0]?.sku || "";
  if (items.data?.length === 0) return <p className="text-sm text-slate-600">No active item in the catalog to grant.</p>;
  return (
    <form
      className="space-y-3 border-t border-slate-100 pt-4"
      data-testid="grant-item-form"
      onSubmit={(event) => {
        event.preventDefault();
        grant.mutate({ gameId, env, playerId, sku: chosen, quantity: quantityOf(quantity) ?? Number.NaN });
      }}
    >
      <h3 className="text-sm font-semibold text-slate-900">Grant an item</h3>
      <FormErrorBanner error={grant.error} shownFields={["sku", "quantity"]} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_8rem_auto] sm:items-end">
        <Field label="Item" error={errors.sku}>
          <Select value={chosen} onChange={(e) => setSku(e.target.value)} data-testid="grant-item-sku">
            {(items.data ?? []).map((item) => (
              <option key={item.sku} value={item.sku}>
                {item.name} ({item.sku}){item.maxOwned !== null ? `, max ${f.number(item.maxOwned)}` : ""}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Quantity" error={errors.quantity}>
          <TextInput inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} data-testid="grant-item-quantity" />
        </Field>
        <Button type="submit" disabled={grant.isPending || !chosen} data-testid="grant-item-submit">
          Grant
        </Button>
      </div>
      <p className="text-xs text-slate-600">Same rules as the server API&apos;s grant: the item&apos;s maximum owned is enforced, and a blocked player is refused.</p>
    </form>
  );
}

function RemoveButton({ gameId, env, playerId, item }: Scope & { item: PlayerInventoryView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const f = useFormat();
  const [quantity, setQuantity] = useState("1");
  const remove = useMutation(trpc.players.removeItem.mutationOptions());
  const amount = quantityOf(quantity);
  const label = item.name ?? item.sku;
  return (
    <ConfirmButton
      label="Remove"
      triggerTone="secondary"
      title={`Remove ${label}?`}
      testId={`remove-item-${item.sku}`}
      confirmTestId={`confirm-remove-${item.sku}`}
      confirmLabel="Remove items"
      body={
        <div className="space-y-3">
          <p>
            {amount === null ? "The chosen quantity" : `${f.number(amount)} × ${label}`} leave the player&apos;s inventory for good (they own {f.number(item.quantity)}).
            Nothing is refunded and no coins move.
          </p>
          <label className="block text-sm">
            <span className="font-medium text-slate-700">Quantity to remove</span>
            <TextInput inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} className="mt-1" data-testid={`remove-quantity-${item.sku}`} />
          </label>
        </div>
      }
      onConfirm={async () => {
        const done = await remove.mutateAsync({ gameId, env, playerId, sku: item.sku, quantity: amount ?? Number.NaN });
        toast({ title: "Items removed", description: `${f.number(done.quantity)} × ${label}; ${f.number(done.after)} left.`, tone: "success" });
        setQuantity("1");
        await queryClient.invalidateQueries({ queryKey: trpc.players.get.queryKey({ gameId, env, playerId }) });
      }}
    />
  );
}

/** What the player owns, by name, and support's grant and removal. */
export function InventoryCard({ gameId, env, playerId, inventory, canSupport }: Scope & { inventory: PlayerInventoryView[]; canSupport: boolean }) {
  const f = useFormat();
  return (
    <Card title="Inventory">
      <div className="space-y-4">
        {inventory.length === 0 ? (
          <EmptyState title="No items">Items arrive with packs, purchases, grants and gift codes.</EmptyState>
        ) : (
          <Table head={["Item", "Quantity", "Updated", ...(canSupport ? [<span key="a" className="sr-only">Actions</span>] : [])]}>
            {inventory.map((i) => (
              <tr key={i.sku} data-testid={`inventory-${i.sku}`}>
                <td className="px-3 py-2">
                  <span className="font-medium text-slate-900">{i.name ?? "Not in the catalog"}</span>
                  <span className="block font-mono text-xs text-slate-600">{i.sku}</span>
                </td>
                <td className="px-3 py-2 tabular-nums" data-testid="inventory-quantity">
                  {f.number(i.quantity)}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-slate-600">{f.dateTime(i.updatedAt)}</td>
                {canSupport && (
                  <td className="px-3 py-2 text-right">
                    <RemoveButton gameId={gameId} env={env} playerId={playerId} item={i} />
                  </td>
                )}
              </tr>
            ))}
          </Table>
        )}
        {canSupport && <GrantForm gameId={gameId} env={env} playerId={playerId} />}
      </div>
    </Card>
  );
}
