import "server-only";
import { getServerSession } from "next-auth";
import { getDb } from "@/server/db/connection";
import { authOptions } from "./auth-options";
import { findStaff, type StaffIdentity } from "./staff-sign-in";

/** The signed-in staff member of this request (server components, route handlers), or null. */
export async function currentStaff(): Promise<StaffIdentity | null> {
  const session = (await getServerSession(authOptions())) as { staffId?: string | null } | null;
  if (!session?.staffId) return null;
  return findStaff(await getDb(), session.staffId);
}
