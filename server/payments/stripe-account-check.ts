import "server-only";
import Stripe from "stripe";
import { AppError, validationError } from "@/server/lib/errors";
import { stripeClient } from "./stripe-client";

/**
 * Asks Stripe whose key this is (GET /v1/account): the one call made on save. Stripe refusing the key
 * is the studio's input to fix (a field error); Stripe unreachable is ours to retry (503, nothing saved).
 * Never called inside a database transaction.
 */
export async function stripeAccountOf(secretKey: string): Promise<string> {
  try {
    const account = await stripeClient(secretKey).accounts.retrieveCurrent();
    return account.id;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeAuthenticationError) {
      throw validationError({ secretKey: ["Stripe refused this key"] }, "Stripe refused the secret key.");
    }
    if (error instanceof Stripe.errors.StripePermissionError) {
      throw validationError({ secretKey: ["This restricted key may not read the account"] }, "The restricted key lacks a permission.");
    }
    if (error instanceof Stripe.errors.StripeError) {
      const status = error.statusCode ?? 0;
      if (status >= 400 && status < 500 && status !== 429) {
        throw validationError({ secretKey: ["Stripe refused this key"] }, "Stripe refused the secret key.");
      }
    }
    throw new AppError("SERVICE_UNAVAILABLE", "Stripe could not be reached to check the key; nothing was saved. Try again.", undefined, { "Retry-After": "5" });
  }
}
