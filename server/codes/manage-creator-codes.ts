import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { creatorCodes } from "@/db/schema";
import { CREATOR_CODE_PATTERN, normalizeCreatorCode } from "@/server/lib/code-format";
import { clock } from "@/server/lib/clock";
import { AppError, notFound, validationError } from "@/server/lib/errors";

/**
 * A creator code as the studio writes it: normalized exactly like the fixture loader does (trimmed,
 * upper case, then the shared pattern), so a code made here is the code a buyer's typing matches.
 */
export const CreatorCodeText = z
  .string()
  .max(64, "2 to 32 letters, digits, _ or -")
  .transform(normalizeCreatorCode)
  .pipe(z.string().regex(CREATOR_CODE_PATTERN, "2 to 32 letters, digits, _ or -"));

const CreatorName = z.string().trim().min(1, "Required").max(80, "At most 80 characters");
/** Basis points of the order's net amount: 0 (no share) to 10000 (all of it). */
const RateBp = z
  .number("Must be a number")
  .min(0, "Must be 0 to 10000 (0 % to 100 %)")
  .max(10_000, "Must be 0 to 10000 (0 % to 100 %)")
  // A refinement, not z.int(): the dashboard's error formatter reads a type issue without input as "Required".
  .refine(Number.isInteger, "Must be a whole number of basis points");

export const CreateCreatorCodeInput = z.strictObject({
  code: CreatorCodeText,
  creatorName: CreatorName,
  rateBp: RateBp,
  active: z.boolean().default(true),
});
export type CreateCreatorCodeInput = z.infer<typeof CreateCreatorCodeInput>;

/** Name and rate change together (the edit form sends both); the code itself never changes. */
export const UpdateCreatorCodeInput = z.strictObject({ code: CreatorCodeText, creatorName: CreatorName, rateBp: RateBp });
export type UpdateCreatorCodeInput = z.infer<typeof UpdateCreatorCodeInput>;

export const SetCreatorCodeActiveInput = z.strictObject({ code: CreatorCodeText, active: z.boolean() });
export type SetCreatorCodeActiveInput = z.infer<typeof SetCreatorCodeActiveInput>;

export type CreatorCodeView = { code: string; creatorName: string; rateBp: number; active: boolean; createdAt: string; updatedAt: string };
export type CreatorCodeChange = { before: CreatorCodeView; after: CreatorCodeView };

type CreatorCodeRow = typeof creatorCodes.$inferSelect;

function toView(row: CreatorCodeRow): CreatorCodeView {
  return {
    code: row.code,
    creatorName: row.creatorName,
    rateBp: row.rateBp,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Creator codes belong to the game (both environments), like in the fixture. */
export async function listCreatorCodes(db: Db, gameId: string): Promise<CreatorCodeView[]> {
  const rows = await db.select().from(creatorCodes).where(eq(creatorCodes.gameId, gameId)).orderBy(asc(creatorCodes.code));
  return rows.map(toView);
}

export async function createCreatorCode(db: Db, gameId: string, input: CreateCreatorCodeInput): Promise<CreatorCodeView> {
  const now = clock.now();
  // CONCURRENCY: the primary key (game, code) decides between two racing creations; the loser gets the field error.
  const inserted = await db
    .insert(creatorCodes)
    .values({ gameId, code: input.code, creatorName: input.creatorName, rateBp: input.rateBp, active: input.active, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  const row = inserted[0];
  if (!row) throw validationError({ code: ["This code already exists"] }, `The creator code ${input.code} already exists.`);
  return toView(row);
}

async function lockCode(db: Db, gameId: string, code: string): Promise<CreatorCodeRow> {
  const rows = await db
    .select()
    .from(creatorCodes)
    .where(and(eq(creatorCodes.gameId, gameId), eq(creatorCodes.code, code)))
    .for("update");
  const row = rows[0];
  if (!row) throw notFound(`Creator code ${code}`);
  return row;
}

async function change(db: Db, gameId: string, { code, values }: { code: string; values: Partial<Pick<CreatorCodeRow, "creatorName" | "rateBp" | "active">> }): Promise<CreatorCodeChange> {
  return db.transaction(async (tx) => {
    // CONCURRENCY: the row is locked so `before` is exactly the state this change replaced (audit log).
    const before = await lockCode(tx, gameId, code);
    const updated = await tx
      .update(creatorCodes)
      .set({ ...values, updatedAt: clock.now() })
      .where(and(eq(creatorCodes.gameId, gameId), eq(creatorCodes.code, code)))
      .returning();
    const after = updated[0];
    if (!after) throw new AppError("INTERNAL_ERROR", "The creator code changed under us.");
    return { before: toView(before), after: toView(after) };
  });
}

/**
 * A new name or rate applies to orders from now on: an order keeps the name, rate and share it was
 * created with, so past payouts never change.
 */
export function updateCreatorCode(db: Db, gameId: string, input: UpdateCreatorCodeInput): Promise<CreatorCodeChange> {
  return change(db, gameId, { code: input.code, values: { creatorName: input.creatorName, rateBp: input.rateBp } });
}

/** An inactive code is refused at checkout (CODE_INVALID) but keeps its history and can come back. */
export function setCreatorCodeActive(db: Db, gameId: string, input: SetCreatorCodeActiveInput): Promise<CreatorCodeChange> {
  return change(db, gameId, { code: input.code, values: { active: input.active } });
}
