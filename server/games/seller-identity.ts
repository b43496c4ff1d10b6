import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { games } from "@/db/schema";
import { notFound } from "@/server/lib/errors";

const httpsUrl = z
  .string()
  .trim()
  .max(2000, "At most 2000 characters")
  .url("Must be a URL like https://example.com/terms")
  .refine((value) => value.startsWith("https://"), "Must start with https://");

/** Each field may be cleared (null); the hosted payment page shows what is set. */
export const SellerIdentityInput = z.strictObject({
  sellerName: z.string().trim().min(1, "Required").max(200, "At most 200 characters").nullable(),
  sellerAddress: z.string().trim().min(1, "Required").max(500, "At most 500 characters").nullable(),
  sellerEmail: z.string().trim().max(254, "At most 254 characters").email("Must be an e-mail address").nullable(),
  /** Left out: the stored number stays (older clients of this form did not send it). */
  sellerVatNumber: z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s.-]/g, "").toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}[0-9A-Z+*]{2,13}$/, "Must be a VAT number with its country prefix, like BE0123456789"))
    .nullable()
    .optional(),
  termsUrl: httpsUrl.nullable(),
  privacyUrl: httpsUrl.nullable(),
});
export type SellerIdentityUpdate = z.infer<typeof SellerIdentityInput>;
export type SellerIdentity = Required<SellerIdentityUpdate>;

function toSellerIdentity(row: typeof games.$inferSelect): SellerIdentity {
  return {
    sellerName: row.sellerName,
    sellerAddress: row.sellerAddress,
    sellerEmail: row.sellerEmail,
    sellerVatNumber: row.sellerVatNumber,
    termsUrl: row.termsUrl,
    privacyUrl: row.privacyUrl,
  };
}

/** Who sells a game's packs and its legal links (EU consumer law), as the hosted payment page shows them. */
export async function getSellerIdentity(db: Db, gameId: string): Promise<SellerIdentity> {
  const rows = await db.select().from(games).where(eq(games.id, gameId)).limit(1);
  if (!rows[0]) throw notFound("Game");
  return toSellerIdentity(rows[0]);
}

/** Which game of the studio, and the seller fields to change. */
export type SellerIdentityChange = { gameId: string; seller: SellerIdentityUpdate };

export async function updateSellerIdentity(db: Db, studioId: string, { gameId, seller }: SellerIdentityChange): Promise<SellerIdentity> {
  const rows = await db
    .update(games)
    .set(seller)
    .where(and(eq(games.id, gameId), eq(games.studioId, studioId)))
    .returning();
  if (!rows[0]) throw notFound("Game");
  return toSellerIdentity(rows[0]);
}
