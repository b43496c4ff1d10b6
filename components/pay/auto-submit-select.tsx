"use client";

import type { ReactNode } from "react";

/** A select that submits its form on change; the form's button still works without JavaScript. */
export function AutoSubmitSelect({ id, name, defaultValue, label, children }: { id?: string; name: string; defaultValue: string; label: string; children: ReactNode }) {
  return (
    <select
      id={id}
      name={name}
      aria-label={label}
      defaultValue={defaultValue}
      onChange={(event) => event.currentTarget.form?.requestSubmit()}
      className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
    >
      {children}
    </select>
  );
}
