import type { OrderStatus } from "@/db/schema";

const euros = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR" });

/** Integer cents as euros ("€12.34", "-€5.00"); the only division by 100 is for display. */
export function formatCents(cents: number): string {
  return euros.format(cents / 100);
}

/** Basis points as a percentage ("12.5 %"). */
export function formatRate(bp: number): string {
  return `${(bp / 100).toLocaleString("en-IE", { maximumFractionDigits: 2 })} %`;
}

/** Instants in UTC, like the reports' days, so a timeline and a revenue day always agree. */
export function formatInstant(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
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
