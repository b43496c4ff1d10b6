import "server-only";
import { clock } from "@/server/lib/clock";
import type { OrderRow } from "./order-view";

/** A pending order past its time can no longer be paid, even before the expiry job has closed it. */
export function isPastExpiry(order: Pick<OrderRow, "status" | "expiresAt">): boolean {
  return order.status === "pending" && order.expiresAt.getTime() <= clock.nowMs();
}
