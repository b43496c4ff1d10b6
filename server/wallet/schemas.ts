import "server-only";
import { z } from "zod";
import { CurrencyCode } from "@/server/catalog/catalog-codes";

export const MAX_AMOUNT = 1_000_000_000_000;
export const MAX_BALANCE = 1_000_000_000_000_000;
export const METADATA_TOO_LARGE = "METADATA_TOO_LARGE";

export const Amount = z.number().int("Must be an integer").min(1, "Must be at least 1").max(MAX_AMOUNT, "Must be at most 1000000000000");
export const Reason = z.string().max(500, "Must be at most 500 characters");
export const Metadata = z
  .record(
    z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, "Keys are 1 to 64 letters, digits, _, . or -"),
    z.string().max(500, "Values are at most 500 characters"),
  )
  .refine((value) => Object.keys(value).length <= 20, METADATA_TOO_LARGE);

export const CurrencyMovementRequest = z.strictObject({
  currency: CurrencyCode,
  amount: Amount,
  reason: Reason.optional(),
  metadata: Metadata.optional(),
});
export type CurrencyMovementRequest = z.infer<typeof CurrencyMovementRequest>;

/** The client spend route takes no metadata. */
export const ClientSpendRequest = CurrencyMovementRequest.omit({ metadata: true });
export type ClientSpendRequest = z.infer<typeof ClientSpendRequest>;
