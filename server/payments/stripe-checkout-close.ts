import "server-only";
import Stripe from "stripe";
import { AppError } from "@/server/lib/errors";
import { beingConfirmed } from "./checkout-conflicts";
import { childLogger } from "@/server/observability/logger";

const log = childLogger({ module: "payments" });

/**
 * Expires a Checkout Session so it can no longer be paid (country change, the buyer canceled on our
 * page). Throws CONFLICT with PAYMENT_BEING_CONFIRMED when the buyer already paid it.
 */
export async function expireStripeSession(stripe: Stripe, sessionId: string): Promise<void> {
  try {
    await stripe.checkout.sessions.expire(sessionId);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    // Only an open session can be expired: look at what it became.
    const session = await stripe.checkout.sessions.retrieve(sessionId).catch(() => null);
    if (session?.status === "expired") return;
    if (session?.status === "complete") throw beingConfirmed();
    log.error({ type: error.type, reason: error.message, stripeRequestId: error.requestId ?? null }, "expiring a Stripe checkout session failed");
    throw new AppError("PAYMENT_FAILED", "The country cannot be changed right now; try again.");
  }
}
