import { buildGuides, type Guide } from "@/components/api-reference/guides";
import { Markdown } from "@/components/api-reference/markdown";
import { buildReference, type Reference } from "@/components/api-reference/model";
import { OperationSection, WebhookSection } from "@/components/api-reference/operation-section";
import { ReferenceSearch, type SearchEntry } from "@/components/api-reference/search";
import { searchEntries } from "@/components/api-reference/search-index";
import { buildOpenApiDocument } from "@/server/api/openapi";
import { API_PREFIX } from "@/server/api/pipeline";
import { config } from "@/server/lib/config";
import { errorStatus } from "@/server/lib/errors";

export const dynamic = "force-dynamic";
export const metadata = { title: "Gamecoin API reference" };

const tagAnchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

/** The document changes only with the code, so its reference is built once per process and base URL. */
const built = new Map<string, { reference: Reference; guides: Guide[]; entries: SearchEntry[] }>();

function referenceFor(serverUrl: string) {
  let entry = built.get(serverUrl);
  if (!entry) {
    const reference = buildReference(buildOpenApiDocument(serverUrl));
    const guides = buildGuides(reference, errorStatus);
    entry = { reference, guides, entries: searchEntries(reference, guides) };
    built.set(serverUrl, entry);
  }
  return entry;
}

/**
 * The API reference, built on the server from the OpenAPI document the API itself serves; only the
 * search box runs in the browser.
 */
export default function DocsPage() {
  const { reference, guides, entries } = referenceFor(config().publicUrl + API_PREFIX);
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-indigo-800">
        Skip to the reference
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-baseline gap-x-4 gap-y-1 px-4 py-4 sm:px-6">
          <p className="text-lg font-bold tracking-tight">
            {reference.title} <span className="text-sm font-medium text-slate-600">{reference.version}</span>
          </p>
          <a className="text-sm font-medium text-indigo-700 underline underline-offset-2" href={`${API_PREFIX}/openapi.json`}>
            openapi.json
          </a>
        </div>
      </header>
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[260px_minmax(0,1fr)]">
        <nav aria-label="Reference contents" className="min-w-0 self-start text-sm lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto">
          <ReferenceSearch entries={entries} />
          <p className="font-semibold text-slate-900">Guides</p>
          <ul className="mt-1 mb-4 space-y-1">
            {guides.map((g) => (
              <li key={g.id}>
                <a className="text-slate-700 hover:text-indigo-700" href={`#${g.id}`}>
                  {g.title}
                </a>
              </li>
            ))}
          </ul>
          {reference.tags.map((tag) => (
            <div key={tag.name} className="mb-3">
              <a className="font-semibold text-slate-900 hover:text-indigo-700" href={`#${tagAnchor(tag.name)}`}>
                {tag.name}
              </a>
              <ul className="mt-1 hidden space-y-1 lg:block">
                {tag.operations.map((o) => (
                  <li key={o.id}>
                    <a className="font-mono text-xs text-slate-700 hover:text-indigo-700" href={`#${o.id}`}>
                      {o.id}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          {reference.webhooks.length > 0 && (
            <a className="font-semibold text-slate-900 hover:text-indigo-700" href="#webhooks">
              Webhook events
            </a>
          )}
        </nav>

        <main id="content" className="min-w-0 space-y-10">
          <div>
            <h1 className="text-3xl font-bold tracking-tight">API reference</h1>
            <p className="mt-2 text-sm text-slate-700">
              Base URL <code className="font-mono break-all">{reference.serverUrl}</code>
            </p>
            {reference.description && <Markdown className="mt-2 text-sm text-slate-700">{reference.description}</Markdown>}
          </div>

          <section aria-labelledby="guides-title" className="space-y-6">
            <h2 id="guides-title" className="text-2xl font-semibold">
              Guides
            </h2>
            {guides.map((g) => (
              <section key={g.id} id={g.id} aria-labelledby={`${g.id}-title`} className="min-w-0 scroll-mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
                <h3 id={`${g.id}-title`} className="text-lg font-semibold">
                  {g.title}
                </h3>
                <Markdown>{g.markdown}</Markdown>
              </section>
            ))}
          </section>

          {reference.tags.map((tag) => (
            <section key={tag.name} id={tagAnchor(tag.name)} aria-labelledby={`${tagAnchor(tag.name)}-title`} className="scroll-mt-6 space-y-4">
              <h2 id={`${tagAnchor(tag.name)}-title`} className="text-2xl font-semibold">
                {tag.name}
              </h2>
              {tag.description && <Markdown>{tag.description}</Markdown>}
              {tag.operations.map((o) => (
                <OperationSection key={o.id} operation={o} serverPath={API_PREFIX} />
              ))}
            </section>
          ))}

          {reference.webhooks.length > 0 && (
            <section id="webhooks" aria-labelledby="webhooks-title" className="scroll-mt-6 space-y-4">
              <h2 id="webhooks-title" className="text-2xl font-semibold">
                Webhook events
              </h2>
              {reference.webhooks.map((w) => (
                <WebhookSection key={w.name} webhook={w} />
              ))}
            </section>
          )}
        </main>
      </div>
    </div>
  );
}
