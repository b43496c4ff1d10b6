/**
 * A real SMTP server on a free local port that keeps every mail it receives, for specs that start an
 * app with `SMTP_URL` pointing at it (the run's own app has no mail server). Tests read what the app
 * actually sent: a sign-in code, a link. With `saveTo`, each mail is also written to <dir>/<n>.eml, so
 * test workers in other processes than the one that started it can read them (`mailsTo`).
 */
import { readdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { expect } from "@playwright/test";

export type ReceivedMail = { to: string[]; subject: string; text: string };

export type Mailbox = {
  /** `smtp://127.0.0.1:<port>`, for the app's SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** Waits (10 s at most) for the `count`-th mail to `to` and answers it. */
  waitForMail(to: string, count?: number): Promise<ReceivedMail>;
  /** The six-digit code of the `count`-th mail to `to`, once it arrived. */
  waitForCode(to: string, count?: number): Promise<string>;
  close(): Promise<void>;
};

/** The message with quoted-printable soft breaks and escapes undone (nodemailer folds long lines). */
export function decoded(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function subjectOf(raw: string): string {
  const head = raw.slice(0, Math.max(0, raw.search(/\r?\n\r?\n/))).replace(/\r?\n[ \t]+/g, " ");
  return /^Subject:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? "";
}

export async function startMailbox(options: { saveTo?: string } = {}): Promise<Mailbox> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain text on localhost: nodemailer would otherwise upgrade to the server's self-signed TLS and refuse it.
    disabledCommands: ["STARTTLS"],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const bytes = Buffer.concat(chunks);
        const raw = bytes.toString("utf8");
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: subjectOf(raw), text: decoded(raw) });
        if (!options.saveTo) return callback();
        writeFile(path.join(options.saveTo, `${String(mails.length).padStart(4, "0")}.eml`), bytes).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  const waitForMail = async (to: string, count = 1): Promise<ReceivedMail> => {
    const received = () => mails.filter((m) => m.to.includes(to));
    await expect.poll(() => received().length, { message: `mail ${count} to ${to}`, timeout: 10_000 }).toBeGreaterThanOrEqual(count);
    return received()[count - 1] as ReceivedMail;
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail,
    async waitForCode(to, count = 1) {
      const mail = await waitForMail(to, count);
      // The code stands alone on its line in the text part (server/email/templates.ts).
      const code = /^(\d{6})\r?$/m.exec(mail.text)?.[1];
      if (!code) throw new Error(`no six-digit code in the mail to ${to}: ${mail.text.slice(0, 500)}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

/** The mails saved to `dir` by a mailbox started with `saveTo` that were sent to `to`, decoded, oldest first. */
export function mailsTo(dir: string, to: string): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".eml"))
    .sort()
    .map((file) => decoded(readFileSync(path.join(dir, file), "utf8")))
    .filter((mail) => new RegExp(`^To:.*${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "im").test(mail));
}
