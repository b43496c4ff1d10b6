import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { studios } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError, notFound } from "@/server/lib/errors";
import { newId } from "@/server/lib/ids";

export const RenameStudioInput = z.strictObject({ name: z.string().trim().min(1, "Required").max(80, "At most 80 characters") });

/**
 * The IANA name as this runtime spells it ("europe/paris" → "Europe/Paris"), or null. Offsets such as
 * "+02:00" are refused on purpose: a fixed offset silently goes wrong at the next daylight-saving change.
 */
export function canonicalTimeZone(value: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat("en-GB", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const SetTimeZoneInput = z.strictObject({
  timeZone: z
    .string()
    .trim()
    .min(1, "Required")
    .max(64, "At most 64 characters")
    .transform((value, ctx) => {
      const zone = canonicalTimeZone(value);
      if (!zone) {
        ctx.addIssue({ code: "custom", message: "Not a known time zone: use an IANA name such as Europe/Paris or UTC" });
        return z.NEVER;
      }
      return zone;
    }),
});
export type SetTimeZoneInput = z.output<typeof SetTimeZoneInput>;

export type StudioView = { id: string; name: string; timeZone: string; createdAt: string };

function viewOf(studio: typeof studios.$inferSelect): StudioView {
  return { id: studio.id, name: studio.name, timeZone: studio.timeZone, createdAt: studio.createdAt.toISOString() };
}

export async function getStudio(db: Db, studioId: string): Promise<StudioView> {
  const rows = await db.select().from(studios).where(eq(studios.id, studioId)).limit(1);
  const studio = rows[0];
  if (!studio) throw notFound("Studio");
  return viewOf(studio);
}

/** True before the first fixture or sign-up: no studio exists yet. */
export async function noStudioYet(db: Db): Promise<boolean> {
  const rows = await db.select({ id: studios.id }).from(studios).limit(1);
  return rows.length === 0;
}

/** The studio of this name, created when none has it yet (the fixture loader names its studio). */
export async function ensureStudio(db: Db, name: string): Promise<StudioView> {
  // CONCURRENCY: the unique name decides between two loads creating the same studio.
  await db.insert(studios).values({ id: newId(), name, createdAt: clock.now() }).onConflictDoNothing({ target: studios.name });
  const rows = await db.select().from(studios).where(eq(studios.name, name)).limit(1);
  const studio = rows[0];
  if (!studio) throw new AppError("INTERNAL_ERROR", "The studio could not be written.");
  return viewOf(studio);
}

/** Studio names are unique (the fixture loader upserts by name). */
export async function renameStudio(db: Db, studioId: string, name: string): Promise<StudioView> {
  const taken = await db.select({ id: studios.id }).from(studios).where(and(eq(studios.name, name), ne(studios.id, studioId))).limit(1);
  if (taken[0]) throw new AppError("VALIDATION_FAILED", "Another studio has this name.", { fieldErrors: { name: ["Already taken"] } });
  const rows = await db.update(studios).set({ name }).where(eq(studios.id, studioId)).returning();
  const studio = rows[0];
  if (!studio) throw notFound("Studio");
  return viewOf(studio);
}

/** The zone every dashboard date of the studio is shown in; the input has been validated by SetTimeZoneInput. */
export async function setStudioTimeZone(db: Db, studioId: string, input: SetTimeZoneInput): Promise<StudioView> {
  const rows = await db.update(studios).set({ timeZone: input.timeZone }).where(eq(studios.id, studioId)).returning();
  const studio = rows[0];
  if (!studio) throw notFound("Studio");
  return viewOf(studio);
}

/** The studio's zone for the dashboard layout; UTC if the studio is gone or the stored zone is unknown here. */
export async function studioTimeZone(db: Db, studioId: string): Promise<string> {
  const rows = await db.select({ timeZone: studios.timeZone }).from(studios).where(eq(studios.id, studioId)).limit(1);
  return canonicalTimeZone(rows[0]?.timeZone ?? "UTC") ?? "UTC";
}
