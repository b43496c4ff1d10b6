/**
 * The instances' SMTP server (SMTP_URL): a real smtp-server on 127.0.0.1 that writes each mail it
 * receives to <dir>/<n>.eml, so test workers (other processes than the global setup) can read them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export async function startMailCapture(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on the loopback: nodemailer would otherwise upgrade to the server's self-signed TLS and refuse it.
    disabledCommands: ["STARTTLS"],
    logger: false,
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        count += 1;
        writeFile(path.join(dir, `${String(count).padStart(4, "0")}.eml`), Buffer.concat(chunks)).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A mail's text with quoted-printable soft line breaks and escapes undone (links survive whole). */
function decoded(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The mails captured so far that were sent to `to`, decoded, oldest first. */
export function mailsTo(dir: string, to: string): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".eml"))
    .sort()
    .map((file) => decoded(readFileSync(path.join(dir, file), "utf8")))
    .filter((mail) => new RegExp(`^To:.*${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "im").test(mail));
}
