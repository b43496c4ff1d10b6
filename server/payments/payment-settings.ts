import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { gameEnvironments, games, paymentProviders, type PaymentProviderName } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { config } from "@/server/lib/config";
import { AppError, notFound, validationError, type FieldErrors } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { checkMollieKeyWithMollie } from "./mollie/mollie-key-check";
import { checkMollieApiKey, mollieKeyHint, mollieKeyProblem, sealMollieApiKey } from "./mollie/mollie-keys";
import { mollieWebhookUrl } from "./mollie/mollie-payment-params";
import { effectiveProvider, findGameEnvironment, offeredMethods, openMollieApiKey, openStripeKeys, type GameEnvironmentRow } from "./payment-config";
import { normalizeMethods, paymentMethods, type PaymentMethod } from "./payment-methods";
import { stripeAccountOf } from "./stripe-account-check";
import { stripeWebhookEvents } from "./stripe-events";
import { checkSecretKey, isWebhookSecret, keyHint, sealStripeSecret } from "./stripe-keys";

/**
 * A save. A key left empty keeps the stored one, so the provider can be switched without entering the
 * secrets again. `removeStripeKeys` erases them (only when leaving Stripe).
 */
export const PaymentSettingsInput = z.strictObject({
  provider: z.enum(paymentProviders),
  secretKey: z.string().trim().max(255, "At most 255 characters").optional(),
  webhookSecret: z.string().trim().max(255, "At most 255 characters").optional(),
  removeStripeKeys: z.boolean().optional(),
  apiKey: z.string().trim().max(255, "At most 255 characters").optional(),
  removeMollieKey: z.boolean().optional(),
  /** The methods offered; null: the provider's default; absent: keep the stored choice. */
  methods: z.array(z.enum(paymentMethods)).min(1, "Choose at least one method, or the provider's default").max(paymentMethods.length).nullable().optional(),
});
export type PaymentSettingsInput = z.infer<typeof PaymentSettingsInput>;

export type PaymentSettingsView = {
  env: GameScope["env"];
  /** The provider in use; `isDefault` when the studio never chose one. */
  provider: PaymentProviderName;
  isDefault: boolean;
  stripe: { secretKeyHint: string | null; webhookSecretHint: string | null; accountId: string | null };
  mollie: { apiKeyHint: string | null; webhookUrl: string };
  /** The methods offered on the hosted page; null: the provider's default. */
  methods: PaymentMethod[] | null;
  /** What to paste into Stripe's dashboard (Developers → Webhooks → Add endpoint). */
  webhookUrl: string;
  webhookEvents: string[];
  updatedAt: string | null;
};

async function gameSlug(db: Db, gameId: string): Promise<string> {
  const rows = await db.select({ slug: games.slug }).from(games).where(eq(games.id, gameId)).limit(1);
  if (!rows[0]) throw notFound("Game");
  return rows[0].slug;
}

export function stripeWebhookUrl(slug: string, env: GameScope["env"]): string {
  return `${config().publicUrl}/api/payments/stripe/${slug}/${env}`;
}

function toView(scope: GameScope, slug: string, row: GameEnvironmentRow | null): PaymentSettingsView {
  return {
    env: scope.env,
    provider: effectiveProvider(scope.env, row?.paymentProvider ?? null),
    isDefault: (row?.paymentProvider ?? null) === null,
    stripe: {
      secretKeyHint: row?.stripeSecretKeyHint ?? null,
      webhookSecretHint: row?.stripeWebhookSecretHint ?? null,
      accountId: row?.stripeAccountId ?? null,
    },
    mollie: { apiKeyHint: row?.mollieApiKeyHint ?? null, webhookUrl: mollieWebhookUrl(config().publicUrl, slug, scope.env) },
    methods: offeredMethods(row),
    webhookUrl: stripeWebhookUrl(slug, scope.env),
    webhookEvents: [...stripeWebhookEvents],
    updatedAt: row?.paymentsUpdatedAt?.toISOString() ?? null,
  };
}

/** An environment's payment settings as the dashboard shows them: hints, never keys. */
export async function getPaymentSettings(db: Db, scope: GameScope): Promise<PaymentSettingsView> {
  const [slug, row] = await Promise.all([gameSlug(db, scope.gameId), findGameEnvironment(db, scope)]);
  return toView(scope, slug, row);
}

