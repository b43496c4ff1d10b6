import "server-only";
import { z } from "zod";
import { AuditRetentionInput, getAuditRetention, setAuditRetention } from "@/server/audit/audit-retention";
import { clock } from "@/server/lib/clock";
import { playerOfScope } from "@/server/players/get-player-detail";
import { erasePlayer } from "@/server/players/privacy/erase-player";
import { exportPlayer } from "@/server/players/privacy/export-player";
import { audited } from "../audited";
import { GameInput, scopeForStaff } from "../game-access";
import { adminProcedure, ownerProcedure, router, viewerProcedure } from "../init";

const PlayerInput = z.strictObject({ ...GameInput.shape, playerId: z.string().min(1).max(64) });

/**
 * Players' personal data (GDPR) and how long the audit log keeps it. Export and erasure are for admins
 * and owners: the export shows e-mail addresses and birth years, the erasure cannot be undone.
 */
export const privacyRouter = router({
  /** The same document as the API's GET /players/{player}/export, with a file name for the download. */
  exportPlayer: adminProcedure.input(PlayerInput).query(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    const player = await playerOfScope(ctx.db, scope, input.playerId);
    const data = await exportPlayer(ctx.db, scope, player);
    return { filename: `player-${player.id}-${clock.now().toISOString().slice(0, 10)}.json`, data };
  }),

  /** Audited by the domain, in the erasure's own transaction, with the member as actor. */
  erasePlayer: adminProcedure.input(PlayerInput).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    return erasePlayer(ctx.db, scope, { playerId: input.playerId, actor: { kind: "staff", staff: ctx.staff } });
  }),

  auditRetention: viewerProcedure.query(({ ctx }) => getAuditRetention(ctx.db, ctx.staff.studioId)),

  setAuditRetention: ownerProcedure.input(AuditRetentionInput).mutation(async ({ ctx, input }) => {
    const before = await getAuditRetention(ctx.db, ctx.staff.studioId);
    return audited(ctx, (tx) => setAuditRetention(tx, ctx.staff.studioId, input), (after) => ({
      action: "studio.audit_retention.change",
      targetType: "studio",
      targetId: ctx.staff.studioId,
      before: { auditRetentionDays: before.days },
      after: { auditRetentionDays: after.days },
    }));
  }),
});
