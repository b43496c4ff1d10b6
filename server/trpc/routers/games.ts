import "server-only";
import { z } from "zod";
import { keyAuditState } from "@/server/keys/key-views";
import { createApiKey, CreateKeyInput, KeyName, listApiKeys, renameApiKey, revokeApiKey } from "@/server/keys/manage-keys";
import { rollApiKey, RollExpiry } from "@/server/keys/roll-key";
import {
  AllowedOriginsInput,
  createGame,
  CreateGameInput,
  getAllowedOrigins,
  getGameView,
  GameSettingsInput,
  setAllowedOrigins,
  updateGameSettings,
} from "@/server/games/manage-games";
import { audited } from "../audited";
import { gameLifecycleProcedures } from "./game-lifecycle";
import { GameInput, scopeForStaff } from "../game-access";
import { developerProcedure, router, viewerProcedure } from "../init";

export const gamesRouter = router({
  ...gameLifecycleProcedures,

  get: viewerProcedure.input(z.object({ gameId: z.string() })).query(({ ctx, input }) => getGameView(ctx.db, ctx.staff.studioId, input.gameId)),

  create: developerProcedure.input(CreateGameInput).mutation(({ ctx, input }) =>
    audited(ctx, (tx) => createGame(tx, ctx.staff.studioId, input), (game) => ({
      action: "game.create",
      gameId: game.id,
      targetType: "game",
      targetId: game.id,
      after: game,
    })),
  ),

  updateSettings: developerProcedure.input(z.object({ gameId: z.string(), settings: GameSettingsInput })).mutation(async ({ ctx, input }) => {
    const before = await getGameView(ctx.db, ctx.staff.studioId, input.gameId);
    return audited(ctx, (tx) => updateGameSettings(tx, ctx.staff.studioId, { gameId: input.gameId, settings: input.settings }), (after) => ({
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
    return audited(ctx, (tx) => setAllowedOrigins(tx, scope, input.origins), (after) => ({
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

  /** The plain key is in this answer only. */
  createKey: developerProcedure.input(GameInput.extend(CreateKeyInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId, env, ...key } = input;
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    return audited(ctx, (tx) => createApiKey(tx, scope, { request: key, createdBy: ctx.staff.id }), (created) => ({
      action: "key.create",
      gameId: scope.gameId,
      env: scope.env,
      targetType: "api_key",
      targetId: created.view.id,
      after: keyAuditState(created.view),
    }));
  }),

  renameKey: developerProcedure.input(GameInput.extend({ keyId: z.string().min(1), name: KeyName })).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    const change = await audited(ctx, (tx) => renameApiKey(tx, scope, { keyId: input.keyId, rename: { name: input.name } }), ({ before, after }) => ({
      action: "key.rename",
      gameId: scope.gameId,
      env: scope.env,
      targetType: "api_key",
      targetId: after.id,
      before: keyAuditState(before),
      after: keyAuditState(after),
    }));
    return change.after;
  }),

  /** A new key (in this answer only) replaces the old one, which works until the chosen expiry. */
  rollKey: developerProcedure.input(GameInput.extend({ keyId: z.string().min(1), expiresIn: RollExpiry })).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    const rolled = await audited(ctx, (tx) => rollApiKey(tx, scope, { keyId: input.keyId, expiresIn: input.expiresIn, rolledBy: ctx.staff.id }), (r) => ({
      action: "key.roll",
      gameId: scope.gameId,
      env: scope.env,
      targetType: "api_key",
      targetId: r.before.id,
      before: keyAuditState(r.before),
      after: { ...keyAuditState(r.after), replacedBy: keyAuditState(r.created) },
    }));
    return { key: rolled.key, view: rolled.created, old: rolled.after };
  }),

  revokeKey: developerProcedure.input(GameInput.extend({ keyId: z.string().min(1) })).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    const change = await audited(ctx, (tx) => revokeApiKey(tx, scope, input.keyId), ({ before, after }) => ({
      action: "key.revoke",
      gameId: scope.gameId,
      env: scope.env,
      targetType: "api_key",
      targetId: after.id,
      before: keyAuditState(before),
      after: keyAuditState(after),
    }));
    return change.after;
  }),
});
