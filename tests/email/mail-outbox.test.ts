import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "@/db/schema";
import { getDb } from "@/server/db/connection";
import { queueMail } from "@/server/email/mail-outbox";
import { MAIL_LEASE_MS, MAIL_MAX_ATTEMPTS, MAIL_RETRY_DELAYS_MS } from "@/server/email/mail-retry";
import { mailSenderIdle, sendDueMails } from "@/server/email/mail-sender";
import type { OutgoingMail } from "@/server/email/outgoing-mail";
import { runJob } from "@/server/jobs/run-job";
import { clock } from "@/server/lib/clock";
import { resetConfigForTests } from "@/server/lib/config";
import { newId } from "@/server/lib/ids";
import { captureLogsForTests } from "@/server/observability/logger";
import { useDatabase } from "../harness";
import { startSmtpCapture, type SmtpCapture } from "./smtp-capture";

useDatabase();

function mailTo(to: string): OutgoingMail {
  return { to, fromName: "Star Quest", subject: "Your Star Quest sign-in code", text: "Your code:\n\n123456\n", html: "<p>123456</p>" };
}

async function rowsTo(to: string) {
  return (await getDb()).select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

/** An SMTP_URL on which nothing listens: every send fails at once, as with a mail server that is down. */
async function mailServerDown(): Promise<void> {
  const closed = await startSmtpCapture();
  const port = new URL(closed.url).port;
  await closed.close();
  process.env.SMTP_URL = `smtp://user:hunter2@127.0.0.1:${port}`;
  resetConfigForTests();
}

let address = 0;
const fresh = (label: string) => `${label}-${Date.now().toString(36)}-${(address += 1)}@example.com`;

let smtp: SmtpCapture | null = null;
beforeAll(async () => {
  await mailSenderIdle();
});
afterEach(async () => {
  await mailSenderIdle();
  await smtp?.close();
  smtp = null;
  delete process.env.SMTP_URL;
  resetConfigForTests();
  clock.reset();
});

describe("the mail outbox", () => {
  it("sends a mail once its transaction commits, and deletes the row (a code must not outlive its use)", async () => {
    smtp = await startSmtpCapture();
    const to = fresh("commit");
    await (await getDb()).transaction((tx) => queueMail(tx, mailTo(to)));
    await mailSenderIdle();
    expect(smtp.messages.filter((m) => m.to.includes(to)).map((m) => m.subject)).toEqual(["Your Star Quest sign-in code"]);
    expect(await rowsTo(to)).toEqual([]);
  });

  it("sends every mail of many transactions committing while the sender runs (no nudge is lost)", async () => {
    smtp = await startSmtpCapture();
    const db = await getDb();
    const addresses = Array.from({ length: 40 }, () => fresh("burst"));
    // Staggered commits, so some land while a run is finishing: each must still be sent by a nudge, not wait for the job.
    await Promise.all(
      addresses.map(async (to, index) => {
        await new Promise((resolve) => setTimeout(resolve, index % 8));
        await db.transaction((tx) => queueMail(tx, mailTo(to)));
      }),
    );
    await mailSenderIdle();
    expect(smtp.messages.flatMap((m) => m.to).filter((to) => addresses.includes(to)).sort()).toEqual([...addresses].sort());
    for (const to of addresses) expect(await rowsTo(to)).toEqual([]);
  });

  it("never sends the mail of a transaction that rolled back", async () => {
    smtp = await startSmtpCapture();
    const to = fresh("rollback");
    const failed = (await getDb()).transaction(async (tx) => {
      await queueMail(tx, mailTo(to));
      throw new Error("the change failed");
    });
    await expect(failed).rejects.toThrow("the change failed");
    await mailSenderIdle();
    expect(await sendDueMails(await getDb())).toMatchObject({ sent: 0 });
    expect(smtp.messages.filter((m) => m.to.includes(to))).toEqual([]);
    expect(await rowsTo(to)).toEqual([]);
  });

  it("keeps a committed mail whose sender died, and the mail job sends it once the lease has run out", async () => {
    smtp = await startSmtpCapture();
    const to = fresh("crash");
    const now = clock.now();
    // As a sender leaves it when the process dies after claiming: attempt 1 counted, leased.
    const db = await getDb();
    await db.insert(mailOutbox).values({ id: newId(), ...mailTo(to), attempts: 1, nextAttemptAt: new Date(now.getTime() + MAIL_LEASE_MS), createdAt: now });
    expect(await runJob(db, "mail")).toEqual({ job: "mail", counts: { claimed: 0, sent: 0, retried: 0, gaveUp: 0 } });
    clock.advance(MAIL_LEASE_MS);
    expect(await runJob(db, "mail")).toEqual({ job: "mail", counts: { claimed: 1, sent: 1, retried: 0, gaveUp: 0 } });
    expect(smtp.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
    expect(await rowsTo(to)).toEqual([]);
  });

  it("retries a failed send after 30 s, 2 min, 10 min, 30 min and 2 h, then gives up with an error log", async () => {
    expect(MAIL_RETRY_DELAYS_MS).toEqual([30_000, 120_000, 600_000, 1_800_000, 7_200_000]);
    expect(MAIL_MAX_ATTEMPTS).toBe(6);
    await mailServerDown();
    const to = fresh("retry");
    const db = await getDb();
    clock.freeze(new Date("2030-03-04T09:00:00Z"));
    await db.transaction((tx) => queueMail(tx, mailTo(to)));
    await mailSenderIdle();
    const [first] = await rowsTo(to);
    expect(first).toMatchObject({ attempts: 1, nextAttemptAt: new Date("2030-03-04T09:00:30Z") });
    expect(first?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(first?.lastError).not.toContain("hunter2");

    for (const [index, delay] of MAIL_RETRY_DELAYS_MS.slice(0, -1).entries()) {
      clock.advance(delay - 1);
      expect((await sendDueMails(db)).claimed).toBe(0);
      clock.advance(1);
      expect(await sendDueMails(db)).toEqual({ claimed: 1, sent: 0, retried: 1, gaveUp: 0 });
      expect((await rowsTo(to))[0]?.attempts).toBe(index + 2);
    }

    const logs = captureLogsForTests("error");
    clock.advance(MAIL_RETRY_DELAYS_MS.at(-1) ?? 0);
    expect(await sendDueMails(db)).toEqual({ claimed: 1, sent: 0, retried: 0, gaveUp: 1 });
    logs.stop();
    expect(await rowsTo(to)).toEqual([]);
    expect(logs.lines).toEqual([expect.objectContaining({ msg: "gave up sending a mail", to, attempts: MAIL_MAX_ATTEMPTS })]);
    expect(logs.raw.join("\n")).not.toContain("hunter2");
  });

  it("sends a retried mail once the mail server is back", async () => {
    await mailServerDown();
    const to = fresh("back");
    const db = await getDb();
    await db.transaction((tx) => queueMail(tx, mailTo(to)));
    await mailSenderIdle();
    expect((await rowsTo(to))[0]?.attempts).toBe(1);
    smtp = await startSmtpCapture();
    clock.advance(30_000);
    expect(await sendDueMails(db)).toEqual({ claimed: 1, sent: 1, retried: 0, gaveUp: 0 });
    expect(smtp.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
    expect(await rowsTo(to)).toEqual([]);
  });
});
