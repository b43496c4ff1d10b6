import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import { catalogStatuses } from "@/db/schema";
import { CatalogCurrencyCode, CatalogSku, CurrencyInput, ItemInput, PackInput } from "@/server/catalog/catalog-schemas";
import { assertMayWriteCatalog } from "@/server/catalog/catalog-write-role";
import { getCatalog } from "@/server/catalog/get-catalog";
import { CatalogListQuery, listCatalogForStaff } from "@/server/catalog/list-catalog-admin";
import { createCurrency, setCurrencyStatus, updateCurrency } from "@/server/catalog/manage-currencies";
import { createItem, setItemStatus, updateItem } from "@/server/catalog/manage-items";
import { createPack, setPackStatus, updatePack } from "@/server/catalog/manage-packs";
import { CatalogFile, exportCatalog, importCatalog, previewImport } from "@/server/catalog/promotion/import-catalog";
import { diffSides, type CatalogDiff } from "@/server/catalog/promotion/catalog-diff";
import { previewPublish, publishToLive } from "@/server/catalog/promotion/publish-catalog";
import { getGame } from "@/server/games/game-settings";
import type { GameScope } from "@/server/lib/scope";
import { audited, type StaffContext } from "../audited";
import { GameInput, scopeForStaff } from "../game-access";
import { developerProcedure, router, viewerProcedure } from "../init";

/**
 * Each environment has its own catalog; test's reaches live through publish. Developers change the test
 * catalog; the live one, by any means, needs an admin or owner (one rule, writableCatalogScope).
 * Inputs are the catalog schemas themselves, flattened beside gameId/env, so the field errors a form
 * receives are keyed by its own field names ("price.currency", "grants.0.amount").
 */
const withGame = <T extends z.ZodRawShape>(shape: T) => z.strictObject({ ...GameInput.shape, ...shape });
const StatusChange = { status: z.enum(catalogStatuses) };

type CatalogKind = "currency" | "item" | "pack";
const codeOf = (entry: { code: string }) => entry.code;
const skuOf = (entry: { sku: string }) => entry.sku;

/** Which catalog entry a dashboard write is about: its scope, kind and how to name it. */
type CatalogTarget<T> = { scope: GameScope; kind: CatalogKind; idOf: (entry: T) => string };

/** A catalog entry made in the dashboard, audited as `catalog.<kind>.create` in the same transaction. */
function auditedCreate<T>(ctx: StaffContext, { scope, kind, idOf }: CatalogTarget<T>, create: (tx: Db) => Promise<T>): Promise<T> {
  return audited(ctx, create, (after) => ({ action: `catalog.${kind}.create`, ...scope, targetType: kind, targetId: idOf(after), after }));
}

/** A change of fields or status, audited with the entry before and after; answers the entry after. */
async function auditedChange<T>(
  ctx: StaffContext,
  { scope, kind, idOf, change }: CatalogTarget<T> & { change: "update" | "status" },
  write: (tx: Db) => Promise<{ before: T; after: T }>,
): Promise<T> {
  const { after } = await audited(ctx, write, ({ before, after }) => ({
    action: `catalog.${kind}.${change}`,
    ...scope,
    targetType: kind,
    targetId: idOf(after),
    before,
    after,
  }));
  return after;
}

/** A publish or import: the whole diff in one audit entry, written in the same transaction. */
function auditedBulk(ctx: StaffContext, scope: GameScope, { action, apply }: { action: string; apply: (tx: Db) => Promise<CatalogDiff> }): Promise<CatalogDiff> {
  return audited(ctx, apply, (diff) => ({ action, ...scope, targetType: "catalog", targetId: scope.env, ...diffSides(diff) }));
}

/**
 * The scope of a catalog write, refused 403 unless the member may change that environment's catalog
 * (server/catalog/catalog-write-role.ts: developers the test catalog, admins and owners live too). Every
 * write below comes through here, so a form, an import and a publish follow one rule.
 */
async function writableCatalogScope(ctx: StaffContext, input: { gameId: string; env: GameScope["env"] }): Promise<GameScope> {
  const scope = await scopeForStaff(ctx.db, ctx.staff, input);
  assertMayWriteCatalog(ctx.staff.role, scope.env);
  return scope;
}

const Fingerprint = z.string().regex(/^[0-9a-f]{32}$/, "Not a diff fingerprint");
const GameOnly = GameInput.pick({ gameId: true });

