import "server-only";
import type { Db } from "@/db/client";
import { deliverDue, type DeliveryCounts, type WorkerOptions } from "@/server/webhooks/deliver";

/** The `webhooks` job: sends every delivery that is due (first attempts and retries). */
export function deliverWebhooks(db: Db, options: WorkerOptions = {}): Promise<DeliveryCounts> {
  return deliverDue(db, options);
}
