"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/dashboard/trpc";
import { Field, Select, TextInput } from "@/components/ui/primitives";

export type AuditFilters = { gameId: string; action: string; staffId: string; from: string; to: string };
export const noFilters: AuditFilters = { gameId: "", action: "", staffId: "", from: "", to: "" };

/** Native selects and date inputs with visible labels; days are the studio's calendar days. */
export function AuditFilterBar({ filters, onChange, timeZone }: { filters: AuditFilters; onChange: (next: AuditFilters) => void; timeZone: string }) {
  const trpc = useTRPC();
  // Archived games keep their history, so the filter lists them too.
  const games = useQuery(trpc.games.list.queryOptions({ includeArchived: true }));
  const options = useQuery(trpc.audit.filters.queryOptions());
  const set = (key: keyof AuditFilters) => (event: { target: { value: string } }) => onChange({ ...filters, [key]: event.target.value });
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <Field label="Game">
        <Select value={filters.gameId} onChange={set("gameId")} data-testid="audit-filter-game">
          <option value="">All games</option>
          {games.data?.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
              {g.archivedAt ? " (archived)" : ""}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Action">
        <Select value={filters.action} onChange={set("action")} data-testid="audit-filter-action">
          <option value="">All actions</option>
          {options.data?.actions.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Person">
        <Select value={filters.staffId} onChange={set("staffId")} data-testid="audit-filter-staff">
          <option value="">Everyone</option>
          {options.data?.staff.map((s) => (
            <option key={s.id} value={s.id}>
              {s.email}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={`From (${timeZone})`}>
        <TextInput type="date" value={filters.from} max={filters.to || undefined} onChange={set("from")} data-testid="audit-filter-from" />
      </Field>
      <Field label={`To (${timeZone})`}>
        <TextInput type="date" value={filters.to} min={filters.from || undefined} onChange={set("to")} data-testid="audit-filter-to" />
      </Field>
    </div>
  );
}
