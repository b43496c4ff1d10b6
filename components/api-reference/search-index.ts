import type { Guide } from "./guides";
import type { Reference } from "./model";
import type { SearchEntry } from "./search";

/** Strips Markdown punctuation: the index matches words, not syntax. */
function plain(markdown: string): string {
  return markdown.replace(/[`*_#|>\[\]()]/g, " ").replace(/\s+/g, " ");
}

/** What the search box filters: each operation, webhook event and guide, with the words it answers to. */
export function searchEntries(reference: Reference, guides: Guide[]): SearchEntry[] {
  const entries: SearchEntry[] = guides.map((g) => ({ href: `#${g.id}`, title: g.title, kind: "guide", text: plain(g.markdown).slice(0, 4000) }));
  for (const o of reference.operations) {
    entries.push({
      href: `#${o.id}`,
      title: `${o.summary} (${o.id})`,
      kind: `${o.method} ${o.path}`,
      text: [o.tag, o.description ?? "", ...o.parameters.map((p) => p.name), ...o.bodyFields.map((f) => f.name), ...o.errors.flatMap((e) => e.codes)].join(" "),
    });
  }
  for (const w of reference.webhooks) {
    entries.push({ href: `#webhook-${w.name.replaceAll(".", "-")}`, title: w.name, kind: "webhook", text: `${w.summary} ${w.description ?? ""} ${w.fields.map((f) => f.name).join(" ")}` });
  }
  return entries;
}
