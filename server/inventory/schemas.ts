import "server-only";
import { z } from "zod";
import { Sku } from "@/server/catalog/catalog-codes";
import { MAX_AMOUNT } from "@/server/wallet/schemas";

/** The most of one item a player can own, like the balance cap; the database checks it too (migration 0005). */
export const MAX_OWNED_QUANTITY = 1_000_000_000_000_000;

export const Quantity = z
  .number()
  .int("Must be an integer")
  .min(1, "Must be at least 1")
  .max(MAX_AMOUNT, "Must be at most 1000000000000");

export const ItemQuantityRequest = z.strictObject({
  sku: Sku,
  quantity: Quantity.default(1),
});
export type ItemQuantityRequest = z.infer<typeof ItemQuantityRequest>;

/** SPEC's InventoryItem resource, defined once: server/api registers it as a component, the type is inferred from it. */
export const InventoryItemSchema = z.object({ sku: z.string(), quantity: z.int().min(0), updatedAt: z.iso.datetime() });
export type InventoryItemView = z.infer<typeof InventoryItemSchema>;
