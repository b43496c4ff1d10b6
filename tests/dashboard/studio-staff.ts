import { getErrorShape, TRPCError } from "@trpc/server";
import { and, desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/server/db/connection";
import { auditLog, games, staff, staffRoles, type StaffRole } from "@/db/schema";
import type { StaffIdentity } from "@/server/auth/staff-identity";
import { clock } from "@/server/lib/clock";
import { newId } from "@/server/lib/ids";
import { appRouter, createCaller } from "@/server/trpc/root";
import { createTestGame, type TestGame } from "../harness";

/** A fresh studio with one game and one staff member per role (tests never share a studio). */
export type StudioFixture = { game: TestGame; gameId: string; studioId: string; staff: Record<StaffRole, StaffIdentity> };

export async function addStaff(studioId: string, role: StaffRole, name: string = role): Promise<StaffIdentity> {
  const db = await getDb();
  const member: StaffIdentity = { id: newId(), studioId, email: `${role}-${newId()}@studio.test`, name, role };
  await db.insert(staff).values({ ...member, passwordHash: null, createdAt: clock.now() });
  return member;
}

export async function studioFixture(options: Parameters<typeof createTestGame>[0] = {}): Promise<StudioFixture> {
  const game = await createTestGame(options);
  const db = await getDb();
  const rows = await db.select({ id: games.id, studioId: games.studioId }).from(games).where(eq(games.slug, game.slug));
  const row = rows[0];
  if (!row) throw new Error(`no game ${game.slug}`);
  const members = {} as Record<StaffRole, StaffIdentity>;
  for (const role of staffRoles) members[role] = await addStaff(row.studioId, role);
  return { game, gameId: row.id, studioId: row.studioId, staff: members };
}

export async function callerFor(member: StaffIdentity | null) {
  return createCaller({ db: await getDb(), staff: member });
}

/** The tRPC error code a call failed with (it must fail). */
export async function failureOf(call: Promise<unknown>): Promise<TRPCError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`);
  return error;
}

export async function expectCode(call: Promise<unknown>, code: TRPCError["code"]): Promise<TRPCError> {
  const error = await failureOf(call);
  expect(error.code, error.message).toBe(code);
  return error;
}

/** Field errors exactly as the dashboard receives them, through the real error formatter. */
export function fieldErrorsOf(error: TRPCError): Record<string, string[]> | null {
  const shape = getErrorShape({ config: appRouter._def._config, error, type: "mutation", path: undefined, input: undefined, ctx: undefined });
  const data = shape.data as { fieldErrors?: Record<string, string[]> | null };
  return data.fieldErrors ?? null;
}

/** Roles from lowest to highest, split at the lowest role allowed. */
export function rolesSplitAt(lowest: StaffRole): { allowed: StaffRole[]; refused: StaffRole[] } {
  const at = staffRoles.indexOf(lowest);
  return { allowed: staffRoles.slice(at), refused: staffRoles.slice(0, at) };
}

export type AuditRow = typeof auditLog.$inferSelect;

/** The studio's audit rows for an action, newest first. */
export async function auditRowsOf(studioId: string, action: string): Promise<AuditRow[]> {
  const db = await getDb();
  return db.select().from(auditLog).where(and(eq(auditLog.studioId, studioId), eq(auditLog.action, action))).orderBy(desc(auditLog.id));
}

export async function lastAudit(studioId: string, action: string): Promise<AuditRow> {
  const row = (await auditRowsOf(studioId, action))[0];
  if (!row) throw new Error(`no audit entry ${action}`);
  return row;
}
