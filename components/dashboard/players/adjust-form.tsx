"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/dashboard/trpc";
import { Button, Card, Field, Select, TextInput } from "@/components/ui/primitives";
import { FormErrorBanner, formErrors } from "../catalog/form-errors";
import { formatAmount, NumberFields } from "../catalog/format";

type Props = { gameId: string; env: "test" | "live"; playerId: string; currencies: string[]; spendOrder: "bonus_first" | "paid_first" | null };

/**
 * A manual correction with its reason, written as an `adjustment` ledger entry. Positive amounts are
 * credited as bonus coins; negative ones are taken like a spend and refused beyond the balance.
 */
export function AdjustForm({ gameId, env, playerId, currencies, spendOrder }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [currency, setCurrency] = useState(currencies[0] ?? "");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const adjust = useMutation(
    trpc.players.adjust.mutationOptions({
      onSuccess: async () => {
        setAmount("");
        setReason("");
        await queryClient.invalidateQueries({ queryKey: trpc.players.pathKey() });
      },
    }),
  );
  const [parseErrors, setParseErrors] = useState<Record<string, string[]>>({});
  const errors = { ...formErrors(adjust.error).errors, ...parseErrors };
  const value = new NumberFields().whole("amount", amount, { required: true });
  const summary =
    value === null || value === 0
      ? null
      : value > 0
        ? `Credits ${formatAmount(value)} ${currency} as bonus coins (repaying any debt first).`
        : `Takes ${formatAmount(-value)} ${currency}${spendOrder === "paid_first" ? ", paid coins first" : ", bonus coins first"}; refused if the balance is lower.`;
  return (
    <Card title="Manual adjustment">
      <form
        className="space-y-3"
        data-testid="adjust-form"
        onSubmit={(event) => {
          event.preventDefault();
          const numbers = new NumberFields();
          const parsed = numbers.whole("amount", amount, { required: true });
          setParseErrors(numbers.errors);
          if (numbers.ok && parsed !== null) adjust.mutate({ gameId, env, playerId, currency, amount: parsed, reason });
          else adjust.reset();
        }}
      >
        <FormErrorBanner error={adjust.error} shownFields={["currency", "amount", "reason"]} />
        <div className="grid gap-3 sm:grid-cols-2">
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
          <TextInput value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} placeholder="Support ticket #1234: purchase not delivered" data-testid="adjust-reason" />
        </Field>
        {summary && <p className="text-xs text-slate-600">{summary}</p>}
        <div className="flex items-center justify-end gap-3">
          {adjust.isSuccess && (
            <p className="text-xs text-emerald-700" data-testid="adjust-done">
              Adjusted: {adjust.data.entry.currency} balance is now {formatAmount(adjust.data.balance.total)}.
            </p>
          )}
          <Button type="submit" disabled={adjust.isPending || currencies.length === 0} data-testid="adjust-submit">
            Apply adjustment
          </Button>
        </div>
      </form>
    </Card>
  );
}
