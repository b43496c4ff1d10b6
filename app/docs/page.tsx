import { OperationCard, type ReferenceOperation } from "@/components/api-reference";
import { buildOpenApiDocument } from "@/server/api/openapi";
import { API_PREFIX } from "@/server/api/pipeline";
import { config } from "@/server/lib/config";

export const dynamic = "force-dynamic";
export const metadata = { title: "Gamecoin API reference" };

type JsonObject = Record<string, unknown>;

function toReference(document: JsonObject): ReferenceOperation[] {
  const paths = document.paths as Record<string, Record<string, JsonObject>>;
  const result: ReferenceOperation[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const security = (op.security as JsonObject[])[0] ?? {};
      const requestBody = op.requestBody as { content: { "application/json": { schema: JsonObject } } } | undefined;
      const responses = op.responses as Record<string, { description: string; content?: { "application/json": { schema: JsonObject } } }>;
      result.push({
        method: method.toUpperCase(),
        path,
        operationId: String(op.operationId),
        summary: String(op.summary),
        tag: String((op.tags as string[])[0]),
        auth: Object.keys(security).join(" + "),
        parameters: (op.parameters as ReferenceOperation["parameters"]) ?? [],
        requestSchema: requestBody?.content["application/json"].schema ?? null,
        responses: Object.entries(responses).map(([status, r]) => ({
          status,
          description: r.description,
          schema: r.content?.["application/json"].schema ?? null,
        })),
      });
    }
  }
  return result;
}

export default function DocsPage() {
  const document = buildOpenApiDocument(config().publicUrl + API_PREFIX);
  const operations = toReference(document);
  const tags = [...new Set(operations.map((o) => o.tag))];
  const schemas = (document.components as { schemas: Record<string, JsonObject> }).schemas;
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-6 py-10 lg:grid-cols-[220px_1fr]">
      <nav className="top-6 self-start text-sm lg:sticky">
        <p className="mb-3 text-xs font-semibold uppercase tracking-widest text-indigo-600">Gamecoin API 1.0</p>
        {tags.map((tag) => (
          <div key={tag} className="mb-4">
            <p className="font-semibold">{tag}</p>
            <ul className="mt-1 space-y-1">
              {operations
                .filter((o) => o.tag === tag)
                .map((o) => (
                  <li key={o.operationId}>
                    <a className="text-slate-600 hover:text-indigo-600" href={`#${o.operationId}`}>
                      {o.operationId}
                    </a>
                  </li>
                ))}
            </ul>
          </div>
        ))}
        <a className="font-medium text-indigo-600" href="/api/v1/openapi.json">
          openapi.json
        </a>
      </nav>
      <main className="space-y-8">
        <header>
          <h1 className="text-3xl font-bold tracking-tight">API reference</h1>
          <p className="mt-2 text-slate-600">
            Base URL <code className="font-mono">{config().publicUrl + API_PREFIX}</code>. Server routes take the secret key as{" "}
            <code className="font-mono">Authorization: Bearer svc_sk_…</code>; writes take an <code className="font-mono">Idempotency-Key</code>.
            Errors are <code className="font-mono">{"{ error: { code, message, details } }"}</code>.
          </p>
        </header>
        {tags.map((tag) => (
          <section key={tag} className="space-y-4">
            <h2 className="text-xl font-semibold">{tag}</h2>
            {operations
              .filter((o) => o.tag === tag)
              .map((o) => (
                <OperationCard key={o.operationId} operation={o} />
              ))}
          </section>
        ))}
        <section className="space-y-3">
          <h2 className="text-xl font-semibold">Schemas</h2>
          {Object.entries(schemas).map(([name, schema]) => (
            <details key={name} className="rounded-lg border border-slate-200 bg-white p-4">
              <summary className="cursor-pointer font-mono font-semibold">{name}</summary>
              <pre className="mt-2 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">{JSON.stringify(schema, null, 2)}</pre>
            </details>
          ))}
        </section>
      </main>
    </div>
  );
}
