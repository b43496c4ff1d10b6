import "server-only";
import type { Db } from "@/db/client";
import type { CatalogDiff } from "./catalog-diff";
import { planCatalog } from "./catalog-diff";
import { readCatalogDocument } from "./catalog-document";
import { applyCatalogPlan } from "./apply-catalog-plan";

/** What "Publish to live" would do, and the fingerprint to apply exactly that. */
export type CatalogDiffView = { diff: CatalogDiff; fingerprint: string };

const scopes = (gameId: string) => ({ test: { gameId, env: "test" as const }, live: { gameId, env: "live" as const } });

export async function previewPublish(db: Db, gameId: string): Promise<CatalogDiffView> {
  const { test, live } = scopes(gameId);
  const [source, target] = await Promise.all([readCatalogDocument(db, test), readCatalogDocument(db, live)]);
  const { diff, fingerprint } = planCatalog(source, target);
  return { diff, fingerprint };
}

/**
 * Makes live's catalog equal to test's, in the caller's transaction: added entries, changed fields,
 * entries gone from test archived in live. Refused (409) when either side moved since the preview.
 */
export async function publishToLive(db: Db, gameId: string, fingerprint: string): Promise<CatalogDiff> {
  const { test, live } = scopes(gameId);
  const plan = await applyCatalogPlan(db, live, {
    readSource: () => readCatalogDocument(db, test),
    readTarget: () => readCatalogDocument(db, live, true),
    fingerprint,
    what: "The test or live catalog",
  });
  return plan.diff;
}
