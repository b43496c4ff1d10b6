import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { openSigningSecret, signingSecretNeedsSealing, storeSigningSecret } from "./signing-secret-store";

export type ResealCounts = { resealed: number; unreadable: number };

/**
 * Seals the signing secrets still stored in plain text (rows from before sealing) and seals again,
 * under the current AUTH_SECRET, those sealed under a previous one; after it AUTH_SECRET_PREVIOUS is
 * no longer needed for them. Idempotent and safe on several instances at once: a row changed
 * meanwhile (a rotation) is left as it is. `unreadable`: rows no configured secret opens.
 */
export async function resealSigningSecrets(db: Db): Promise<ResealCounts> {
  const rows = await db.select({ id: webhookEndpoints.id, stored: webhookEndpoints.signingSecret }).from(webhookEndpoints);
  const counts: ResealCounts = { resealed: 0, unreadable: 0 };
  for (const row of rows) {
    if (!signingSecretNeedsSealing(row.stored)) continue;
    const secret = openSigningSecret(row.id, row.stored);
    if (secret === null) {
      counts.unreadable += 1;
      continue;
    }
    const changed = await db
      .update(webhookEndpoints)
      .set({ signingSecret: storeSigningSecret(row.id, secret) })
      .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.signingSecret, row.stored)))
      .returning({ id: webhookEndpoints.id });
    counts.resealed += changed.length;
  }
  return counts;
}
