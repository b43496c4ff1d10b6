import { FieldTable } from "./field-table";
import { InlineCode } from "./inline-code";
import { Markdown } from "./markdown";
import type { ReferenceOperation, ReferenceWebhook } from "./model";

const methodColors: Record<string, string> = {
  GET: "bg-emerald-100 text-emerald-900",
  POST: "bg-indigo-100 text-indigo-900",
  PUT: "bg-amber-100 text-amber-900",
  PATCH: "bg-amber-100 text-amber-900",
  DELETE: "bg-rose-100 text-rose-900",
};

const authLabels: Record<string, string> = {
  secretKey: "secret key",
  publishableKey: "publishable key",
  playerToken: "player token",
};

/** `code` spans of InlineCode outside the field tables. */
const CODE_SPANS = "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.85em] [&_code]:text-slate-800";

function authLabel(alternative: string): string {
  return alternative
    .split(" + ")
    .map((name) => authLabels[name] ?? name)
    .join(" + ");
}

function CodeBlock({ label, code }: { label: string; code: string }) {
  return (
    <figure className="mt-2 min-w-0">
      <figcaption className="text-xs font-semibold text-slate-700">{label}</figcaption>
      <pre className="mt-1 max-h-96 overflow-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100" tabIndex={0}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}

function Subheading({ children }: { children: string }) {
  return <h4 className="mt-5 text-sm font-semibold text-slate-900">{children}</h4>;
}

export function OperationSection({ operation, serverPath }: { operation: ReferenceOperation; serverPath: string }) {
  const o = operation;
  const headingId = `${o.id}-title`;
  return (
    <section id={o.id} aria-labelledby={headingId} className="min-w-0 scroll-mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 id={headingId} className={`text-lg font-semibold text-slate-900 ${CODE_SPANS}`}>
        <InlineCode text={o.summary} /> <span className="font-mono text-sm font-medium text-slate-600">{o.id}</span>
      </h3>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold ${methodColors[o.method] ?? "bg-slate-100 text-slate-900"}`}>{o.method}</span>
        <code className="font-mono text-sm font-semibold break-all text-slate-900">
          {serverPath}
          {o.path}
        </code>
        {o.auth.map((a) => (
          <span key={a} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
            {authLabel(a)}
          </span>
        ))}
      </p>
      {o.description && <Markdown className="mt-2 text-sm text-slate-700">{o.description}</Markdown>}

      {o.parameters.length > 0 && (
        <>
          <Subheading>Parameters</Subheading>
          <FieldTable rows={o.parameters} caption={`Parameters of ${o.id}`} showIn />
        </>
      )}

      {o.bodyFields.length > 0 && (
        <>
          <Subheading>{o.bodyRequired ? "Request body (required)" : "Request body"}</Subheading>
          <FieldTable rows={o.bodyFields} caption={`Request body fields of ${o.id}`} />
        </>
      )}

      {o.success && (
        <>
          <Subheading>{`Response ${o.success.status}${o.success.typeName ? ` · ${o.success.typeName}` : ""}`}</Subheading>
          <p className={`mt-1 text-sm text-slate-700 ${CODE_SPANS}`}>
            <InlineCode text={o.success.description} />
            {o.otherSuccesses.map((s) => (
              <span key={s.status}>
                {" "}
                <span className="font-mono font-semibold">{s.status}</span>: <InlineCode text={s.description} />
              </span>
            ))}
          </p>
          <FieldTable rows={o.success.fields} caption={`Response fields of ${o.id}`} />
          {o.success.headers.length > 0 && <FieldTable rows={o.success.headers} caption={`Response headers of ${o.id}`} showIn />}
        </>
      )}

      {o.errors.length > 0 && (
        <>
          <Subheading>Errors</Subheading>
          <ul className={`mt-2 space-y-1 text-sm text-slate-700 ${CODE_SPANS}`}>
            {o.errors.map((e) => (
              <li key={e.status} className="flex flex-wrap gap-x-2">
                <span className="font-mono font-semibold text-slate-900">{e.status}</span>
                {e.codes.length > 0 ? (
                  e.codes.map((code) => (
                    <a key={code} href="#guide-errors" className="inline-flex min-h-6 items-center font-mono text-xs text-indigo-700 underline underline-offset-2">
                      {code}
                    </a>
                  ))
                ) : (
                  <InlineCode text={e.description} />
                )}
              </li>
            ))}
          </ul>
        </>
      )}

      <Subheading>Examples</Subheading>
      <div className="grid min-w-0 gap-3 xl:grid-cols-2">
        <CodeBlock label="curl" code={o.examples.curl} />
        <CodeBlock label="SDK (@gamecoin/sdk)" code={o.examples.sdk} />
      </div>
      {o.examples.response !== undefined && <CodeBlock label={`Response ${o.success?.status ?? ""}`} code={JSON.stringify(o.examples.response, null, 2)} />}
    </section>
  );
}

export function WebhookSection({ webhook }: { webhook: ReferenceWebhook }) {
  const id = `webhook-${webhook.name.replaceAll(".", "-")}`;
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="min-w-0 scroll-mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        <span className="font-mono">{webhook.name}</span> <span className={`text-sm font-medium text-slate-600 ${CODE_SPANS}`}>
          <InlineCode text={webhook.summary} />
        </span>
      </h3>
      {webhook.description && <Markdown className="mt-2 text-sm text-slate-700">{webhook.description}</Markdown>}
      {webhook.headers.length > 0 && (
        <>
          <Subheading>Headers</Subheading>
          <FieldTable rows={webhook.headers} caption={`Headers of ${webhook.name}`} showIn />
        </>
      )}
      {webhook.fields.length > 0 && (
        <>
          <Subheading>Body</Subheading>
          <FieldTable rows={webhook.fields} caption={`Body fields of ${webhook.name}`} />
        </>
      )}
      {webhook.example !== undefined && <CodeBlock label="Example body" code={JSON.stringify(webhook.example, null, 2)} />}
    </section>
  );
}
