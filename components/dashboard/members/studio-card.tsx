"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { useFormat } from "@/components/ui/format";
import { Button, Card, ErrorBanner, Field, Select, Skeleton, TextInput } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import { useToast } from "@/components/ui/toast";
import { AuditRetentionForm } from "./audit-retention-form";
import { SubmitButton } from "@/components/ui/submit-button";

/** The studio's name (owners rename it) and time zone (admins and owners set it). */
export function StudioCard({ isOwner, canSetZone }: { isOwner: boolean; canSetZone: boolean }) {
  const trpc = useTRPC();
  const studio = useQuery(trpc.studio.get.queryOptions());
  return (
    <Card title="Studio">
      {studio.isError ? (
        <QueryError error={studio.error} onRetry={() => void studio.refetch()} title="The studio could not be loaded" />
      ) : studio.isPending ? (
        <Skeleton className="h-24" />
      ) : (
        <div className="space-y-6">
          <StudioForm key={studio.data.name} name={studio.data.name} isOwner={isOwner} />
          <TimeZoneForm key={studio.data.timeZone} saved={studio.data.timeZone} canSet={canSetZone} />
          <AuditRetentionForm isOwner={isOwner} />
        </div>
      )}
    </Card>
  );
}

function StudioForm({ name: saved, isOwner }: { name: string; isOwner: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [name, setName] = useState(saved);
  const rename = useMutation(
    trpc.studio.rename.mutationOptions({
      onSuccess: (studio) => {
        toast({ title: `Studio renamed to ${studio.name}`, tone: "success" });
        return queryClient.invalidateQueries({ queryKey: trpc.studio.get.queryKey() });
      },
    }),
  );
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

/** Common zones to pick from; any other IANA name can be typed (the server validates it). */
const COMMON_ZONES = [
  "UTC",
  "Europe/London",
  "Europe/Dublin",
  "Europe/Lisbon",
  "Europe/Paris",
  "Europe/Berlin",
  "Europe/Madrid",
  "Europe/Rome",
  "Europe/Amsterdam",
  "Europe/Stockholm",
  "Europe/Warsaw",
  "Europe/Helsinki",
  "Europe/Athens",
  "Europe/Istanbul",
  "Europe/Moscow",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "America/Toronto",
  "America/Sao_Paulo",
  "America/Mexico_City",
  "Asia/Dubai",
  "Asia/Kolkata",
  "Asia/Singapore",
  "Asia/Shanghai",
  "Asia/Seoul",
  "Asia/Tokyo",
  "Australia/Sydney",
  "Pacific/Auckland",
];
const OTHER = "__other__";

function TimeZoneForm({ saved, canSet }: { saved: string; canSet: boolean }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const f = useFormat();
  const { toast } = useToast();
  const known = COMMON_ZONES.includes(saved);
  const [choice, setChoice] = useState(known ? saved : OTHER);
  const [typed, setTyped] = useState(known ? "" : saved);
  const zone = choice === OTHER ? typed.trim() : choice;
  const save = useMutation(
    trpc.studio.setTimeZone.mutationOptions({
      onSuccess: (studio) => {
        toast({ title: `Dates are now shown in ${studio.timeZone}`, tone: "success" });
        // The zone reaches every page through the server-rendered layout.
        router.refresh();
        return queryClient.invalidateQueries({ queryKey: trpc.studio.get.queryKey() });
      },
    }),
  );
  const errors = fieldErrorsOf(save.error);
  if (!canSet) {
    return (
      <p className="text-sm text-slate-700">
        Dates are shown in <span className="font-medium text-slate-900">{saved}</span>.
      </p>
    );
  }
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ timeZone: zone });
      }}
    >
      <ErrorBanner message={save.error && !errors.timeZone ? errorMessageOf(save.error) : null} />
      <Field label="Time zone" hint={`Every date in the dashboard and the audit export is shown in this zone. Now: ${f.dateTime(new Date())}.`} error={choice === OTHER ? undefined : errors.timeZone}>
        <Select data-testid="studio-time-zone" value={choice} onChange={(e) => setChoice(e.target.value)}>
          {COMMON_ZONES.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
          <option value={OTHER}>Other (type an IANA name)…</option>
        </Select>
      </Field>
      {choice === OTHER && (
        <Field label="IANA time zone" hint="For example America/Argentina/Buenos_Aires." error={errors.timeZone}>
          <TextInput data-testid="studio-time-zone-other" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="Area/City" />
        </Field>
      )}
      <SubmitButton data-testid="studio-time-zone-save" pending={save.isPending} label="Save time zone" disabled={zone === "" || zone === saved} />
    </form>
  );
}
