import { and, eq } from "drizzle-orm";
import { getDb } from "@/server/db/connection";
import { auditLog, emailCodes, ledgerEntries } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { newId } from "@/server/lib/ids";
import { sha256Hex } from "@/server/lib/secrets";

/** An e-mail code row as request-email-code.ts writes it (only the hash of the code is kept). */
export async function insertEmailCode(gameId: string, email: string, purpose: "link" | "sign_in", playerId: string | null = null): Promise<string> {
  const db = await getDb();
  const id = newId();
  const now = clock.now();
  await db.insert(emailCodes).values({
    id,
    gameId,
    env: "test",
    email,
    purpose,
    playerId,
    codeHash: sha256Hex(`code-${id}`),
    expiresAt: new Date(now.getTime() + 600_000),
    createdAt: now,
  });
  return id;
}

export async function emailCodeIds(gameId: string): Promise<string[]> {
  const db = await getDb();
  return (await db.select({ id: emailCodes.id }).from(emailCodes).where(eq(emailCodes.gameId, gameId))).map((r) => r.id);
}

export async function ledgerCountOf(playerId: string): Promise<number> {
  const db = await getDb();
  return (await db.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.playerId, playerId))).length;
}

export async function auditCountOf(studioId: string): Promise<number> {
  const db = await getDb();
  return (await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.studioId, studioId))).length;
}

/** An audit entry written `daysAgo` days before now, for the retention job. */
export async function insertAuditEntry(studioId: string, daysAgo: number, action = "test.retention"): Promise<string> {
  const db = await getDb();
  const id = newId();
  await db.insert(auditLog).values({ id, studioId, action, createdAt: new Date(clock.nowMs() - daysAgo * 86_400_000) });
  return id;
}

export async function auditIdsOf(studioId: string, action: string): Promise<string[]> {
  const db = await getDb();
  return (await db.select({ id: auditLog.id }).from(auditLog).where(and(eq(auditLog.studioId, studioId), eq(auditLog.action, action)))).map((r) => r.id);
}
