import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { studios } from "@/db/schema";
import { AppError, notFound } from "@/server/lib/errors";

export const RenameStudioInput = z.strictObject({ name: z.string().trim().min(1, "Required").max(80, "At most 80 characters") });

export type StudioView = { id: string; name: string; createdAt: string };

export async function getStudio(db: Db, studioId: string): Promise<StudioView> {
  const rows = await db.select().from(studios).where(eq(studios.id, studioId)).limit(1);
  const studio = rows[0];
  if (!studio) throw notFound("Studio");
  return { id: studio.id, name: studio.name, createdAt: studio.createdAt.toISOString() };
}

/** Studio names are unique (the fixture loader upserts by name). */
export async function renameStudio(db: Db, studioId: string, name: string): Promise<StudioView> {
  const taken = await db.select({ id: studios.id }).from(studios).where(and(eq(studios.name, name), ne(studios.id, studioId))).limit(1);
  if (taken[0]) throw new AppError("VALIDATION_FAILED", "Another studio has this name.", { fieldErrors: { name: ["Already taken"] } });
  const rows = await db.update(studios).set({ name }).where(eq(studios.id, studioId)).returning();
  const studio = rows[0];
  if (!studio) throw notFound("Studio");
  return { id: studio.id, name: studio.name, createdAt: studio.createdAt.toISOString() };
}
