"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessageOf, useTRPC } from "@/components/dashboard/trpc";
import { useFormat } from "@/components/ui/format";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { Button, ErrorBanner } from "@/components/ui/primitives";
import type { OrderDetail, OrderMovesNow } from "@/server/orders/get-order-detail";

type Props = {
  gameId: string;
  env: "test" | "live";
  orderId: string;
  amountCents: number;
  /** What the order delivered, by name ("500 + 50 bonus Coins", "2 × Potion"): what the refund takes back. */
  contents: string[];
  negativeBalance: OrderDetail["negativeBalance"];
  moves: OrderMovesNow;
  canAct: boolean;
};

/**
 * Refund (support and above, fulfilled orders only) and, in test, the sandbox moves a payment provider
 * would make. The server checks role, environment and state again; these buttons only hide what
 * cannot work.
 */
export function OrderActions({ gameId, env, orderId, amountCents, contents, negativeBalance, moves, canAct }: Props) {
  const trpc = useTRPC();
  const f = useFormat();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.orders.get.queryKey({ gameId, env, orderId }) });
  const refund = useMutation(trpc.orders.refund.mutationOptions({ onSuccess: refresh }));
  const pay = useMutation(trpc.orders.sandboxPay.mutationOptions({ onSuccess: refresh }));
  const decline = useMutation(trpc.orders.sandboxDecline.mutationOptions({ onSuccess: refresh }));
  const chargeback = useMutation(trpc.orders.sandboxChargeback.mutationOptions({ onSuccess: refresh }));
  if (!canAct) return null;
  const input = { gameId, env, orderId };
  const sandbox = env === "test" && (moves.pay || moves.decline || moves.chargeback);
  const busy = refund.isPending || pay.isPending || decline.isPending || chargeback.isPending;
  // Errors show on the page (the dialog closes either way): a refused move is a state the page explains.
  const settle = (run: Promise<unknown>) => run.then(() => undefined, () => undefined);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        {moves.refund && (
          <ConfirmButton
            label="Refund"
            title="Refund this order?"
            testId="refund-order"
            confirmTestId="confirm-refund"
            confirmLabel={`Refund ${f.euros(amountCents)}`}
            disabled={busy}
            body={
              <div className="space-y-3">
                <p>
                  {amountCents > 0 ? `The buyer gets ${f.euros(amountCents)} back through the payment provider.` : "This order was free: no money moves."}{" "}
                  {contents.length > 0 ? `The player loses what the order delivered: ${contents.join(", ")} (items only as far as they still own them).` : ""}
                </p>
                <p data-testid="refund-debt-policy">
                  {negativeBalance === "allow"
                    ? "Coins already spent are taken anyway: the balance goes negative, a debt that later credits repay first."
                    : "Coins already spent are not recovered: the balance stops at zero (the game's setting)."}{" "}
                  This cannot be undone.
                </p>
                <label className="block text-sm">
                  <span className="font-medium text-slate-700">Reason (optional, kept with the order)</span>
                  <textarea
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                    maxLength={500}
                    rows={2}
                    className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none"
                    data-testid="refund-reason"
                  />
                </label>
              </div>
            }
            onConfirm={async () => {
              // A refused refund throws: the dialog stays open and says why.
              await refund.mutateAsync({ ...input, reason: reason.trim() === "" ? undefined : reason.trim() });
            }}
          />
        )}
        {sandbox && (
          <div className="flex flex-wrap items-center gap-2 rounded-lg border border-dashed border-amber-300 bg-amber-50 px-2 py-1.5" data-testid="sandbox-actions">
            <span className="text-xs font-semibold uppercase tracking-wide text-amber-800">Sandbox</span>
            {moves.pay && (
              <Button tone="secondary" onClick={() => pay.mutate(input)} disabled={busy} data-testid="sandbox-pay">
                Pay
              </Button>
            )}
            {moves.decline && (
              <Button tone="secondary" onClick={() => decline.mutate(input)} disabled={busy} data-testid="sandbox-decline">
                Decline
              </Button>
            )}
            {moves.chargeback && (
              <ConfirmButton
                label="Chargeback"
                title="Simulate a chargeback?"
                testId="sandbox-chargeback"
                confirmTestId="confirm-chargeback"
                confirmLabel="Simulate chargeback"
                disabled={busy}
                body="The payer disputes the payment: a fulfilled order's coins and items are taken back, and order.chargeback is sent to your webhooks."
                onConfirm={() => settle(chargeback.mutateAsync(input))}
              />
            )}
          </div>
        )}
      </div>
      <ErrorBanner message={errorMessageOf(refund.error ?? pay.error ?? decline.error ?? chargeback.error)} />
    </div>
  );
}
