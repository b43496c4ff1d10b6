import "server-only";
import { createHash } from "node:crypto";
import { catalogKinds, type CatalogDocument, type CatalogEntry, type CatalogKind } from "./catalog-document";

export type FieldChange = { field: string; from: unknown; to: unknown };
/** An entry that exists on both sides: each field that differs, the target's value → the source's. */
export type ChangedEntry = { kind: CatalogKind; key: string; name: string; changes: FieldChange[] };
export type AddedEntry = { kind: CatalogKind; key: string; name: string; entry: CatalogEntry };
/**
 * What applying `source` over `target` does. `archived`: entries that leave the target's shop (archived or
 * absent in the source); rows are never deleted, because orders and inventories keep referring to them.
 */
export type CatalogDiff = { added: AddedEntry[]; changed: ChangedEntry[]; archived: ChangedEntry[] };
/** One row to write, in reference order (currencies, items, packs): `insert` for an added entry. */
export type CatalogWrite = { kind: CatalogKind; entry: CatalogEntry; insert: boolean };
export type CatalogPlan = { diff: CatalogDiff; writes: CatalogWrite[]; fingerprint: string };

export function keyOf(entry: CatalogEntry): string {
  return "code" in entry ? entry.code : entry.sku;
}

/** JSON with sorted object keys: jsonb gives metadata keys back in its own order, a file in the author's. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

function fieldChanges(from: CatalogEntry, to: CatalogEntry): FieldChange[] {
  // An entry without translations has empty ones; they come last, as in the forms.
  const before: Record<string, unknown> = { ...from, translations: from.translations ?? {} };
  const after: Record<string, unknown> = { ...to, translations: to.translations ?? {} };
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return fields.filter((field) => stableJson(before[field] ?? null) !== stableJson(after[field] ?? null)).map((field) => ({ field, from: before[field] ?? null, to: after[field] ?? null }));
}

/**
 * The field-by-field difference of `source` (test, or an imported file) against `target` (live, or the
 * environment imported into), and the writes that make the target equal to it. The fingerprint covers
 * both sides, so a plan applied later can prove neither side moved since it was shown.
 */
export function planCatalog(source: CatalogDocument, target: CatalogDocument): CatalogPlan {
  const diff: CatalogDiff = { added: [], changed: [], archived: [] };
  const writes: CatalogWrite[] = [];
  for (const kind of catalogKinds) {
    const sourceEntries: CatalogEntry[] = source[kind];
    const targetEntries: CatalogEntry[] = target[kind];
    const existing = new Map(targetEntries.map((entry) => [keyOf(entry), entry]));
    const wanted = new Map(sourceEntries.map((entry) => [keyOf(entry), entry]));
    for (const entry of sourceEntries) {
      const key = keyOf(entry);
      const current = existing.get(key);
      if (!current) {
        // Archived in the source and unknown to the target: nothing to sell, nothing to retire.
        if (entry.status === "archived") continue;
        diff.added.push({ kind, key, name: entry.name, entry });
        writes.push({ kind, entry, insert: true });
        continue;
      }
      const changes = fieldChanges(current, entry);
      if (changes.length === 0) continue;
      const leaves = entry.status === "archived" && current.status !== "archived";
      (leaves ? diff.archived : diff.changed).push({ kind, key, name: entry.name, changes });
      writes.push({ kind, entry, insert: false });
    }
    for (const current of targetEntries) {
      if (wanted.has(keyOf(current)) || current.status === "archived") continue;
      const entry = { ...current, status: "archived" as const };
      diff.archived.push({ kind, key: keyOf(current), name: current.name, changes: fieldChanges(current, entry) });
      writes.push({ kind, entry, insert: false });
    }
  }
  const fingerprint = createHash("sha256").update(stableJson({ source, target })).digest("hex").slice(0, 32);
  return { diff, writes, fingerprint };
}

export function isEmptyDiff(diff: CatalogDiff): boolean {
  return diff.added.length + diff.changed.length + diff.archived.length === 0;
}

/**
 * The diff as the audit log's before/after: per entry ("items/sword") the fields as they were and as
 * they became; an added entry has no before.
 */
export function diffSides(diff: CatalogDiff): { before: Record<string, Record<string, unknown>>; after: Record<string, Record<string, unknown>> } {
  const before: Record<string, Record<string, unknown>> = {};
  const after: Record<string, Record<string, unknown>> = {};
  for (const added of diff.added) after[`${added.kind}/${added.key}`] = { ...added.entry };
  for (const changed of [...diff.changed, ...diff.archived]) {
    const id = `${changed.kind}/${changed.key}`;
    before[id] = Object.fromEntries(changed.changes.map((c) => [c.field, c.from]));
    after[id] = Object.fromEntries(changed.changes.map((c) => [c.field, c.to]));
  }
  return { before, after };
}
