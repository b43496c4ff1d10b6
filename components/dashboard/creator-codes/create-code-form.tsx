"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { Button, Card, ErrorBanner, Field, TextInput } from "@/components/ui/primitives";
import { percentToBp } from "./rate";

export function CreateCodeForm({ gameId, env }: { gameId: string; env: "test" | "live" }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [code, setCode] = useState("");
  const [creatorName, setCreatorName] = useState("");
  const [rate, setRate] = useState("10");
  const [active, setActive] = useState(true);
  const create = useMutation(
    trpc.creatorCodes.create.mutationOptions({
      onSuccess: async () => {
        setCode("");
        setCreatorName("");
        await queryClient.invalidateQueries({ queryKey: trpc.creatorCodes.pathKey() });
      },
    }),
  );
  const errors = fieldErrorsOf(create.error);
  return (
    <Card title="New creator code">
      <form
        className="space-y-3"
        data-testid="create-creator-code"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ gameId, env, code, creatorName, rateBp: percentToBp(rate), active });
        }}
      >
        <ErrorBanner message={create.error && Object.keys(errors).length === 0 ? errorMessageOf(create.error) : null} />
        <Field label="Code" error={errors.code} hint="2 to 32 letters, digits, _ or -; stored in upper case.">
          <TextInput value={code} onChange={(e) => setCode(e.target.value)} placeholder="NINJA" className="font-mono uppercase" data-testid="code-input" />
        </Field>
        <Field label="Creator name" error={errors.creatorName}>
          <TextInput value={creatorName} onChange={(e) => setCreatorName(e.target.value)} placeholder="Ninja" data-testid="creator-name-input" />
        </Field>
        <Field label="Creator's share (% of net)" error={errors.rateBp} hint="Of the amount without VAT; 0 to 100.">
          <TextInput value={rate} onChange={(e) => setRate(e.target.value)} inputMode="decimal" data-testid="rate-input" />
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> Active (buyers can use it now)
        </label>
        <Button type="submit" disabled={create.isPending} data-testid="create-code-submit">
          Create code
        </Button>
        {create.isSuccess && <p className="text-xs text-emerald-700">Created {create.data.code}.</p>}
      </form>
    </Card>
  );
}
