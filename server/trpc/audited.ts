import "server-only";
import type { Db } from "@/db/client";
import { recordAudit, type AuditEntry } from "@/server/audit/record-audit";
import type { StaffIdentity } from "@/server/auth/staff-identity";

/** Who acts and where: a dashboard procedure's context once its member is known. */
export type StaffContext = { db: Db; staff: StaffIdentity };

/**
 * Runs a dashboard write and its audit entry in one transaction: a change is never left unrecorded,
 * and a failed change records nothing.
 */
export async function audited<T>({ db, staff }: StaffContext, write: (tx: Db) => Promise<T>, describe: (result: T) => AuditEntry): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await write(tx);
    await recordAudit(tx, staff, describe(result));
    return result;
  });
}
