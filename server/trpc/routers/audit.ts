import "server-only";
import { auditCsv, AuditCsvQuery } from "@/server/audit/audit-csv";
import { auditFilterOptions, listAuditEntries, ListAuditQuery } from "@/server/audit/list-audit";
import { router, viewerProcedure } from "../init";

/**
 * The studio's audit log, read-only. Viewers may read it: the role "reads everything", and knowing who
 * changed what is part of that. Secrets never reach it (recordAudit redacts them), and nothing can
 * write to it except the audited writes themselves.
 */
export const auditRouter = router({
  list: viewerProcedure.input(ListAuditQuery).query(({ ctx, input }) => listAuditEntries(ctx.db, ctx.staff.studioId, input)),

  filters: viewerProcedure.query(({ ctx }) => auditFilterOptions(ctx.db, ctx.staff.studioId)),

  /** The same entries as CSV text for a day range; the page turns it into a download. */
  csv: viewerProcedure.input(AuditCsvQuery).query(({ ctx, input }) => auditCsv(ctx.db, ctx.staff.studioId, input)),
});