/** The stored key, opened; one that no longer opens (AUTH_SECRET changed) must be entered again. */
function storedSecretKey(row: GameEnvironmentRow | null): string | null {
  if (!row) return null;
  try {
    return openStripeKeys(row)?.secretKey ?? null;
  } catch (error) {
    if (error instanceof AppError && error.code === "PAYMENT_FAILED") {
      throw validationError({ secretKey: ["The stored key can no longer be opened: enter it again"] });
    }
    throw error;
  }
}

/**
 * A checked save, ready to write: the Stripe call is behind it, so the write needs no network. The
 * fixture loader checks keys by form and mode only (a seed may run offline, Stripe is never called): it
 * gives `accountId` null for a new key (unknown until saved in the dashboard) and leaves it out to keep
 * the stored one.
 */
export type CheckedPaymentSettings = {
  provider: PaymentProviderName;
  stripe: { secretKey: string | null; webhookSecret: string | null; accountId?: string | null } | null;
  removeStripeKeys: boolean;
  /** A new Mollie key to seal (null keeps the stored one). */
  mollie?: { apiKey: string | null } | null;
  removeMollieKey?: boolean;
  /** Undefined keeps the stored choice. */
  methods?: PaymentMethod[] | null;
};

/**
 * Step 1 of a save, outside any transaction: the rules, then (when Stripe or Mollie stays on) one call
 * to the provider with the key that will be used, new or stored.
 */
export async function checkPaymentSettings(db: Db, scope: GameScope, input: PaymentSettingsInput): Promise<CheckedPaymentSettings> {
  const fieldErrors: FieldErrors = {};
  if (input.provider === "simulator" && scope.env === "live") {
    fieldErrors.provider = ["The simulator is for the test environment only"];
  }
  if (input.provider !== "stripe") {
    if (input.secretKey) fieldErrors.secretKey = ["Only with the Stripe provider"];
    if (input.webhookSecret) fieldErrors.webhookSecret = ["Only with the Stripe provider"];
  }
  if (input.provider !== "mollie" && input.apiKey) fieldErrors.apiKey = ["Only with the Mollie provider"];
  if (input.provider === "stripe" && input.removeStripeKeys) fieldErrors.removeStripeKeys = ["Not while Stripe is the provider"];
  if (input.provider === "mollie" && input.removeMollieKey) fieldErrors.removeMollieKey = ["Not while Mollie is the provider"];
  const methods = input.methods === undefined ? {} : { methods: input.methods === null ? null : normalizeMethods(input.methods) };
  const base = { provider: input.provider, stripe: null, removeStripeKeys: input.removeStripeKeys ?? false, removeMollieKey: input.removeMollieKey ?? false, ...methods };
  if (input.provider === "stripe") {
    const stripe = await checkStripeSettings(db, scope, { input, fieldErrors });
    return { ...base, stripe, removeStripeKeys: false };
  }
  if (input.provider === "mollie") {
    const mollie = await checkMollieSettings(db, scope, { input, fieldErrors });
    return { ...base, mollie, removeMollieKey: false };
  }
  if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
  return base;
}

async function checkStripeSettings(db: Db, scope: GameScope, { input, fieldErrors }: { input: PaymentSettingsInput; fieldErrors: FieldErrors }): Promise<NonNullable<CheckedPaymentSettings["stripe"]>> {
  const secretKey = input.secretKey || null;
  const webhookSecret = input.webhookSecret || null;
  const row = await findGameEnvironment(db, scope);
  if (secretKey) {
    const check = checkSecretKey(secretKey, scope.env);
    if (check === "STRIPE_KEY_INVALID") fieldErrors.secretKey = ["Must be a Stripe secret key (sk_…) or restricted key (rk_…)"];
    if (check === "STRIPE_KEY_MODE_MISMATCH") {
      fieldErrors.secretKey = [scope.env === "live" ? "The live environment needs a live-mode key (sk_live_… or rk_live_…)" : "The test environment needs a test-mode key (sk_test_… or rk_test_…)"];
    }
  } else if (!row?.stripeSecretKey) {
    fieldErrors.secretKey = ["Required"];
  }
  if (webhookSecret) {
    if (!isWebhookSecret(webhookSecret)) fieldErrors.webhookSecret = ["Must be a webhook signing secret (whsec_…)"];
  } else if (!row?.stripeWebhookSecret) {
    fieldErrors.webhookSecret = ["Required"];
  }
  if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
  const keyToCheck = secretKey ?? storedSecretKey(row);
  if (!keyToCheck) throw validationError({ secretKey: ["Required"] });
  const accountId = await stripeAccountOf(keyToCheck);
  return { secretKey, webhookSecret, accountId };
}

