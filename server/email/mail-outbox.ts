import "server-only";
import type { Db } from "@/db/client";
import { mailOutbox } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { newId } from "@/server/lib/ids";
import { whenCommitted } from "@/server/observability/after-commit";
import type { OutgoingMail } from "./outgoing-mail";
import { nudgeMailSender } from "./mail-sender";

/**
 * Queues `mail` in the caller's transaction (pass the transaction, not the pool): it goes out only if
 * that transaction commits, and a commit keeps it until it is sent, whatever happens to this process.
 * Once committed the sender is nudged, so a sign-in code arrives at once rather than at the next run of
 * the `mail` job; the job is what makes delivery certain (retries, another instance, a restart).
 */
export async function queueMail(db: Db, mail: OutgoingMail): Promise<void> {
  const now = clock.now();
  await db.insert(mailOutbox).values({ id: newId(), ...mail, nextAttemptAt: now, createdAt: now });
  whenCommitted(nudgeMailSender);
}
