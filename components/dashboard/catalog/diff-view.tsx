"use client";

import type { CatalogDiff, ChangedEntry, FieldChange } from "@/server/catalog/promotion/catalog-diff";
import type { CatalogKind } from "@/server/catalog/promotion/catalog-document";

const kindLabel: Record<CatalogKind, string> = { currencies: "Currency", items: "Item", packs: "Pack" };

/** A field's value in one line: text as is, nothing as "—", structures as compact JSON. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return value === "" ? "(empty)" : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

function Changes({ changes, from, to }: { changes: FieldChange[]; from: string; to: string }) {
  return (
    <dl className="mt-1 space-y-1 text-xs">
      {changes.map((c) => (
        <div key={c.field} className="grid gap-x-2 sm:grid-cols-[8rem_1fr]">
          <dt className="font-mono text-slate-700">{c.field}</dt>
          <dd className="min-w-0 break-words text-slate-800">
            <span className="sr-only">{from}: </span>
            <del className="text-rose-800">{shown(c.from)}</del>
            <span aria-hidden="true"> → </span>
            <span className="sr-only">, {to}: </span>
            <ins className="text-emerald-800 no-underline">{shown(c.to)}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Group({ title, count, children, testId }: { title: string; count: number; children: React.ReactNode; testId: string }) {
  if (count === 0) return null;
  return (
    <section aria-label={title} data-testid={testId}>
      <h3 className="text-sm font-semibold text-slate-900">
        {title} ({count})
      </h3>
      <ul className="mt-2 space-y-3">{children}</ul>
    </section>
  );
}

function EntryTitle({ kind, name, entryKey }: { kind: CatalogKind; name: string; entryKey: string }) {
  return (
    <p className="text-sm">
      <span className="text-slate-700">{kindLabel[kind]}</span> <span className="font-medium text-slate-900">{name}</span>{" "}
      <span className="font-mono text-xs text-slate-700">{entryKey}</span>
    </p>
  );
}

function ChangedList({ entries, from, to }: { entries: ChangedEntry[]; from: string; to: string }) {
  return entries.map((e) => (
    <li key={`${e.kind}/${e.key}`} className="rounded-md border border-slate-200 p-3">
      <EntryTitle kind={e.kind} name={e.name} entryKey={e.key} />
      <Changes changes={e.changes} from={from} to={to} />
    </li>
  ));
}

export function changeCount(diff: CatalogDiff): number {
  return diff.added.length + diff.changed.length + diff.archived.length;
}

/**
 * A catalog diff grouped as added, changed and archived, each change field by field ("from → to").
 * `from`/`to` name the two sides for screen readers ("live", "test").
 */
export function DiffView({ diff, from, to, emptyText }: { diff: CatalogDiff; from: string; to: string; emptyText: string }) {
  if (changeCount(diff) === 0) {
    return (
      <p className="rounded-md bg-slate-50 px-3 py-4 text-center text-sm text-slate-700" data-testid="diff-empty">
        {emptyText}
      </p>
    );
  }
  return (
    <div className="space-y-5" data-testid="catalog-diff">
      <Group title="Added" count={diff.added.length} testId="diff-added">
        {diff.added.map((a) => (
          <li key={`${a.kind}/${a.key}`} className="rounded-md border border-slate-200 p-3">
            <EntryTitle kind={a.kind} name={a.name} entryKey={a.key} />
            <p className="mt-1 text-xs text-slate-700">New, {a.entry.status}.</p>
          </li>
        ))}
      </Group>
      <Group title="Changed" count={diff.changed.length} testId="diff-changed">
        <ChangedList entries={diff.changed} from={from} to={to} />
      </Group>
      <Group title="Archived" count={diff.archived.length} testId="diff-archived">
        <ChangedList entries={diff.archived} from={from} to={to} />
      </Group>
    </div>
  );
}
