import "server-only";
import { AppError, validationError } from "@/server/lib/errors";
import { MollieRefusal, MollieClient } from "./mollie-client";

/**
 * Asks Mollie whether the key works (GET /v2/methods, the profile's enabled methods): the one call
 * made on save. Mollie refusing it is the studio's input to fix; Mollie unreachable is ours to retry
 * (503, nothing saved). Never called inside a database transaction.
 */
export async function checkMollieKeyWithMollie(apiKey: string): Promise<string[]> {
  try {
    return await new MollieClient(apiKey).listMethods();
  } catch (error) {
    if (error instanceof MollieRefusal && error.status >= 400 && error.status < 500) {
      throw validationError({ apiKey: ["Mollie refused this key"] }, "Mollie refused the API key.");
    }
    throw new AppError("SERVICE_UNAVAILABLE", "Mollie could not be reached to check the key; nothing was saved. Try again.", undefined, { "Retry-After": "5" });
  }
}
