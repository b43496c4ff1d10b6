import { eq, inArray } from "drizzle-orm";
import type { Db } from "../client";
import { gameEnvironments, games, staff, studios, environments } from "../schema";
import type { Fixture, FixtureGame } from "../fixture-schema";
import type { Problems } from "../fixture-issues";
import { newId } from "@/server/lib/ids";
import { hashPassword, verifyPassword } from "@/server/lib/passwords";
import { upsertChanges } from "./sql";

export async function upsertStudio(tx: Db, name: string, now: Date): Promise<string> {
  await tx.insert(studios).values({ id: newId(), name, createdAt: now }).onConflictDoNothing({ target: studios.name });
  const [row] = await tx.select({ id: studios.id }).from(studios).where(eq(studios.name, name));
  if (!row) throw new Error(`Studio ${name} could not be written`);
  return row.id;
}

export async function upsertStaff(tx: Db, studioId: string, members: Fixture["staff"], now: Date, problems: Problems): Promise<void> {
  if (members.length === 0) return;
  const existing = await tx.select().from(staff).where(inArray(staff.email, members.map((m) => m.email)));
  const byEmail = new Map(existing.map((row) => [row.email, row]));
  const rows: (typeof staff.$inferInsert)[] = [];
  for (const [index, member] of members.entries()) {
    const current = byEmail.get(member.email);
    // SECURITY: an e-mail is one account; a fixture must not pull a member out of another studio.
    if (current && current.studioId !== studioId) {
      problems.add(["staff", index, "email"], "already a member of another studio");
      continue;
    }
    let passwordHash = current?.passwordHash ?? null;
    // A new salt each time would rewrite the row on every run; keep the hash while it still matches.
    if (member.password !== undefined && !(passwordHash && (await verifyPassword(member.password, passwordHash)))) {
      passwordHash = await hashPassword(member.password);
    }
    rows.push({ id: newId(), studioId, email: member.email, name: member.name, passwordHash, role: member.role, createdAt: now });
  }
  if (rows.length === 0) return;
  await tx
    .insert(staff)
    .values(rows)
    .onConflictDoUpdate({ target: staff.email, ...upsertChanges(staff, ["name", "role", "passwordHash"]) });
}

/** The game's id, or null (with a problem) when the slug belongs to another studio. */
export async function upsertGame(tx: Db, studioId: string, game: FixtureGame, index: number, now: Date, problems: Problems): Promise<string | null> {
  const [current] = await tx.select({ id: games.id, studioId: games.studioId }).from(games).where(eq(games.slug, game.slug));
  if (current && current.studioId !== studioId) {
    problems.add(["games", index, "slug"], "this slug belongs to a game of another studio");
    return null;
  }
  await tx
    .insert(games)
    .values({ id: newId(), studioId, slug: game.slug, name: game.name, ...game.settings, createdAt: now })
    .onConflictDoUpdate({
      target: games.slug,
      ...upsertChanges(games, ["name", "spendOrder", "negativeBalance", "anonymousPlayers", "prelaunch", "launchAt"]),
    });
  const [row] = await tx.select({ id: games.id }).from(games).where(eq(games.slug, game.slug));
  if (!row) throw new Error(`Game ${game.slug} could not be written`);
  return row.id;
}

/** Both environment rows always exist; a fixture that leaves `allowedOrigins` out keeps the stored list. */
export async function upsertGameEnvironments(tx: Db, gameId: string, game: FixtureGame): Promise<void> {
  for (const env of environments) {
    const allowedOrigins = game.environments[env].allowedOrigins;
    const insert = tx.insert(gameEnvironments).values({ gameId, env, allowedOrigins: allowedOrigins ?? [] });
    const target = [gameEnvironments.gameId, gameEnvironments.env];
    if (allowedOrigins === undefined) await insert.onConflictDoNothing({ target });
    else await insert.onConflictDoUpdate({ target, ...upsertChanges(gameEnvironments, ["allowedOrigins"]) });
  }
}
