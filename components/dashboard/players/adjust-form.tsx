"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/dashboard/trpc";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { useFormat } from "@/components/ui/format";
import { Card, Field, Select, TextInput } from "@/components/ui/primitives";
import { useToast } from "@/components/ui/toast";
import { FormErrorBanner, formErrors } from "../catalog/form-errors";
import { NumberFields } from "../catalog/format";

type Props = { gameId: string; env: "test" | "live"; playerId: string; currencies: string[]; spendOrder: "bonus_first" | "paid_first" | null };

/**
 * A manual correction with its reason, written as an `adjustment` ledger entry. Positive amounts are
 * credited as bonus coins; negative ones are taken like a spend and refused beyond the balance. It
 * is confirmed first, with the consequence spelled out, since the ledger keeps it for good.
 */
export function AdjustForm({ gameId, env, playerId, currencies, spendOrder }: Props) {
  const trpc = useTRPC();
  const f = useFormat();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [currency, setCurrency] = useState(currencies[0] ?? "");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const adjust = useMutation(trpc.players.adjust.mutationOptions());
  const [parseErrors, setParseErrors] = useState<Record<string, string[]>>({});
  const errors = { ...formErrors(adjust.error).errors, ...parseErrors };
  const value = new NumberFields().whole("amount", amount, { required: true });
  const consequence =
    value === null || value === 0
      ? "Enter a non-zero whole amount first."
      : value > 0
        ? `Credits ${f.number(value)} ${currency} to the player as bonus coins (repaying any debt first).`
        : `Takes ${f.number(-value)} ${currency} from the player${spendOrder === "paid_first" ? ", paid coins first" : ", bonus coins first"}; refused if the balance is lower.`;
  return (
    <Card title="Manual adjustment">
      <div className="space-y-3" data-testid="adjust-form">
        <FormErrorBanner error={adjust.error} shownFields={["currency", "amount", "reason"]} />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label="Currency" error={errors.currency}>
            <Select value={currency} onChange={(e) => setCurrency(e.target.value)} data-testid="adjust-currency">
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Amount" error={errors.amount} hint="Positive to credit, negative to debit.">
            <TextInput inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="+100 or -50" data-testid="adjust-amount" />
          </Field>
        </div>
        <Field label="Reason" error={errors.reason} hint="Required. Stored on the ledger entry and in the audit log.">
          <TextInput value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} placeholder="Support ticket #1234" data-testid="adjust-reason" />
        </Field>
        <div className="flex justify-end">
          <ConfirmButton
            label="Apply adjustment"
            tone="primary"
            title="Apply this adjustment?"
            testId="adjust-submit"
            confirmTestId="confirm-adjust"
            confirmLabel="Apply adjustment"
            disabled={adjust.isPending || currencies.length === 0}
            body={
              <p>
                {consequence} It is written to the player&apos;s ledger with your reason and cannot be deleted; a mistake is corrected by an opposite adjustment.
              </p>
            }
            onConfirm={async () => {
              const numbers = new NumberFields();
              const parsed = numbers.whole("amount", amount, { required: true });
              setParseErrors(numbers.errors);
              if (!numbers.ok || parsed === null) {
                adjust.reset();
                return;
              }
              const done = await adjust.mutateAsync({ gameId, env, playerId, currency, amount: parsed, reason }).catch((error: unknown) => {
                // Field errors show next to their fields; the dialog closes so they can be corrected.
                if (Object.keys(formErrors(error).errors).length > 0) return null;
                throw error;
              });
              if (!done) return;
              setAmount("");
              setReason("");
              toast({ title: "Balance adjusted", description: `${done.entry.currency} balance is now ${f.number(done.balance.total)}.`, tone: "success" });
              await queryClient.invalidateQueries({ queryKey: trpc.players.pathKey() });
            }}
          />
        </div>
      </div>
    </Card>
  );
}
