import { InlineCode } from "./inline-code";
import type { FieldRow } from "./schema";

type Row = FieldRow & { in?: string };

/**
 * Fields as a real table: one header cell per column (`<th scope="col">`) with its own spacing, so
 * screen readers and eyes read "Field", "Type", "Rules" apart. Rules keep their `code` spans.
 */
export function FieldTable({ rows, caption, showIn = false }: { rows: Row[]; caption: string; showIn?: boolean }) {
  if (rows.length === 0) return null;
  return (
    <div className="mt-2 overflow-x-auto rounded-md border border-slate-200">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="bg-slate-50 text-slate-800">
            <th scope="col" className="px-3 py-2 font-semibold">
              {showIn ? "Parameter" : "Field"}
            </th>
            {showIn && (
              <th scope="col" className="px-3 py-2 font-semibold">
                In
              </th>
            )}
            <th scope="col" className="px-3 py-2 font-semibold">
              Type
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Rules and notes
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.in ?? ""}:${row.name}`} className="border-t border-slate-100 align-top">
              <th scope="row" className="px-3 py-2 font-mono text-xs font-semibold break-all text-slate-900">
                {row.name}
                <span className={`mt-1 block font-sans text-[11px] font-medium ${row.required ? "text-rose-700" : "text-slate-600"}`}>
                  {row.required ? "required" : "optional"}
                </span>
              </th>
              {showIn && <td className="px-3 py-2 text-slate-700">{row.in}</td>}
              <td className="px-3 py-2 font-mono text-xs text-slate-700">{row.type}</td>
              <td className="px-3 py-2 text-slate-700">
                {row.description && (
                  <p className="text-sm">
                    <InlineCode text={row.description} />
                  </p>
                )}
                {row.rules.length > 0 && (
                  <p className="mt-1 text-xs text-slate-600">
                    <InlineCode text={row.rules.join("; ")} />
                  </p>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
