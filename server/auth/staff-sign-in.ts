import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { staff } from "@/db/schema";
import { dummyPasswordHash, verifyPassword } from "@/server/lib/passwords";
import { failureKeys, limitFailures } from "./attempt-limits";
import { recordLockouts } from "./lockout-record";
import type { StaffIdentity } from "./staff-identity";

/** Who signed in, and the session epoch their session starts under (see `findSessionStaff`). */
export type SignedInStaff = StaffIdentity & { sessionEpoch: number };

/** What the sign-in form sends (next-auth adds its own fields, which are dropped). */
export const SignInCredentials = z.object({
  email: z.string().trim().toLowerCase().min(1).max(320),
  password: z.string().min(1).max(1024),
});
export type SignInCredentials = z.infer<typeof SignInCredentials>;

type StaffRow = typeof staff.$inferSelect;

function identityOf(member: StaffRow): StaffIdentity {
  return { id: member.id, studioId: member.studioId, email: member.email, name: member.name, role: member.role };
}

/**
 * Staff by e-mail and password, or null (one answer for every failure). Failures are limited per
 * e-mail, known or not, and per client address (`staffAuthLimits`); over a limit the answer is 429
 * RATE_LIMITED with Retry-After, even for the right password, until the window passes.
 */
export async function signInStaff(db: Db, credentials: SignInCredentials, who: { clientIp: string | null }): Promise<SignedInStaff | null> {
  let member: StaffRow | undefined;
  const attempt = await limitFailures(
    failureKeys(credentials.email, who.clientIp),
    async () => {
      const rows = await db.select().from(staff).where(eq(staff.email, credentials.email)).limit(1);
      member = rows[0];
      // SECURITY: always one password check, so an unknown address costs as long as a wrong password.
      const ok = await verifyPassword(credentials.password, member?.passwordHash ?? (await dummyPasswordHash()));
      return member?.passwordHash && ok ? { ...identityOf(member), sessionEpoch: member.sessionEpoch } : null;
    },
    "Too many failed sign-ins; try again later.",
  );
  if (attempt.value) return attempt.value;
  await recordLockouts(db, attempt.lockedNow, { via: "sign-in", fromIp: who.clientIp, member: member ? identityOf(member) : null });
  return null;
}

/** The staff member behind a session, read fresh so a role change or removal applies at once. */
export async function findStaff(db: Db, staffId: string): Promise<StaffIdentity | null> {
  const rows = await db.select().from(staff).where(eq(staff.id, staffId)).limit(1);
  const member = rows[0];
  if (!member) return null;
  return identityOf(member);
}

/**
 * The staff member behind a session, or null when they are gone or the session began under an older
 * session epoch: a password reset raises the epoch, which signs out every session made before it.
 */
export async function findSessionStaff(db: Db, staffId: string, sessionEpoch: number): Promise<StaffIdentity | null> {
  const rows = await db.select().from(staff).where(eq(staff.id, staffId)).limit(1);
  const member = rows[0];
  if (!member || member.sessionEpoch !== sessionEpoch) return null;
  return identityOf(member);
}
