import "server-only";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { giftCodeBatches, giftCodes, staff } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { notFound } from "@/server/lib/errors";
import { newId } from "@/server/lib/ids";
import type { GameScope } from "@/server/lib/scope";
import type { GiftCodeView } from "./gift-code-view";
import { issueGiftCodes, IssueGiftCodesRequest } from "./issue-gift-codes";

/** What the dashboard's batch form sends: the codes' rules plus a label saying what the batch is for. */
export const IssueGiftCodeBatchRequest = IssueGiftCodesRequest.safeExtend({
  label: z.string("Required").trim().min(1, "Required").max(100, "At most 100 characters"),
});
export type IssueGiftCodeBatchRequest = z.infer<typeof IssueGiftCodeBatchRequest>;

export type GiftCodeBatchView = {
  id: string;
  label: string;
  /** Codes in the batch and redemptions of them, summed over its codes. */
  codes: number;
  uses: number;
  /** The staff member's name; null when they have since left the studio. */
  createdBy: string | null;
  createdAt: string;
};

export type IssuedBatch = { batch: GiftCodeBatchView; codes: GiftCodeView[] };

export type IssueGiftCodeBatchOptions = { input: IssueGiftCodeBatchRequest; createdBy: string };

/**
 * Records a labelled batch and issues its codes, in the caller's transaction (a refused batch leaves
 * neither the batch row nor any code). `createdBy` is the staff id, kept so the list can name them.
 */
export async function issueGiftCodeBatch(db: Db, scope: GameScope, { input, createdBy }: IssueGiftCodeBatchOptions): Promise<IssuedBatch> {
  const { label, ...request } = input;
  const now = clock.now();
  const id = newId();
  await db.insert(giftCodeBatches).values({ id, gameId: scope.gameId, env: scope.env, label, createdBy, createdAt: now });
  const codes = await issueGiftCodes(db, scope, { ...request, batchId: id });
  const [batch] = await selectBatches(db, scope, id);
  if (!batch) throw notFound("Gift-code batch");
  return { batch, codes };
}

async function selectBatches(db: Db, scope: GameScope, onlyId?: string): Promise<GiftCodeBatchView[]> {
  const conditions = [eq(giftCodeBatches.gameId, scope.gameId), eq(giftCodeBatches.env, scope.env)];
  if (onlyId) conditions.push(eq(giftCodeBatches.id, onlyId));
  const rows = await db
    .select({
      id: giftCodeBatches.id,
      label: giftCodeBatches.label,
      codes: count(giftCodes.id),
      uses: sql<string>`coalesce(sum(${giftCodes.useCount}), 0)::text`,
      createdBy: staff.name,
      createdAt: giftCodeBatches.createdAt,
    })
    .from(giftCodeBatches)
    .leftJoin(giftCodes, eq(giftCodes.batchId, giftCodeBatches.id))
    .leftJoin(staff, eq(staff.id, giftCodeBatches.createdBy))
    .where(and(...conditions))
    .groupBy(giftCodeBatches.id, staff.name)
    .orderBy(desc(giftCodeBatches.id));
  return rows.map((r) => ({ id: r.id, label: r.label, codes: r.codes, uses: Number(r.uses), createdBy: r.createdBy, createdAt: r.createdAt.toISOString() }));
}

/** The scope's batches, newest first. */
export function listGiftCodeBatches(db: Db, scope: GameScope): Promise<GiftCodeBatchView[]> {
  return selectBatches(db, scope);
}

/** One batch of the scope, or NOT_FOUND (another game's or environment's batch id included). */
export async function findGiftCodeBatch(db: Db, scope: GameScope, id: string): Promise<GiftCodeBatchView> {
  const [batch] = await selectBatches(db, scope, id);
  if (!batch) throw notFound("Gift-code batch");
  return batch;
}
