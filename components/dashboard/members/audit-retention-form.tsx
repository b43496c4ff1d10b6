"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { ErrorBanner, Field, Skeleton, TextInput } from "@/components/ui/primitives";
import { useToast } from "@/components/ui/toast";
import { SubmitButton } from "@/components/ui/submit-button";

const HINT = "Audit entries older than this are deleted by the daily cleanup. 30 to 3650 days; 730 (two years) by default.";

/** How long the studio's audit log is kept: owners set it, everyone else reads it. */
export function AuditRetentionForm({ isOwner }: { isOwner: boolean }) {
  const trpc = useTRPC();
  const retention = useQuery(trpc.privacy.auditRetention.queryOptions());
  if (retention.isPending) return <Skeleton className="h-16" />;
  if (retention.isError) return <ErrorBanner message={errorMessageOf(retention.error) ?? "The audit-log retention could not be loaded."} />;
  if (!isOwner) {
    return (
      <p className="text-sm text-slate-700" data-testid="audit-retention">
        The audit log keeps entries for <span className="font-medium text-slate-900">{retention.data.days} days</span>.
      </p>
    );
  }
  return <RetentionEditor key={retention.data.days} saved={retention.data.days} />;
}

function RetentionEditor({ saved }: { saved: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [typed, setTyped] = useState(String(saved));
  const save = useMutation(
    trpc.privacy.setAuditRetention.mutationOptions({
      onSuccess: (view) => {
        toast({ title: `The audit log now keeps ${view.days} days`, tone: "success" });
        return queryClient.invalidateQueries({ queryKey: trpc.privacy.auditRetention.queryKey() });
      },
    }),
  );
  const errors = fieldErrorsOf(save.error);
  const days = Number(typed);
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ days });
      }}
    >
      <ErrorBanner message={save.error && !errors.days ? errorMessageOf(save.error) : null} />
      <Field label="Audit-log retention (days)" hint={HINT} error={errors.days}>
        <TextInput data-testid="audit-retention-days" type="number" inputMode="numeric" min={30} max={3650} step={1} value={typed} onChange={(e) => setTyped(e.target.value)} />
      </Field>
      <SubmitButton data-testid="audit-retention-save" pending={save.isPending} label="Save retention" disabled={typed.trim() === "" || days === saved} />
    </form>
  );
}
