import "server-only";
import { AppError } from "@/server/lib/errors";

export const PAYMENT_BEING_CONFIRMED = "PAYMENT_BEING_CONFIRMED";

/** The buyer already paid the provider's checkout: the order waits for its confirmation and can no longer change. */
export function beingConfirmed(): AppError {
  return new AppError("CONFLICT", "This order's payment is being confirmed; its country can no longer change.", { reason: PAYMENT_BEING_CONFIRMED });
}
