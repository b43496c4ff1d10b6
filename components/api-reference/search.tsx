"use client";

import { useId, useMemo, useState } from "react";

export type SearchEntry = { href: string; title: string; kind: string; text: string };

const MAX_RESULTS = 12;

/**
 * Filters the reference's operations and guides in the browser: every word typed must appear in the
 * entry's title or text. The page itself is server-rendered; this is its only client code.
 */
export function ReferenceSearch({ entries }: { entries: SearchEntry[] }) {
  const [query, setQuery] = useState("");
  const inputId = useId();
  const statusId = useId();
  const lowered = useMemo(() => entries.map((e) => `${e.title} ${e.kind} ${e.text}`.toLowerCase()), [entries]);
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = words.length === 0 ? [] : entries.filter((_, i) => words.every((w) => lowered[i]?.includes(w)));
  return (
    <div role="search" className="mb-6">
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
        Search the reference
      </label>
      <input
        id={inputId}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="grant, webhook, PLAYER_BLOCKED…"
        aria-describedby={statusId}
        autoComplete="off"
        className="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-indigo-600 focus:ring-2 focus:ring-indigo-600 focus:outline-none"
      />
      <p id={statusId} aria-live="polite" className="mt-1 text-xs text-slate-600">
        {words.length === 0 ? "" : matches.length === 0 ? "No match." : `${matches.length} ${matches.length === 1 ? "match" : "matches"}`}
      </p>
      {matches.length > 0 && (
        <ul className="mt-1 space-y-1 text-sm">
          {matches.slice(0, MAX_RESULTS).map((m) => (
            <li key={m.href}>
              <a href={m.href} className="block rounded px-1 py-0.5 text-indigo-700 hover:bg-indigo-50 focus:bg-indigo-50">
                {m.title} <span className="text-xs text-slate-600">{m.kind}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
