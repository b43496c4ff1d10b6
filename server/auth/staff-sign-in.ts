import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { staff, type StaffRole } from "@/db/schema";
import { dummyPasswordHash, verifyPassword } from "@/server/lib/passwords";

export type StaffIdentity = { id: string; studioId: string; email: string; name: string; role: StaffRole };

/** Staff by e-mail and password, or null (one answer for every failure). */
export async function signInStaff(db: Db, email: string, password: string): Promise<StaffIdentity | null> {
  const rows = await db.select().from(staff).where(eq(staff.email, email.trim().toLowerCase())).limit(1);
  const member = rows[0];
  // SECURITY: always one password check, so an unknown address costs as long as a wrong password.
  const ok = await verifyPassword(password, member?.passwordHash ?? (await dummyPasswordHash()));
  if (!member || !member.passwordHash || !ok) return null;
  return { id: member.id, studioId: member.studioId, email: member.email, name: member.name, role: member.role };
}

/** The staff member behind a session, read fresh so a role change or removal applies at once. */
export async function findStaff(db: Db, staffId: string): Promise<StaffIdentity | null> {
  const rows = await db.select().from(staff).where(eq(staff.id, staffId)).limit(1);
  const member = rows[0];
  if (!member) return null;
  return { id: member.id, studioId: member.studioId, email: member.email, name: member.name, role: member.role };
}
