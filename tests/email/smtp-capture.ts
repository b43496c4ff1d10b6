import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { resetConfigForTests } from "@/server/lib/config";
import { mailSenderIdle } from "@/server/email/mail-sender";
import { closeMailTransports } from "@/server/email/send-mail";

export type CapturedMail = { from: string; to: string[]; subject: string; text: string; html: string; raw: string };

export type SmtpCapture = {
  url: string;
  messages: CapturedMail[];
  /** SMTP connections opened so far (the app pools them). */
  readonly connections: number;
  /** The six-digit code of the last mail sent to `to`. */
  lastCodeFor(to: string): string;
  close(): Promise<void>;
};

function decodeBody(body: string, encoding: string): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const soft = body.replace(/=\r?\n/g, "");
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i += 1) {
      const hex = soft.slice(i + 1, i + 3);
      if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(soft[i] ?? ""));
      }
    }
    return Buffer.from(bytes).toString("utf8");
  }
  return body;
}

/** RFC 2047 words (`=?UTF-8?Q?…?=`), enough for the subjects nodemailer writes. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeBody(text.replace(/_/g, " "), "quoted-printable"),
    );
}

function header(block: string, name: string): string {
  const unfolded = block.replace(/\r?\n[ \t]+/g, " ");
  const match = new RegExp(`^${name}:\\s*(.*)$`, "im").exec(unfolded);
  return (match?.[1] ?? "").trim();
}

/** The decoded body of the first part whose type is `type` (a single-part mail counts as one part). */
function part(raw: string, type: string): string {
  const chunks = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const chunk of chunks) {
    const split = chunk.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const head = chunk.slice(0, split);
    if (!header(head, "Content-Type").toLowerCase().startsWith(type)) continue;
    const body = chunk.slice(split).replace(/^\r?\n\r?\n/, "");
    return decodeBody(body, header(head, "Content-Transfer-Encoding").toLowerCase());
  }
  return "";
}

function parse(raw: string, from: string, to: string[]): CapturedMail {
  const headEnd = raw.search(/\r?\n\r?\n/);
  const subject = decodeHeader(header(raw.slice(0, headEnd), "Subject"));
  return { from, to, subject, text: part(raw, "text/plain"), html: part(raw, "text/html"), raw };
}

/** A real SMTP server on a random local port; SMTP_URL points at it until `close`. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    // Plain text on localhost: without this nodemailer would upgrade to the server's self-signed TLS and refuse it.
    disabledCommands: ["STARTTLS"],
    logger: false,
    // No DNS look-up of 127.0.0.1 before the greeting (about 100 ms a connection).
    disableReverseLookup: true,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const to = session.envelope.rcptTo.map((r) => r.address);
        messages.push(parse(Buffer.concat(chunks).toString("utf8"), from, to));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const url = `smtp://127.0.0.1:${port}`;
  process.env.SMTP_URL = url;
  resetConfigForTests();
  return {
    url,
    messages,
    get connections() {
      return connections;
    },
    lastCodeFor(to) {
      const mail = messages.filter((m) => m.to.includes(to)).at(-1);
      const code = mail ? /^(\d{6})\r?$/m.exec(mail.text)?.[1] : undefined;
      if (!code) throw new Error(`no code mailed to ${to}`);
      return code;
    },
    async close() {
      // Files share a worker's modules: a send still under way must not reach the next file's server.
      await mailSenderIdle();
      closeMailTransports();
      delete process.env.SMTP_URL;
      resetConfigForTests();
      await new Promise<void>((resolve) => server.close(resolve));
    },
  };
}
