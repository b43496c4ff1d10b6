import "server-only";
import { getServerSession } from "next-auth";
import { getDb } from "@/server/db/connection";
import { authOptions } from "./auth-options";
import type { StaffIdentity } from "./staff-identity";
import { findSessionStaff } from "./staff-sign-in";

/** The signed-in staff member of this request (server components, route handlers, tRPC), or null. */
export async function currentStaff(): Promise<StaffIdentity | null> {
  const session = (await getServerSession(authOptions())) as { staffId?: string | null; sessionEpoch?: number } | null;
  if (!session?.staffId) return null;
  return findSessionStaff(await getDb(), session.staffId, session.sessionEpoch ?? 0);
}
