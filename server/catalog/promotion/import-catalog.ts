import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import { Catalog } from "@/server/fixtures/fixture-schema";
import { formatPath } from "@/server/fixtures/fixture-issues";
import { validationError, type FieldErrors } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { applyCatalogPlan } from "./apply-catalog-plan";
import { planCatalog, type CatalogDiff } from "./catalog-diff";
import { documentOf, readCatalogDocument, type CatalogDocument } from "./catalog-document";
import type { CatalogDiffView } from "./publish-catalog";

export const MAX_CATALOG_FILE = 1_000_000;
/** The file's text; parsed here so that a syntax error is reported like any other problem of the file. */
export const CatalogFile = z.string().min(1, "The file is empty").max(MAX_CATALOG_FILE, `The file is larger than ${MAX_CATALOG_FILE} characters`);

/**
 * The file read with the fixture loader's own `catalog` schema and reference checks, so a file the
 * seed accepts is one import accepts. Problems are keyed by their JSON path ("items[2].price.currency").
 */
export function parseCatalogFile(text: string): CatalogDocument {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw validationError({ "(root)": [`not valid JSON (${error instanceof Error ? error.message : "syntax error"})`] }, "The file is not valid JSON. Nothing was imported.");
  }
  const parsed = Catalog.safeParse(json, { reportInput: true });
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    const add = (path: PropertyKey[], message: string) => (fieldErrors[formatPath(path)] ??= []).push(message);
    for (const issue of parsed.error.issues) {
      // Worded like the fixture loader's report (fixture-issues.ts): one line per unknown field.
      if (issue.code === "unrecognized_keys") issue.keys.forEach((key) => add([...issue.path, key], "unknown field"));
      else if (issue.code === "invalid_type" && "input" in issue && issue.input === undefined) add(issue.path, `required (${issue.expected})`);
      else add(issue.path, issue.message);
    }
    throw validationError(fieldErrors, "The file has problems, listed by JSON path. Nothing was imported.");
  }
  return documentOf(parsed.data);
}

export async function previewImport(db: Db, scope: GameScope, text: string): Promise<CatalogDiffView> {
  const source = parseCatalogFile(text);
  const { diff, fingerprint } = planCatalog(source, await readCatalogDocument(db, scope));
  return { diff, fingerprint };
}

/** A catalog file's text, and the fingerprint of the diff the staff member saw before importing it. */
export type CatalogImport = { text: string; fingerprint: string };

/** Applies the file over the environment's catalog in the caller's transaction; entries missing from it are archived, never deleted. */
export async function importCatalog(db: Db, scope: GameScope, { text, fingerprint }: CatalogImport): Promise<CatalogDiff> {
  const source = parseCatalogFile(text);
  const plan = await applyCatalogPlan(db, scope, {
    readSource: async () => source,
    readTarget: () => readCatalogDocument(db, scope, true),
    fingerprint,
    what: `The ${scope.env} catalog`,
  });
  return plan.diff;
}

/** The environment's catalog as a file the import (and the fixture loader) reads back unchanged. */
export function exportCatalog(db: Db, scope: GameScope): Promise<CatalogDocument> {
  return readCatalogDocument(db, scope);
}
