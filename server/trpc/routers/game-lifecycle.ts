import "server-only";
import { archiveGame, GameIdInput, listGames, ListGamesInput, renameGame, RenameGameInput, unarchiveGame, type GameChange } from "@/server/games/manage-games";
import type { AuditEntry } from "@/server/audit/record-audit";
import { audited } from "../audited";
import { adminProcedure, viewerProcedure } from "../init";

function gameAudit(action: string) {
  return ({ before, after }: GameChange): AuditEntry => ({
    action,
    gameId: after.id,
    targetType: "game",
    targetId: after.id,
    before: { name: before.name, archivedAt: before.archivedAt },
    after: { name: after.name, archivedAt: after.archivedAt },
  });
}

/**
 * The games list and a game's name and archiving, spread into the games router. Renaming and archiving
 * are admin+: they change what every member sees, unlike the catalog and keys developers manage.
 */
export const gameLifecycleProcedures = {
  list: viewerProcedure.input(ListGamesInput).query(({ ctx, input }) => listGames(ctx.db, ctx.staff.studioId, { includeArchived: input?.includeArchived ?? false })),

  rename: adminProcedure
    .input(RenameGameInput)
    .mutation(async ({ ctx, input }) => (await audited(ctx, (tx) => renameGame(tx, ctx.staff.studioId, input), gameAudit("game.rename"))).after),

  archive: adminProcedure
    .input(GameIdInput)
    .mutation(async ({ ctx, input }) => (await audited(ctx, (tx) => archiveGame(tx, ctx.staff.studioId, input.gameId), gameAudit("game.archive"))).after),

  unarchive: adminProcedure
    .input(GameIdInput)
    .mutation(async ({ ctx, input }) => (await audited(ctx, (tx) => unarchiveGame(tx, ctx.staff.studioId, input.gameId), gameAudit("game.unarchive"))).after),
};