/** A new key must be of the environment's mode; the key that will be used (new or stored) is checked with Mollie. */
async function checkMollieSettings(db: Db, scope: GameScope, { input, fieldErrors }: { input: PaymentSettingsInput; fieldErrors: FieldErrors }): Promise<{ apiKey: string | null }> {
  const apiKey = input.apiKey || null;
  const row = await findGameEnvironment(db, scope);
  if (apiKey) {
    const problem = mollieKeyProblem(checkMollieApiKey(apiKey, scope.env), scope.env);
    if (problem) fieldErrors.apiKey = [problem];
  } else if (!row?.mollieApiKey) {
    fieldErrors.apiKey = ["Required"];
  }
  if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
  const keyToCheck = apiKey ?? storedMollieKey(row);
  if (!keyToCheck) throw validationError({ apiKey: ["Required"] });
  await checkMollieKeyWithMollie(keyToCheck);
  return { apiKey };
}

function storedMollieKey(row: GameEnvironmentRow | null): string | null {
  if (!row) return null;
  try {
    return openMollieApiKey(row);
  } catch (error) {
    if (error instanceof AppError && error.code === "PAYMENT_FAILED") {
      throw validationError({ apiKey: ["The stored key can no longer be opened: enter it again"] });
    }
    throw error;
  }
}

/** Step 2, in the caller's (audited) transaction: seals new keys, keeps the others, returns the view. */
export async function writePaymentSettings(db: Db, scope: GameScope, checked: CheckedPaymentSettings): Promise<PaymentSettingsView> {
  const set: Partial<typeof gameEnvironments.$inferInsert> = { paymentProvider: checked.provider, paymentsUpdatedAt: clock.now() };
  if (checked.stripe) {
    if (checked.stripe.accountId !== undefined) set.stripeAccountId = checked.stripe.accountId;
    if (checked.stripe.secretKey) {
      set.stripeSecretKey = sealStripeSecret("secret-key", checked.stripe.secretKey, scope);
      set.stripeSecretKeyHint = keyHint(checked.stripe.secretKey);
    }
    if (checked.stripe.webhookSecret) {
      set.stripeWebhookSecret = sealStripeSecret("webhook-secret", checked.stripe.webhookSecret, scope);
      set.stripeWebhookSecretHint = keyHint(checked.stripe.webhookSecret);
    }
  }
  if (checked.mollie?.apiKey) {
    set.mollieApiKey = sealMollieApiKey(checked.mollie.apiKey, scope.gameId, scope.env);
    set.mollieApiKeyHint = mollieKeyHint(checked.mollie.apiKey);
  }
  if (checked.removeMollieKey) Object.assign(set, { mollieApiKey: null, mollieApiKeyHint: null });
  if (checked.methods !== undefined) set.paymentMethods = checked.methods;
  if (checked.removeStripeKeys) {
    Object.assign(set, { stripeSecretKey: null, stripeSecretKeyHint: null, stripeWebhookSecret: null, stripeWebhookSecretHint: null, stripeAccountId: null });
  }
  const updated = await db
    .update(gameEnvironments)
    .set(set)
    .where(and(eq(gameEnvironments.gameId, scope.gameId), eq(gameEnvironments.env, scope.env)))
    .returning();
  if (!updated[0]) throw notFound("Environment");
  return toView(scope, await gameSlug(db, scope.gameId), updated[0]);
}

/** The methods offered alone (the fixture's `paymentMethods`), the provider and keys left as they are. */
export async function writePaymentMethods(db: Db, scope: GameScope, methods: PaymentMethod[] | null): Promise<void> {
  await db
    .update(gameEnvironments)
    .set({ paymentMethods: methods === null ? null : normalizeMethods(methods) })
    .where(and(eq(gameEnvironments.gameId, scope.gameId), eq(gameEnvironments.env, scope.env)));
}
