import "server-only";
import { z } from "zod";
import { getGame } from "@/server/games/game-settings";
import { grantableItems } from "@/server/inventory/grantable-items";
import { ItemQuantityRequest } from "@/server/inventory/schemas";
import { staffGrantItem, staffRemoveItem, type StaffItemMove } from "@/server/inventory/staff-item-moves";
import type { GameScope } from "@/server/lib/scope";
import { PlayerProfileInput, updatePlayerProfile } from "@/server/players/update-player-profile";
import { listOrders } from "@/server/orders/list-orders";
import { Cursor, Limit } from "@/server/lib/cursor";
import { adjustBalance, AdjustmentInput } from "@/server/players/adjust-balance";
import { getPlayerDetail, playerOfScope } from "@/server/players/get-player-detail";
import { searchPlayers, SearchPlayersQuery } from "@/server/players/search-players";
import { setPlayerBlocked } from "@/server/players/set-player-blocked";
import { ledgerPageValue, listLedger, ListLedgerQuery } from "@/server/wallet/list-ledger";
import { audited } from "../audited";
import { GameInput, scopeForStaff } from "../game-access";
import { router, supportProcedure, viewerProcedure } from "../init";

const withGame = <T extends z.ZodRawShape>(shape: T) => z.strictObject({ ...GameInput.shape, ...shape });
const PlayerId = { playerId: z.string().min(1).max(64) };
// useInfiniteQuery sends the paging direction with the input; pages only go forward (newest first).
const Paging = { direction: z.enum(["forward", "backward"]).optional() };

/** The audit entry of a staff grant or removal of an item: the player's quantity before and after. */
function itemAudit(scope: GameScope, { action, playerId, move }: { action: string; playerId: string; move: StaffItemMove }) {
  return {
    action,
    gameId: scope.gameId,
    env: scope.env,
    targetType: "player",
    targetId: playerId.toLowerCase(),
    before: { sku: move.sku, quantity: move.before },
    after: { sku: move.sku, quantity: move.after, moved: move.quantity },
  };
}

export const playersRouter = router({
  search: viewerProcedure.input(withGame(SearchPlayersQuery.shape)).query(async ({ ctx, input }) => {
    const { gameId, env, ...query } = input;
    return searchPlayers(ctx.db, await scopeForStaff(ctx.db, ctx.staff, { gameId, env }), query);
  }),



  /** The items the grant form offers. */
  grantableItems: viewerProcedure.input(GameInput).query(async ({ ctx, input }) => grantableItems(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input))),

  get: viewerProcedure.input(withGame(PlayerId)).query(async ({ ctx, input }) =>
    getPlayerDetail(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input), input.playerId),
  ),

  /** The same pages as the API's GET /players/{player}/ledger (newest first, cursor, currency filter). */
  ledger: viewerProcedure.input(withGame({ ...PlayerId, ...ListLedgerQuery.shape, ...Paging })).query(async ({ ctx, input }) => {
    const { gameId, env, playerId, direction: _direction, ...query } = input;
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    const player = await playerOfScope(ctx.db, scope, playerId);
    return ledgerPageValue(await listLedger(ctx.db, scope, { playerId: player.id, query }));
  }),

  orders: viewerProcedure.input(withGame({ ...PlayerId, limit: Limit, cursor: Cursor.optional(), ...Paging })).query(async ({ ctx, input }) => {
    const { gameId, env, playerId, direction: _direction, ...page } = input;
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    const player = await playerOfScope(ctx.db, scope, playerId);
    return listOrders(ctx.db, scope, { ...page, playerId: player.id });
  }),

  setBlocked: supportProcedure.input(withGame({ ...PlayerId, blocked: z.boolean() })).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    const change = await audited(ctx, (tx) => setPlayerBlocked(tx, scope, { playerId: input.playerId, blocked: input.blocked }), ({ before, after }) => ({
      action: input.blocked ? "player.block" : "player.unblock",
      gameId: scope.gameId,
      env: scope.env,
      targetType: "player",
      targetId: after.id,
      before: { blocked: before.blocked },
      after: { blocked: after.blocked },
    }));
    return change.after;
  }),

  /** Support's correction of the display name or country, audited with both values before and after. */
  updateProfile: supportProcedure.input(withGame({ ...PlayerId, ...PlayerProfileInput.shape })).mutation(async ({ ctx, input }) => {
    const { gameId, env, playerId, ...profile } = input;
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    const change = await audited(ctx, (tx) => updatePlayerProfile(tx, scope, { playerId, profile }), ({ before, after, player }) => ({
      action: "player.update",
      gameId: scope.gameId,
      env: scope.env,
      targetType: "player",
      targetId: player.id,
      before,
      after,
    }));
    return change.player;
  }),

  grantItem: supportProcedure.input(withGame({ ...PlayerId, ...ItemQuantityRequest.shape })).mutation(async ({ ctx, input }) => {
    const { gameId, env, playerId, ...move } = input;
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    return audited(ctx, (tx) => staffGrantItem(tx, scope, { playerId, request: move }), (done) => itemAudit(scope, { action: "player.item_grant", playerId, move: done }));
  }),

  removeItem: supportProcedure.input(withGame({ ...PlayerId, ...ItemQuantityRequest.shape })).mutation(async ({ ctx, input }) => {
    const { gameId, env, playerId, ...move } = input;
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    return audited(ctx, (tx) => staffRemoveItem(tx, scope, { playerId, request: move }), (done) => itemAudit(scope, { action: "player.item_remove", playerId, move: done }));
  }),

  /** A manual credit or debit with its reason, as an `adjustment` ledger entry. */
  adjust: supportProcedure.input(withGame({ ...PlayerId, ...AdjustmentInput.shape })).mutation(async ({ ctx, input }) => {
    const { gameId, env, playerId, ...adjustment } = input;
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    const { settings } = await getGame(ctx.db, scope.gameId);
    return audited(ctx, (tx) => adjustBalance(tx, scope, { playerId, adjustment, settings }), ({ entry, balance }) => ({
      action: "player.adjust",
      gameId: scope.gameId,
      env: scope.env,
      targetType: "player",
      targetId: playerId.toLowerCase(),
      before: { currency: balance.currency, paid: balance.paid - entry.paidDelta, bonus: balance.bonus - entry.bonusDelta },
      after: { ...balance, ledgerEntryId: entry.id, amount: adjustment.amount, reason: entry.reason },
    }));
  }),
});
