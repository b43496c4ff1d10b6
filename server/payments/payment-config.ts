import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameEnvironments, games, type Environment, type PaymentProviderName } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { UnsealError } from "@/server/lib/sealing";
import { unsealMollieApiKey } from "./mollie/mollie-keys";
import { isPaymentMethod, normalizeMethods, paymentMethodLabels, type PaymentMethod } from "./payment-methods";
import { unsealStripeSecret } from "./stripe-keys";

export type GameEnvironmentRow = typeof gameEnvironments.$inferSelect;

/** The stored Stripe account of an environment, opened. */
export type StripeKeys = { secretKey: string; webhookSecret: string; accountId: string | null };

/** `paymentProvider` null means the environment's default: the simulator in test, none in live. */
export function effectiveProvider(env: Environment, stored: PaymentProviderName | null): PaymentProviderName {
  return stored ?? (env === "test" ? "simulator" : "none");
}

export async function findGameEnvironment(db: Db, scope: GameScope): Promise<GameEnvironmentRow | null> {
  const rows = await db
    .select()
    .from(gameEnvironments)
    .where(and(eq(gameEnvironments.gameId, scope.gameId), eq(gameEnvironments.env, scope.env)))
    .limit(1);
  return rows[0] ?? null;
}

/** The provider an environment uses, without opening any key (pages that only need to know which). */
export async function paymentProviderNameFor(db: Db, scope: GameScope): Promise<PaymentProviderName> {
  const row = await findGameEnvironment(db, scope);
  return effectiveProvider(scope.env, row?.paymentProvider ?? null);
}

/**
 * The environment's Stripe keys, opened, or null when none are stored. Keys sealed under a secret no
 * longer configured are a 402 that tells the studio what to do, never a 500 or the sealed value.
 */
export function openStripeKeys(row: GameEnvironmentRow): StripeKeys | null {
  if (!row.stripeSecretKey || !row.stripeWebhookSecret) return null;
  try {
    return {
      secretKey: unsealStripeSecret("secret-key", row.stripeSecretKey, row),
      webhookSecret: unsealStripeSecret("webhook-secret", row.stripeWebhookSecret, row),
      accountId: row.stripeAccountId,
    };
  } catch (error) {
    if (!(error instanceof UnsealError)) throw error;
    throw new AppError(
      "PAYMENT_FAILED",
      `The Stripe keys of the ${row.env} environment cannot be opened (AUTH_SECRET changed); enter them again in Keys & settings → Payments.`,
    );
  }
}

export type StripeWebhookConfig = { gameId: string; env: Environment; webhookSecret: string; secretKey: string };

/**
 * What the Stripe webhook route needs to verify and act on an event, found by the URL's game slug and
 * environment; null when the environment has no Stripe keys. The keys answer even after the studio
 * switched the provider away from Stripe: events for orders already paid there (refunds made in
 * Stripe's dashboard, disputes) still arrive and must still be verified and recorded.
 */
export async function stripeConfigForWebhook(db: Db, gameSlug: string, env: Environment): Promise<StripeWebhookConfig | null> {
  const rows = await db
    .select({ environment: gameEnvironments })
    .from(gameEnvironments)
    .innerJoin(games, eq(games.id, gameEnvironments.gameId))
    .where(and(eq(games.slug, gameSlug), eq(gameEnvironments.env, env)))
    .limit(1);
  const row = rows[0]?.environment;
  if (!row) return null;
  const keys = openStripeKeys(row);
  if (!keys) return null;
  return { gameId: row.gameId, env: row.env, webhookSecret: keys.webhookSecret, secretKey: keys.secretKey };
}

/** The environment's Mollie API key, opened, or null when none is stored; one that no longer opens is a 402 as for Stripe. */
export function openMollieApiKey(row: GameEnvironmentRow): string | null {
  if (!row.mollieApiKey) return null;
  try {
    return unsealMollieApiKey(row.mollieApiKey, row.gameId, row.env);
  } catch (error) {
    if (!(error instanceof UnsealError)) throw error;
    throw new AppError(
      "PAYMENT_FAILED",
      `The Mollie API key of the ${row.env} environment cannot be opened (AUTH_SECRET changed); enter it again in Keys & settings → Payments.`,
    );
  }
}

/** The methods the environment offers; null leaves them to the provider's account settings. */
export function offeredMethods(row: GameEnvironmentRow | null): PaymentMethod[] | null {
  if (!row?.paymentMethods) return null;
  return normalizeMethods(row.paymentMethods.filter(isPaymentMethod));
}

export type MollieWebhookConfig = { gameId: string; env: Environment; apiKey: string };

/**
 * What Mollie's webhook route needs, found by the URL's game slug and environment; null when the
 * environment has no Mollie key. Like Stripe's, it answers after a switch away from Mollie: refunds
 * and chargebacks of orders paid there still arrive.
 */
export async function mollieConfigForWebhook(db: Db, gameSlug: string, env: Environment): Promise<MollieWebhookConfig | null> {
  const rows = await db
    .select({ environment: gameEnvironments })
    .from(gameEnvironments)
    .innerJoin(games, eq(games.id, gameEnvironments.gameId))
    .where(and(eq(games.slug, gameSlug), eq(gameEnvironments.env, env)))
    .limit(1);
  const row = rows[0]?.environment;
  if (!row) return null;
  const apiKey = openMollieApiKey(row);
  return apiKey ? { gameId: row.gameId, env: row.env, apiKey } : null;
}

/** The brand names of the methods an environment offers, for the hosted page; null: the provider's default. */
export async function paymentMethodsFor(db: Db, scope: GameScope): Promise<string[] | null> {
  const methods = offeredMethods(await findGameEnvironment(db, scope));
  return methods ? methods.map((method) => paymentMethodLabels[method]) : null;
}
