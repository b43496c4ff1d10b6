import { z } from "zod";
import type { Db } from "@/db/client";
import { catalogStatuses } from "@/db/schema";
import type { StaffIdentity } from "@/server/auth/staff-sign-in";
import { CatalogCurrencyCode, CatalogSku, CurrencyInput, ItemInput, PackInput } from "@/server/catalog/catalog-schemas";
import { getCatalog } from "@/server/catalog/get-catalog";
import { CatalogListQuery, listCatalogForStaff } from "@/server/catalog/list-catalog-admin";
import { createCurrency, setCurrencyStatus, updateCurrency } from "@/server/catalog/manage-currencies";
import { createItem, setItemStatus, updateItem } from "@/server/catalog/manage-items";
import { createPack, setPackStatus, updatePack } from "@/server/catalog/manage-packs";
import { getGame } from "@/server/games/game-settings";
import { audited } from "../audited";
import { GameInput, scopeForStaff } from "../game-access";
import { developerProcedure, router, viewerProcedure } from "../init";

/**
 * The catalog is the game's, shared by test and live; `env` only picks where a pack's stock is counted.
 * Inputs are the catalog schemas themselves, flattened beside gameId/env, so the field errors a form
 * receives are keyed by its own field names ("price.currency", "grants.0.amount").
 */
const withGame = <T extends z.ZodRawShape>(shape: T) => z.strictObject({ ...GameInput.shape, ...shape });
const StatusChange = { status: z.enum(catalogStatuses) };

type StaffContext = { db: Db; staff: StaffIdentity };
type CatalogKind = "currency" | "item" | "pack";
const codeOf = (entry: { code: string }) => entry.code;
const skuOf = (entry: { sku: string }) => entry.sku;

/** A catalog entry made in the dashboard, audited as `catalog.<kind>.create` in the same transaction. */
function auditedCreate<T>(ctx: StaffContext, gameId: string, kind: CatalogKind, idOf: (entry: T) => string, create: (tx: Db) => Promise<T>): Promise<T> {
  return audited(ctx.db, ctx.staff, create, (after) => ({ action: `catalog.${kind}.create`, gameId, targetType: kind, targetId: idOf(after), after }));
}

/** A change of fields or status, audited with the entry before and after; answers the entry after. */
async function auditedChange<T>(
  ctx: StaffContext,
  gameId: string,
  kind: CatalogKind,
  change: "update" | "status",
  idOf: (entry: T) => string,
  write: (tx: Db) => Promise<{ before: T; after: T }>,
): Promise<T> {
  const { after } = await audited(ctx.db, ctx.staff, write, ({ before, after }) => ({
    action: `catalog.${kind}.${change}`,
    gameId,
    targetType: kind,
    targetId: idOf(after),
    before,
    after,
  }));
  return after;
}

export const catalogRouter = router({
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
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    return auditedCreate(ctx, scope.gameId, "currency", codeOf, (tx) => createCurrency(tx, scope, currency));
  }),

  updateCurrency: developerProcedure.input(withGame(CurrencyInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId, env, ...currency } = input;
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    return auditedChange(ctx, scope.gameId, "currency", "update", codeOf, (tx) => updateCurrency(tx, scope, currency));
  }),

  setCurrencyStatus: developerProcedure.input(withGame({ code: CatalogCurrencyCode, ...StatusChange })).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    return auditedChange(ctx, scope.gameId, "currency", "status", codeOf, (tx) => setCurrencyStatus(tx, scope, input.code, input.status));
  }),

  createItem: developerProcedure.input(withGame(ItemInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId, env, ...item } = input;
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    return auditedCreate(ctx, scope.gameId, "item", skuOf, (tx) => createItem(tx, scope, item));
  }),

  updateItem: developerProcedure.input(withGame(ItemInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId, env, ...item } = input;
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    return auditedChange(ctx, scope.gameId, "item", "update", skuOf, (tx) => updateItem(tx, scope, item));
  }),

  setItemStatus: developerProcedure.input(withGame({ sku: CatalogSku, ...StatusChange })).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    return auditedChange(ctx, scope.gameId, "item", "status", skuOf, (tx) => setItemStatus(tx, scope, input.sku, input.status));
  }),

  createPack: developerProcedure.input(withGame(PackInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId, env, ...pack } = input;
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    return auditedCreate(ctx, scope.gameId, "pack", skuOf, (tx) => createPack(tx, scope, pack));
  }),

  updatePack: developerProcedure.input(withGame(PackInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId, env, ...pack } = input;
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    return auditedChange(ctx, scope.gameId, "pack", "update", skuOf, (tx) => updatePack(tx, scope, pack));
  }),

  setPackStatus: developerProcedure.input(withGame({ sku: CatalogSku, ...StatusChange })).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    return auditedChange(ctx, scope.gameId, "pack", "status", skuOf, (tx) => setPackStatus(tx, scope, input.sku, input.status));
  }),
});
