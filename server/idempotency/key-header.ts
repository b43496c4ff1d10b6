import "server-only";
import { AppError, validationError } from "@/server/lib/errors";

/** The Idempotency-Key header's value, checked as SPEC convention 8 says. */
export function readIdempotencyKey(headerValue: string | null): string {
  if (headerValue === null || headerValue === "") {
    throw new AppError("IDEMPOTENCY_KEY_REQUIRED", "This route needs an Idempotency-Key header.");
  }
  if (headerValue.length > 100 || !/^[\x20-\x7e]+$/.test(headerValue)) {
    throw validationError({ "Idempotency-Key": ["Must be 1 to 100 printable ASCII characters"] });
  }
  return headerValue;
}
