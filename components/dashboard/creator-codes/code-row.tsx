"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatRate } from "@/components/dashboard/sales/format";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { Instant } from "@/components/ui/format";
import { Badge, Button, TextInput } from "@/components/ui/primitives";
import { useToast } from "@/components/ui/toast";
import type { CreatorCodeView } from "@/server/codes/manage-creator-codes";
import { bpToPercent, percentToBp } from "./rate";

type Props = { gameId: string; env: "test" | "live"; code: CreatorCodeView; canEdit: boolean };

/** One code: read-only, or its name and rate in place with the server's field errors under them. */
export function CodeRow({ gameId, env, code, canEdit }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(code.creatorName);
  const [rate, setRate] = useState(bpToPercent(code.rateBp));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.creatorCodes.pathKey() });
  const update = useMutation(
    trpc.creatorCodes.update.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setEditing(false);
      },
    }),
  );
  const { toast } = useToast();
  const toggle = useMutation(
    trpc.creatorCodes.setActive.mutationOptions({
      onSuccess: async (after) => {
        toast({ title: `${after.code} ${after.active ? "reactivated" : "deactivated"}`, tone: "success" });
        await refresh();
      },
    }),
  );
  const cancel = () => {
    setEditing(false);
    setName(code.creatorName);
    setRate(bpToPercent(code.rateBp));
    update.reset();
  };
  const errors = fieldErrorsOf(update.error);
  const other = Object.keys(errors).length === 0 ? errorMessageOf(update.error) : null;

  return (
    <tr data-testid="creator-code-row" className="align-top">
      <td className="px-3 py-2 font-mono text-sm font-medium text-slate-900">{code.code}</td>
      <td className="px-3 py-2">
        {editing ? (
          <>
            <TextInput value={name} onChange={(e) => setName(e.target.value)} aria-label="Creator name" data-testid="edit-name" />
            {errors.creatorName && <p className="mt-1 text-xs text-rose-700">{errors.creatorName.join(" ")}</p>}
          </>
        ) : (
          code.creatorName
        )}
      </td>
      <td className="px-3 py-2 tabular-nums">
        {editing ? (
          <>
            <div className="flex items-center gap-1">
              <TextInput value={rate} onChange={(e) => setRate(e.target.value)} inputMode="decimal" className="w-20" aria-label="Share in percent" data-testid="edit-rate" />
              <span className="text-slate-600">%</span>
            </div>
            {errors.rateBp && <p className="mt-1 text-xs text-rose-700">{errors.rateBp.join(" ")}</p>}
          </>
        ) : (
          formatRate(code.rateBp)
        )}
      </td>
      <td className="px-3 py-2">{code.active ? <Badge tone="green">active</Badge> : <Badge>inactive</Badge>}</td>
      <td className="whitespace-nowrap px-3 py-2 text-xs text-slate-700">
        <Instant value={code.updatedAt} />
      </td>
      <td className="px-3 py-2 text-right">
        {canEdit && (
          <div className="flex justify-end gap-1">
            {editing ? (
              <>
                <Button onClick={() => update.mutate({ gameId, env, code: code.code, creatorName: name, rateBp: percentToBp(rate) })} disabled={update.isPending} data-testid="save-code">
                  Save
                </Button>
                <Button tone="ghost" onClick={cancel}>
                  Cancel
                </Button>
              </>
            ) : (
              <>
                <Button tone="ghost" onClick={() => setEditing(true)} data-testid="edit-code">
                  Edit
                </Button>
                {code.active ? (
                  <ConfirmButton
                    label="Deactivate"
                    triggerTone="secondary"
                    title={`Deactivate ${code.code}?`}
                    body={`Buyers can no longer use ${code.code} at checkout (it is refused as invalid), so ${code.creatorName} earns nothing on new orders. Past orders and their shares stay; you can reactivate it later.`}
                    confirmLabel="Deactivate code"
                    testId="deactivate-code"
                    confirmTestId="confirm-deactivate-code"
                    onConfirm={() => toggle.mutateAsync({ gameId, env, code: code.code, active: false }).then(() => undefined)}
                  />
                ) : (
                  <ConfirmButton
                    label="Reactivate"
                    tone="primary"
                    triggerTone="secondary"
                    title={`Reactivate ${code.code}?`}
                    body={`Buyers can use ${code.code} at checkout again, and ${code.creatorName} earns ${formatRate(code.rateBp)} of the net amount of each new order with it.`}
                    confirmLabel="Reactivate code"
                    testId="activate-code"
                    confirmTestId="confirm-activate-code"
                    onConfirm={() => toggle.mutateAsync({ gameId, env, code: code.code, active: true }).then(() => undefined)}
                  />
                )}
              </>
            )}
          </div>
        )}
        {other && <p className="mt-1 text-xs text-rose-700">{other}</p>}
      </td>
    </tr>
  );
}
