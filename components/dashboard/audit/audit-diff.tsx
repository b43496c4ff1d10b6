import { CodeBlock } from "@/components/ui/code-block";

/** The change an audit entry records: field by field when both sides are objects, else both sides whole. */

type Row = { key: string; before: unknown; after: unknown; changed: boolean };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const show = (v: unknown) => (v === undefined ? "—" : JSON.stringify(v, null, 2));

function rows(before: unknown, after: unknown): Row[] | null {
  // A creation (no before) or a deletion (no after) lists the one side's fields.
  const b = before === null ? {} : before;
  const a = after === null ? {} : after;
  if (!isRecord(b) || !isRecord(a)) return null;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((key) => ({ key, before: b[key], after: a[key], changed: JSON.stringify(b[key]) !== JSON.stringify(a[key]) }));
}

/** A one-line summary for the table: which fields changed. */
export function changeSummary(before: unknown, after: unknown): string {
  if (before === null && after === null) return "no details";
  if (before === null) return "created";
  if (after === null) return "removed";
  const changed = rows(before, after)?.filter((r) => r.changed).map((r) => r.key);
  return changed ? (changed.length ? changed.join(", ") : "no change") : "changed";
}

export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const table = rows(before, after);
  if (!table) {
    return (
      <div className="grid gap-2 sm:grid-cols-2">
        <Side title="Before" value={before} />
        <Side title="After" value={after} />
      </div>
    );
  }
  // A creation or a deletion has one side only: its fields, without an empty column beside them.
  if (before === null || after === null) {
    const side = before === null ? "after" : "before";
    return (
      <table className="w-full table-fixed text-left text-xs" data-testid="audit-diff">
        <thead className="text-slate-600">
          <tr>
            <th className="w-48 py-1 pr-2 font-medium">Field</th>
            <th className="py-1 font-medium">{before === null ? "Value (created)" : "Value (before removal)"}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top font-mono">
          {table.map((r) => (
            <tr key={r.key}>
              <td className="py-1 pr-2 font-sans font-medium text-slate-700">{r.key}</td>
              <td className="py-1 text-slate-800">
                <pre className="whitespace-pre-wrap break-all">{show(r[side])}</pre>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  // Changed fields first; unchanged ones are context, shown dimmed.
  const ordered = [...table.filter((r) => r.changed), ...table.filter((r) => !r.changed)];
  return (
    <table className="w-full table-fixed text-left text-xs" data-testid="audit-diff">
      <thead className="text-slate-600">
        <tr>
          <th className="w-48 py-1 pr-2 font-medium">Field</th>
          <th className="py-1 pr-2 font-medium">Before</th>
          <th className="py-1 font-medium">After</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 align-top font-mono">
        {ordered.map((r) => (
          <tr key={r.key} className={r.changed ? "" : "text-slate-600"}>
            <td className="py-1 pr-2 font-sans font-medium">{r.key}</td>
            <td className={`py-1 pr-2 ${r.changed ? "bg-rose-50 text-rose-900" : ""}`}>
              <pre className="whitespace-pre-wrap break-all">{show(r.before)}</pre>
            </td>
            <td className={`py-1 ${r.changed ? "bg-emerald-50 text-emerald-900" : ""}`}>
              <pre className="whitespace-pre-wrap break-all">{show(r.after)}</pre>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Side({ title, value }: { title: string; value: unknown }) {
  return (
    <div>
      <p className="text-xs font-medium text-slate-600">{title}</p>
      <CodeBlock label={title} className="mt-1 max-h-64 rounded bg-slate-50 p-2 text-xs text-slate-800">
        {value === null ? "—" : show(value)}
      </CodeBlock>
    </div>
  );
}
