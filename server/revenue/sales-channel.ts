import { stores, type StoreName } from "@/db/schema";

/** Where a sale was made: the studio's own web shop (every checkout provider), or one of the stores. */
export const salesChannels = ["web", ...stores] as const;
export type SalesChannel = (typeof salesChannels)[number];

const storeNames: readonly string[] = stores;

function isStore(provider: string): provider is StoreName {
  return storeNames.includes(provider);
}

/** An order's channel, from its provider: a store's name, else `web` (Stripe, Mollie, the simulator, free). */
export function channelOfProvider(provider: string): SalesChannel {
  return isStore(provider) ? provider : "web";
}
