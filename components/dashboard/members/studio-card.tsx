"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { Button, Card, ErrorBanner, Field, TextInput } from "@/components/ui/primitives";

/** The studio's name; only owners may change it (the server refuses everyone else). */
export function StudioCard({ isOwner }: { isOwner: boolean }) {
  const trpc = useTRPC();
  const studio = useQuery(trpc.studio.get.queryOptions());
  return <Card title="Studio">{studio.data && <StudioForm key={studio.data.name} name={studio.data.name} isOwner={isOwner} />}</Card>;
}

function StudioForm({ name: saved, isOwner }: { name: string; isOwner: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState(saved);
  const rename = useMutation(trpc.studio.rename.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.studio.get.queryKey() }) }));
  const errors = fieldErrorsOf(rename.error);
  if (!isOwner) return <p className="text-sm font-medium text-slate-900">{saved}</p>;
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        rename.mutate({ name });
      }}
    >
      <ErrorBanner message={rename.error && !errors.name ? errorMessageOf(rename.error) : null} />
      <Field label="Name" error={errors.name}>
        <TextInput data-testid="studio-name" value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Button type="submit" disabled={rename.isPending || name.trim() === saved}>
        Rename studio
      </Button>
    </form>
  );
}
