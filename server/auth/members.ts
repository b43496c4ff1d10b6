import "server-only";
import { and, asc, count, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { staff, staffInvitations, staffRoles, studios } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError, notFound } from "@/server/lib/errors";
import { newId } from "@/server/lib/ids";
import { hashPassword, verifyPassword } from "@/server/lib/passwords";
import { newSecret, sha256Hex } from "@/server/lib/secrets";
import { revokeInvitationsOutlivingInviter } from "./inviter-standing";
import { hasRole } from "./roles";
import type { StaffIdentity } from "./staff-identity";

/** The password rule of every form that sets one (first run, invitation, reset). */
export const Password = z.string().min(10, "At least 10 characters").max(200, "At most 200 characters");
const Email = z.email("Must be a valid e-mail address").max(254).transform((v) => v.trim().toLowerCase());
const Name = z.string().trim().min(1, "Required").max(80, "At most 80 characters");

export const FirstOwnerInput = z.strictObject({ studioName: Name, name: Name, email: Email, password: Password });
export const InviteInput = z.strictObject({ email: Email, role: z.enum(staffRoles) });
export const AcceptInvitationInput = z.strictObject({ token: z.string().min(10).max(200), name: Name, password: Password });
export const ChangeRoleInput = z.strictObject({ staffId: z.string().min(1), role: z.enum(staffRoles) });

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export async function hasAnyStaff(db: Db): Promise<boolean> {
  const rows = await db.select({ n: count() }).from(staff);
  return Number(rows[0]?.n ?? 0) > 0;
}

/** First run only: the studio and its owner, when nobody exists yet. */
export async function createFirstOwner(db: Db, input: z.infer<typeof FirstOwnerInput>): Promise<StaffIdentity> {
  return db.transaction(async (tx) => {
    // CONCURRENCY: one lock for the whole first-run check, so two first-run forms cannot both win.
    await tx.execute("select pg_advisory_xact_lock(4242)" as never);
    if (await hasAnyStaff(tx)) throw new AppError("FORBIDDEN", "The studio already has an owner; sign in instead.");
    const now = clock.now();
    const studioId = newId();
    await tx.insert(studios).values({ id: studioId, name: input.studioName, createdAt: now });
    const id = newId();
    await tx.insert(staff).values({ id, studioId, email: input.email, name: input.name, passwordHash: await hashPassword(input.password), role: "owner", createdAt: now });
    return { id, studioId, email: input.email, name: input.name, role: "owner" as const };
  });
}

export type MemberView = { id: string; email: string; name: string; role: StaffIdentity["role"]; createdAt: string };
export type InvitationView = { id: string; email: string; role: StaffIdentity["role"]; expiresAt: string; createdAt: string };

export async function listMembers(db: Db, studioId: string): Promise<{ members: MemberView[]; invitations: InvitationView[] }> {
  const members = await db.select().from(staff).where(eq(staff.studioId, studioId)).orderBy(asc(staff.email));
  const invitations = await db
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.studioId, studioId), isNull(staffInvitations.acceptedAt), gt(staffInvitations.expiresAt, clock.now())));
  return {
    members: members.map((m) => ({ id: m.id, email: m.email, name: m.name, role: m.role, createdAt: m.createdAt.toISOString() })),
    invitations: invitations.map((i) => ({ id: i.id, email: i.email, role: i.role, expiresAt: i.expiresAt.toISOString(), createdAt: i.createdAt.toISOString() })),
  };
}

/** Nobody hands out a role above their own. */
function assertMayGrant(actor: StaffIdentity, role: StaffIdentity["role"]): void {
  if (!hasRole(actor.role, role)) throw new AppError("FORBIDDEN", `You cannot give the ${role} role.`);
}

