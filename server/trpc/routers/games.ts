import { z } from "zod";
import { createApiKey, KeyKind, listApiKeys, revokeApiKey } from "@/server/keys/manage-keys";
import {
  AllowedOriginsInput,
  createGame,
  CreateGameInput,
  getAllowedOrigins,
  getGameView,
  GameSettingsInput,
  listGames,
  setAllowedOrigins,
  updateGameSettings,
} from "@/server/games/manage-games";
import { audited } from "../audited";
import { GameInput, scopeForStaff } from "../game-access";
import { developerProcedure, router, viewerProcedure } from "../init";

export const gamesRouter = router({
  list: viewerProcedure.query(({ ctx }) => listGames(ctx.db, ctx.staff.studioId)),

  get: viewerProcedure.input(z.object({ gameId: z.string() })).query(({ ctx, input }) => getGameView(ctx.db, ctx.staff.studioId, input.gameId)),

  create: developerProcedure.input(CreateGameInput).mutation(({ ctx, input }) =>
    audited(ctx.db, ctx.staff, (tx) => createGame(tx, ctx.staff.studioId, input), (game) => ({
      action: "game.create",
      gameId: game.id,
      targetType: "game",
      targetId: game.id,
      after: game,
    })),
  ),

  updateSettings: developerProcedure.input(z.object({ gameId: z.string(), settings: GameSettingsInput })).mutation(async ({ ctx, input }) => {
    const before = await getGameView(ctx.db, ctx.staff.studioId, input.gameId);
    return audited(ctx.db, ctx.staff, (tx) => updateGameSettings(tx, ctx.staff.studioId, input.gameId, input.settings), (after) => ({
      action: "game.settings.update",
      gameId: input.gameId,
      targetType: "game",
      targetId: input.gameId,
      before: before.settings,
      after: after.settings,
    }));
  }),

  origins: viewerProcedure.input(GameInput).query(async ({ ctx, input }) => getAllowedOrigins(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input))),

  setOrigins: developerProcedure.input(GameInput.extend(AllowedOriginsInput.shape)).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    const before = await getAllowedOrigins(ctx.db, scope);
    return audited(ctx.db, ctx.staff, (tx) => setAllowedOrigins(tx, scope, input.origins), (after) => ({
      action: "game.origins.update",
      gameId: scope.gameId,
      env: scope.env,
      targetType: "game",
      targetId: scope.gameId,
      before,
      after,
    }));
  }),

  keys: viewerProcedure.input(GameInput).query(async ({ ctx, input }) => listApiKeys(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input))),

  createKey: developerProcedure.input(GameInput.extend({ kind: KeyKind })).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    return audited(ctx.db, ctx.staff, (tx) => createApiKey(tx, scope, input.kind), (created) => ({
      action: "key.create",
      gameId: scope.gameId,
      env: scope.env,
      targetType: "api_key",
      targetId: created.view.id,
      after: created.view,
    }));
  }),

  revokeKey: developerProcedure.input(GameInput.extend({ keyId: z.string() })).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    return audited(ctx.db, ctx.staff, (tx) => revokeApiKey(tx, scope, input.keyId), (revoked) => ({
      action: "key.revoke",
      gameId: scope.gameId,
      env: scope.env,
      targetType: "api_key",
      targetId: revoked.id,
      after: revoked,
    }));
  }),
});
