import { and, eq } from "drizzle-orm";
import type { Db } from "../client";
import { gameEnvironments, type Environment } from "../schema";
import type { FixtureEnvironment } from "../fixture-schema";
import { openStripeKeys } from "@/server/payments/payment-config";
import { keyHint, sealStripeSecret } from "@/server/payments/stripe-keys";

/**
 * The fixture's `payments` of one environment. Keys are compared opened, so a second run of the same
 * file leaves the sealed columns as they are (sealing draws a new IV each time). Stripe is never
 * called here: the account id stays unknown until the key is saved in the dashboard.
 */
export async function upsertPayments(tx: Db, gameId: string, env: Environment, payments: FixtureEnvironment["payments"]): Promise<void> {
  if (payments === undefined) return;
  const where = and(eq(gameEnvironments.gameId, gameId), eq(gameEnvironments.env, env));
  const [row] = await tx.select().from(gameEnvironments).where(where);
  if (!row) throw new Error(`Environment ${env} of game ${gameId} is missing`);
  const provider = payments === null ? "none" : payments.provider;
  const set: Partial<typeof gameEnvironments.$inferInsert> = {};
  if (row.paymentProvider !== provider) set.paymentProvider = provider;
  if (payments?.provider === "stripe") {
    let stored = null;
    try {
      stored = openStripeKeys(row);
    } catch {
      // Sealed under a secret no longer configured: the file's keys replace them.
    }
    if (stored?.secretKey !== payments.secretKey) {
      Object.assign(set, {
        stripeSecretKey: sealStripeSecret("secret-key", payments.secretKey, gameId, env),
        stripeSecretKeyHint: keyHint(payments.secretKey),
        stripeAccountId: null,
      });
    }
    if (stored?.webhookSecret !== payments.webhookSecret) {
      Object.assign(set, {
        stripeWebhookSecret: sealStripeSecret("webhook-secret", payments.webhookSecret, gameId, env),
        stripeWebhookSecretHint: keyHint(payments.webhookSecret),
      });
    }
  }
  if (Object.keys(set).length === 0) return;
  await tx.update(gameEnvironments).set(set).where(where);
}
