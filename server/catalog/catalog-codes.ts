import "server-only";
import { z } from "zod";

export const CurrencyCode = z
  .string()
  .regex(/^[a-z][a-z0-9_]{1,23}$/, "Must be 2 to 24 characters: a lowercase letter, then lowercase letters, digits or _");
export const Sku = z.string().min(1, "Must be 1 to 48 characters").max(48, "Must be 1 to 48 characters");