/** An invitation link token, returned once (also mailed when SMTP is configured). */
export async function inviteMember(db: Db, actor: StaffIdentity, input: z.infer<typeof InviteInput>): Promise<{ token: string; invitation: InvitationView }> {
  assertMayGrant(actor, input.role);
  const existing = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, input.email)).limit(1);
  if (existing[0]) throw new AppError("VALIDATION_FAILED", "This person already has an account.", { fieldErrors: { email: ["Already a member"] } });
  const token = newSecret("inv_", 24);
  const now = clock.now();
  const id = newId();
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
  await db.insert(staffInvitations).values({ id, studioId: actor.studioId, email: input.email, role: input.role, tokenHash: sha256Hex(token), invitedBy: actor.id, expiresAt, createdAt: now });
  return { token, invitation: { id, email: input.email, role: input.role, expiresAt: expiresAt.toISOString(), createdAt: now.toISOString() } };
}

/** A member as a fixture gives it: a password left out keeps the stored one (a new member has none until set). */
export type MemberSpec = { email: string; name: string; role: StaffIdentity["role"]; password?: string };

function memberView(m: typeof staff.$inferSelect): MemberView {
  return { id: m.id, email: m.email, name: m.name, role: m.role, createdAt: m.createdAt.toISOString() };
}

/**
 * Creates or updates the member of this e-mail in the studio (the fixture loader's staff), writing only
 * what differs. The password is hashed as at sign-up; a stored hash is kept while it still matches,
 * since a new salt each time would rewrite the row on every load.
 */
export async function upsertMember(db: Db, studioId: string, spec: MemberSpec): Promise<MemberView> {
  const rows = await db.select().from(staff).where(eq(staff.email, spec.email)).limit(1).for("update");
  const current = rows[0];
  // SECURITY: an e-mail is one account; nobody is pulled out of another studio.
  if (current && current.studioId !== studioId) {
    throw new AppError("VALIDATION_FAILED", "This person is a member of another studio.", { fieldErrors: { email: ["already a member of another studio"] } });
  }
  let passwordHash = current?.passwordHash ?? null;
  if (spec.password !== undefined && !(passwordHash && (await verifyPassword(spec.password, passwordHash)))) passwordHash = await hashPassword(spec.password);
  if (!current) {
    const [created] = await db
      .insert(staff)
      .values({ id: newId(), studioId, email: spec.email, name: spec.name, passwordHash, role: spec.role, createdAt: clock.now() })
      .returning();
    if (!created) throw new AppError("INTERNAL_ERROR", "The member could not be written.");
    return memberView(created);
  }
  if (current.name === spec.name && current.role === spec.role && current.passwordHash === passwordHash) return memberView(current);
  const [updated] = await db.update(staff).set({ name: spec.name, role: spec.role, passwordHash }).where(eq(staff.id, current.id)).returning();
  return memberView(updated ?? current);
}

export async function findInvitation(db: Db, token: string) {
  const rows = await db.select().from(staffInvitations).where(eq(staffInvitations.tokenHash, sha256Hex(token))).limit(1);
  const invitation = rows[0];
  if (!invitation || invitation.acceptedAt || invitation.expiresAt <= clock.now()) return null;
  return invitation;
}

export async function changeMemberRole(db: Db, actor: StaffIdentity, input: z.infer<typeof ChangeRoleInput>): Promise<{ before: MemberView; after: MemberView }> {
  assertMayGrant(actor, input.role);
  const rows = await db.select().from(staff).where(and(eq(staff.id, input.staffId), eq(staff.studioId, actor.studioId))).limit(1);
  const member = rows[0];
  if (!member) throw notFound("Member");
  if (member.id === actor.id) throw new AppError("FORBIDDEN", "You cannot change your own role.");
  if (!hasRole(actor.role, member.role)) throw new AppError("FORBIDDEN", "You cannot change the role of someone above you.");
  const updated = await db.update(staff).set({ role: input.role }).where(eq(staff.id, member.id)).returning();
  const after = updated[0] ?? member;
  // A demoted member's invitations above their new role no longer stand.
  await revokeInvitationsOutlivingInviter(db, actor, { inviterId: member.id, newRole: input.role });
  return { before: memberView(member), after: memberView(after) };
}
