import "server-only";
import Stripe from "stripe";

/**
 * Whether Stripe may have acted on a call that failed: no answer (network), its own error (5xx), too
 * many requests, or another request with the same Idempotency-Key still running (409). Such a call is
 * tried again later with the same key; any other error is Stripe's refusal.
 */
export function isUncertainStripeFailure(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError) return true;
  if (error instanceof Stripe.errors.StripeRateLimitError) return true;
  const status = error.statusCode;
  return status === undefined || status === 409 || status >= 500;
}

/** Stripe's message for the logs and the error answer; never the request (it may carry keys). */
export function stripeErrorMessage(error: unknown): string {
  // SECURITY: Stripe's message for a refused key quotes part of the key.
  if (error instanceof Stripe.errors.StripeAuthenticationError) return `${error.type}: Stripe refused the environment's secret key.`;
  if (error instanceof Stripe.errors.StripeError) return `${error.type}${error.code ? ` ${error.code}` : ""}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