export const catalogRouter = router({
  /** Test's catalog against live's, field by field; developers may look, only admins and owners publish (it writes live). */
  publishDiff: developerProcedure.input(GameOnly).query(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId: input.gameId, env: "live" });
    return previewPublish(ctx.db, scope.gameId);
  }),

  publish: developerProcedure.input(z.strictObject({ ...GameOnly.shape, fingerprint: Fingerprint })).mutation(async ({ ctx, input }) => {
    const scope = await writableCatalogScope(ctx, { gameId: input.gameId, env: "live" });
    return auditedBulk(ctx, scope, { action: "catalog.publish", apply: (tx) => publishToLive(tx, scope.gameId, input.fingerprint) });
  }),

  /** The environment's catalog in the fixture's `catalog` format (docs/fixtures.md). */
  export: viewerProcedure.input(GameInput).query(async ({ ctx, input }) => exportCatalog(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input))),

  /** A mutation only because the file is too large for a query's URL: it writes nothing. */
  importDiff: developerProcedure.input(withGame({ file: CatalogFile })).mutation(async ({ ctx, input }) => {
    return previewImport(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input), input.file);
  }),

  import: developerProcedure.input(withGame({ file: CatalogFile, fingerprint: Fingerprint })).mutation(async ({ ctx, input }) => {
    const scope = await writableCatalogScope(ctx, input);
    return auditedBulk(ctx, scope, { action: "catalog.import", apply: (tx) => importCatalog(tx, scope, { text: input.file, fingerprint: input.fingerprint }) });
  }),

  list: viewerProcedure.input(withGame(CatalogListQuery.shape)).query(async ({ ctx, input }) => {
    const { gameId, env, ...query } = input;
    return listCatalogForStaff(ctx.db, await scopeForStaff(ctx.db, ctx.staff, { gameId, env }), query);
  }),

  /** Exactly what GET /catalog answers in this environment (active entries only). */
  preview: viewerProcedure.input(GameInput).query(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    return getCatalog(ctx.db, scope, (await getGame(ctx.db, scope.gameId)).settings);
  }),

  createCurrency: developerProcedure.input(withGame(CurrencyInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId, env, ...currency } = input;
    const scope = await writableCatalogScope(ctx, { gameId, env });
    return auditedCreate(ctx, { scope, kind: "currency", idOf: codeOf }, (tx) => createCurrency(tx, scope, { currency }));
  }),

  updateCurrency: developerProcedure.input(withGame(CurrencyInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId, env, ...currency } = input;
    const scope = await writableCatalogScope(ctx, { gameId, env });
    return auditedChange(ctx, { scope, kind: "currency", change: "update", idOf: codeOf }, (tx) => updateCurrency(tx, scope, { currency }));
  }),

  setCurrencyStatus: developerProcedure.input(withGame({ code: CatalogCurrencyCode, ...StatusChange })).mutation(async ({ ctx, input }) => {
    const scope = await writableCatalogScope(ctx, input);
    return auditedChange(ctx, { scope, kind: "currency", change: "status", idOf: codeOf }, (tx) => setCurrencyStatus(tx, scope, { code: input.code, status: input.status }));
  }),

  createItem: developerProcedure.input(withGame(ItemInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId, env, ...item } = input;
    const scope = await writableCatalogScope(ctx, { gameId, env });
    return auditedCreate(ctx, { scope, kind: "item", idOf: skuOf }, (tx) => createItem(tx, scope, { item }));
  }),

  updateItem: developerProcedure.input(withGame(ItemInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId, env, ...item } = input;
    const scope = await writableCatalogScope(ctx, { gameId, env });
    return auditedChange(ctx, { scope, kind: "item", change: "update", idOf: skuOf }, (tx) => updateItem(tx, scope, { item }));
  }),

  setItemStatus: developerProcedure.input(withGame({ sku: CatalogSku, ...StatusChange })).mutation(async ({ ctx, input }) => {
    const scope = await writableCatalogScope(ctx, input);
    return auditedChange(ctx, { scope, kind: "item", change: "status", idOf: skuOf }, (tx) => setItemStatus(tx, scope, { sku: input.sku, status: input.status }));
  }),

  createPack: developerProcedure.input(withGame(PackInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId, env, ...pack } = input;
    const scope = await writableCatalogScope(ctx, { gameId, env });
    return auditedCreate(ctx, { scope, kind: "pack", idOf: skuOf }, (tx) => createPack(tx, scope, { pack }));
  }),

  updatePack: developerProcedure.input(withGame(PackInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId, env, ...pack } = input;
    const scope = await writableCatalogScope(ctx, { gameId, env });
    return auditedChange(ctx, { scope, kind: "pack", change: "update", idOf: skuOf }, (tx) => updatePack(tx, scope, { pack }));
  }),

  setPackStatus: developerProcedure.input(withGame({ sku: CatalogSku, ...StatusChange })).mutation(async ({ ctx, input }) => {
    const scope = await writableCatalogScope(ctx, input);
    return auditedChange(ctx, { scope, kind: "pack", change: "status", idOf: skuOf }, (tx) => setPackStatus(tx, scope, { sku: input.sku, status: input.status }));
  }),
});
