import { z } from "zod";
import { catalogStatuses } from "@/db/schema";
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
    return audited(ctx.db, ctx.staff, (tx) => createCurrency(tx, scope.gameId, currency), (after) => ({
      action: "catalog.currency.create",
      gameId: scope.gameId,
      targetType: "currency",
      targetId: after.code,
      after,
    }));
  }),

  updateCurrency: developerProcedure.input(withGame(CurrencyInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId, env, ...currency } = input;
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    const change = await audited(ctx.db, ctx.staff, (tx) => updateCurrency(tx, scope.gameId, currency), ({ before, after }) => ({
      action: "catalog.currency.update",
      gameId: scope.gameId,
      targetType: "currency",
      targetId: after.code,
      before,
      after,
    }));
    return change.after;
  }),

  setCurrencyStatus: developerProcedure.input(withGame({ code: CatalogCurrencyCode, ...StatusChange })).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    const change = await audited(ctx.db, ctx.staff, (tx) => setCurrencyStatus(tx, scope.gameId, input.code, input.status), ({ before, after }) => ({
      action: "catalog.currency.status",
      gameId: scope.gameId,
      targetType: "currency",
      targetId: after.code,
      before,
      after,
    }));
    return change.after;
  }),

  createItem: developerProcedure.input(withGame(ItemInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId, env, ...item } = input;
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    return audited(ctx.db, ctx.staff, (tx) => createItem(tx, scope.gameId, item), (after) => ({
      action: "catalog.item.create",
      gameId: scope.gameId,
      targetType: "item",
      targetId: after.sku,
      after,
    }));
  }),

  updateItem: developerProcedure.input(withGame(ItemInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId, env, ...item } = input;
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    const change = await audited(ctx.db, ctx.staff, (tx) => updateItem(tx, scope.gameId, item), ({ before, after }) => ({
      action: "catalog.item.update",
      gameId: scope.gameId,
      targetType: "item",
      targetId: after.sku,
      before,
      after,
    }));
    return change.after;
  }),

  setItemStatus: developerProcedure.input(withGame({ sku: CatalogSku, ...StatusChange })).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    const change = await audited(ctx.db, ctx.staff, (tx) => setItemStatus(tx, scope.gameId, input.sku, input.status), ({ before, after }) => ({
      action: "catalog.item.status",
      gameId: scope.gameId,
      targetType: "item",
      targetId: after.sku,
      before,
      after,
    }));
    return change.after;
  }),

  createPack: developerProcedure.input(withGame(PackInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId, env, ...pack } = input;
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    return audited(ctx.db, ctx.staff, (tx) => createPack(tx, scope, pack), (after) => ({
      action: "catalog.pack.create",
      gameId: scope.gameId,
      targetType: "pack",
      targetId: after.sku,
      after,
    }));
  }),

  updatePack: developerProcedure.input(withGame(PackInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId, env, ...pack } = input;
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    const change = await audited(ctx.db, ctx.staff, (tx) => updatePack(tx, scope, pack), ({ before, after }) => ({
      action: "catalog.pack.update",
      gameId: scope.gameId,
      targetType: "pack",
      targetId: after.sku,
      before,
      after,
    }));
    return change.after;
  }),

  setPackStatus: developerProcedure.input(withGame({ sku: CatalogSku, ...StatusChange })).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    const change = await audited(ctx.db, ctx.staff, (tx) => setPackStatus(tx, scope, input.sku, input.status), ({ before, after }) => ({
      action: "catalog.pack.status",
      gameId: scope.gameId,
      targetType: "pack",
      targetId: after.sku,
      before,
      after,
    }));
    return change.after;
  }),
});
