"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { useFormat } from "@/components/ui/format";
import { Card, ErrorBanner, Field, Select, Skeleton, TextInput } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import { SubmitButton } from "@/components/ui/submit-button";

const title = "Game settings (both environments)";

export function GameSettingsCard({ gameId, canEdit }: { gameId: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const f = useFormat();
  const game = useQuery(trpc.games.get.queryOptions({ gameId }));
  const save = useMutation(trpc.games.updateSettings.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.games.get.queryKey({ gameId }) }) }));
  if (!game.data) {
    return (
      <Card title={title}>
        {game.error ? <QueryError error={game.error} onRetry={() => void game.refetch()} title="The game settings could not be loaded" /> : <Skeleton className="h-40" />}
      </Card>
    );
  }
  const s = game.data.settings;
  const errors = fieldErrorsOf(save.error);
  return (
    <Card title={title}>
      <form
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const launch = String(form.get("launchAt") ?? "");
          save.mutate({
            gameId,
            settings: {
              spendOrder: form.get("spendOrder") === "paid_first" ? "paid_first" : "bonus_first",
              negativeBalance: form.get("negativeBalance") === "clamp" ? "clamp" : "allow",
              anonymousPlayers: form.get("anonymousPlayers") === "on",
              prelaunch: form.get("prelaunch") === "on",
              // Entered in the studio's time zone (named in the label), whatever the browser's zone.
              launchAt: launch ? f.fromInput(launch) : null,
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
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" name="anonymousPlayers" defaultChecked={s.anonymousPlayers} disabled={!canEdit} /> Anonymous players allowed
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" name="prelaunch" defaultChecked={s.prelaunch} disabled={!canEdit} /> Prelaunch (only founder packs sell)
        </label>
        <Field label={`Launch at (${f.timeZone})`} error={errors["settings.launchAt"]}>
          <TextInput type="datetime-local" name="launchAt" defaultValue={s.launchAt ? f.toInput(s.launchAt) : ""} disabled={!canEdit} />
        </Field>
        {canEdit && (
          <div className="flex flex-wrap items-end gap-3">
            <SubmitButton pending={save.isPending} label="Save settings" saved={save.isSuccess} />
          </div>
        )}
        {save.error && Object.keys(errors).length === 0 && (
          <div className="sm:col-span-2">
            <ErrorBanner message={save.error.message} />
          </div>
        )}
      </form>
    </Card>
  );
}
