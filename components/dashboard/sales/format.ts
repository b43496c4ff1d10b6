import type { OrderStatus } from "@/db/schema";

/**
 * Basis points as a percentage ("12.5 %"). Amounts, counts and instants go through components/ui/format.tsx
 * (useFormat); only what it does not cover stays here.
 */
export function formatRate(bp: number): string {
  return `${(bp / 100).toLocaleString("en-IE", { maximumFractionDigits: 2 })} %`;
}

export const statusTone: Record<OrderStatus, "gray" | "green" | "red" | "amber" | "blue"> = {
  pending: "amber",
  paid: "blue",
  fulfilled: "green",
  refunded: "gray",
  chargeback: "red",
  failed: "red",
  canceled: "gray",
  expired: "gray",
};

/** The order states, in the order of the state machine (a filter's options; kept here so no server code ships to the browser). */
export const orderStatusOptions = ["pending", "paid", "fulfilled", "refunded", "chargeback", "failed", "canceled", "expired"] as const satisfies readonly OrderStatus[];
