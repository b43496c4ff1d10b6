type JsonObject = Record<string, unknown>;

export type ReferenceOperation = {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  auth: string;
  parameters: { name: string; in: string; required: boolean; description?: string }[];
  requestSchema: JsonObject | null;
  responses: { status: string; description: string; schema: JsonObject | null }[];
};

const methodColors: Record<string, string> = {
  GET: "bg-emerald-100 text-emerald-800",
  POST: "bg-indigo-100 text-indigo-800",
  PUT: "bg-amber-100 text-amber-800",
  DELETE: "bg-rose-100 text-rose-800",
};

function SchemaBlock({ schema }: { schema: JsonObject }) {
  return (
    <pre className="max-h-72 overflow-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">
      {JSON.stringify(schema, null, 2)}
    </pre>
  );
}

export function OperationCard({ operation }: { operation: ReferenceOperation }) {
  return (
    <section id={operation.operationId} className="scroll-mt-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-3">
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold ${methodColors[operation.method] ?? "bg-slate-100"}`}>
          {operation.method}
        </span>
        <code className="font-mono text-sm font-semibold">/api/v1{operation.path}</code>
        <span className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">{operation.auth}</span>
      </div>
      <h3 className="mt-2 text-base font-semibold">{operation.operationId}</h3>
      <p className="text-sm text-slate-600">{operation.summary}</p>
      {operation.parameters.length > 0 && (
        <table className="mt-3 w-full text-left text-sm">
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              <th className="py-1">Parameter</th>
              <th>In</th>
              <th>Required</th>
              <th>Notes</th>
            </tr>
          </thead>
          <tbody>
            {operation.parameters.map((p) => (
              <tr key={`${p.in}:${p.name}`} className="border-t border-slate-100">
                <td className="py-1 font-mono">{p.name}</td>
                <td>{p.in}</td>
                <td>{p.required ? "yes" : "no"}</td>
                <td className="text-slate-600">{p.description ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {operation.requestSchema && (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium">Request body</summary>
          <SchemaBlock schema={operation.requestSchema} />
        </details>
      )}
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-medium">Responses</summary>
        <ul className="mt-2 space-y-2 text-sm">
          {operation.responses.map((r) => (
            <li key={r.status}>
              <span className="font-mono font-semibold">{r.status}</span> <span className="text-slate-600">{r.description}</span>
              {r.schema && <SchemaBlock schema={r.schema} />}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
