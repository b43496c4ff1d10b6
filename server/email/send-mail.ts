import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
import { config } from "@/server/lib/config";
import type { OutgoingMail } from "./outgoing-mail";
import { childLogger } from "@/server/observability/logger";

const log = childLogger({ module: "mail" });

/** One transport per SMTP_URL, reused across requests (tests switch the URL between files). */
const transports = new Map<string, Transporter>();

function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    // Pooled: a burst of mails (sign-in codes, receipts) reuses a few open connections instead of a
    // TCP and SMTP handshake per mail; an idle connection is closed by the socket timeout.
    // Short timeouts: a stuck mail server must not hold a request (or its caller) for minutes.
    // The URL's settings first: createTransport(url, options) would take `options` as message defaults
    // and silently drop these.
    transport = nodemailer.createTransport({
      ...parseConnectionUrl(url),
      pool: true,
      maxConnections: 3,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    transports.set(url, transport);
  }
  return transport;
}

/** `no-reply@` the host of PUBLIC_URL, with the game's name shown as the sender. */
function fromAddress(mail: OutgoingMail): { name: string; address: string } {
  const host = new URL(config().publicUrl).hostname;
  return { name: mail.fromName, address: `no-reply@${host}` };
}

/**
 * Sends after the transaction that produced `mail` has committed. Never throws: the player already
 * has the neutral answer, so a failure is logged and the caller carries on. Routes should not wait
 * for it before answering (`void sendMail(mail)`): the answer time would otherwise tell whether a
 * mail went out, i.e. whether a sign-in address is known.
 */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  try {
    await deliverMail(mail);
  } catch (error) {
    // SECURITY: the message only; SMTP_URL may carry a password and is never logged.
    const reason = error instanceof Error ? error.message : String(error);
    log.error({ to: mail.to, reason }, "sending a mail failed");
  }
}

/** Sends `mail` now; throws when the mail server refuses it or cannot be reached (the outbox retries). */
export async function deliverMail(mail: OutgoingMail): Promise<void> {
  const { SMTP_URL, NODE_ENV } = config();
  if (!SMTP_URL) {
    if (NODE_ENV === "production") {
      // SECURITY: never log the code in production; this only says the setup is missing.
      log.error({ to: mail.to }, "SMTP_URL is not set; a mail was not sent");
    } else {
      // Development without a mail server: the code is read from the server log.
      log.info({ to: mail.to, subject: mail.subject, text: mail.text }, "mail not sent (no SMTP_URL); its text is here");
    }
    return;
  }
  await transportFor(SMTP_URL).sendMail({
    from: fromAddress(mail),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  });
}

/** Closes the pooled connections: on shutdown, and in tests between mail servers. */
export function closeMailTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}
