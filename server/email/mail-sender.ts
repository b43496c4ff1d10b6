import "server-only";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { mailOutbox } from "@/db/schema";
import { getDb } from "@/server/db/connection";
import { clock } from "@/server/lib/clock";
import { childLogger } from "@/server/observability/logger";
import { MAIL_LEASE_MS, nextMailAttemptAt } from "./mail-retry";
import { deliverMail } from "./send-mail";

const log = childLogger({ module: "mail" });

export type MailCounts = { claimed: number; sent: number; retried: number; gaveUp: number };

type ClaimedMail = typeof mailOutbox.$inferSelect;

/**
 * Leases up to `limit` due mails in one statement (its own short transaction): SKIP LOCKED lets two
 * senders take different rows, and `attempts` counts this attempt, so it also proves ownership when
 * the outcome is written (a sender whose lease ran out finds the row moved on and writes nothing).
 */
async function claimDueMails(db: Db, limit: number): Promise<ClaimedMail[]> {
  const now = clock.now();
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(lte(mailOutbox.nextAttemptAt, now))
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + MAIL_LEASE_MS) })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

type Outcome = "sent" | "retried" | "gaveUp";

async function sendOne(db: Db, mail: ClaimedMail): Promise<Outcome> {
  const mine = and(eq(mailOutbox.id, mail.id), eq(mailOutbox.attempts, mail.attempts));
  try {
    await deliverMail(mail);
  } catch (error) {
    // SECURITY: the message only; SMTP_URL may carry a password and is never logged.
    const reason = error instanceof Error ? error.message : String(error);
    const retryAt = nextMailAttemptAt(mail.attempts, clock.now());
    if (retryAt === null) {
      log.error({ mailId: mail.id, to: mail.to, attempts: mail.attempts, reason }, "gave up sending a mail");
      await db.delete(mailOutbox).where(mine);
      return "gaveUp";
    }
    log.warn({ mailId: mail.id, to: mail.to, attempts: mail.attempts, retryAt, reason }, "sending a mail failed; it will be tried again");
    await db.update(mailOutbox).set({ nextAttemptAt: retryAt, lastError: reason.slice(0, 500) }).where(mine);
    return "retried";
  }
  // Sent: the row goes, its body (a code, a link) with it.
  await db.delete(mailOutbox).where(mine);
  return "sent";
}

/**
 * The `mail` job: sends every due mail (first attempts and retries), `batch` at a time, until none is
 * due. Each send is independent: one failure is recorded on its row and the others go on.
 */
export async function sendDueMails(db: Db, options: { batch?: number } = {}): Promise<MailCounts> {
  const batch = options.batch ?? 20;
  const counts: MailCounts = { claimed: 0, sent: 0, retried: 0, gaveUp: 0 };
  for (;;) {
    const claimed = await claimDueMails(db, batch);
    counts.claimed += claimed.length;
    const outcomes = await Promise.all(claimed.map((mail) => sendOne(db, mail)));
    for (const outcome of outcomes) counts[outcome] += 1;
    if (claimed.length < batch) return counts;
  }
}

/**
 * One in-process run at a time; a nudge during a run asks for one more run after it. `running` is
 * cleared in the same step as the last look at `again` (no await between them), so a nudge can never
 * land between a run deciding it is done and the run being marked finished (its mail would then wait
 * for the job).
 */
let running = false;
let again = false;
let current: Promise<void> = Promise.resolve();

/**
 * Called once a transaction that queued a mail has committed: sends it now instead of at the next run
 * of the job. Never throws and is not awaited; whatever it cannot send stays queued for the job.
 */
export function nudgeMailSender(): void {
  again = true;
  if (running) return;
  running = true;
  current = (async () => {
    try {
      while (again) {
        again = false;
        try {
          await sendDueMails(await getDb());
        } catch (error) {
          log.error({ err: error }, "sending queued mails failed; the mail job will try again");
        }
      }
    } finally {
      running = false;
    }
  })();
}

/** For tests: resolves once the in-process sender (if any) has finished. */
export async function mailSenderIdle(): Promise<void> {
  while (running) await current;
}
