import "server-only";
import { z } from "zod";

/** `POST …/store-purchases`: what the game got from the store after a purchase. */
export const StorePurchaseRequest = z.discriminatedUnion("store", [
  z.strictObject({
    store: z.literal("app_store"),
    signedTransaction: z.string().min(1, "Must not be empty").max(16_384, "Must be at most 16384 characters").describe("StoreKit 2 `Transaction.jwsRepresentation`."),
  }),
  z.strictObject({
    store: z.literal("google_play"),
    productId: z.string().min(1, "Must not be empty").max(150, "Must be at most 150 characters").describe("The Play product id bought."),
    purchaseToken: z.string().min(1, "Must not be empty").max(4096, "Must be at most 4096 characters").describe("`Purchase.getPurchaseToken()`."),
  }),
]);
export type StorePurchaseRequest = z.infer<typeof StorePurchaseRequest>;
