import { afterEach, describe, expect, it, vi } from "vitest";
import { startSmtpCapture } from "@/tests/email/smtp-capture";
import { resetConfigForTests } from "@/server/lib/config";
import { captureLogsForTests } from "@/server/observability/logger";
import type { OutgoingMail } from "./outgoing-mail";
import { closeMailTransports, sendMail } from "./send-mail";

const mail: OutgoingMail = {
  to: "ana@example.com",
  fromName: "Star Quest",
  subject: "Votre code de connexion à Star Quest",
  text: "Voici votre code :\n\n123456\n",
  html: "<p>123456</p>",
};

afterEach(() => {
  vi.restoreAllMocks();
  closeMailTransports();
  delete process.env.SMTP_URL;
  resetConfigForTests();
});

describe("sendMail", () => {
  it("delivers over SMTP with the game as sender name", async () => {
    const smtp = await startSmtpCapture();
    try {
      await sendMail(mail);
      expect(smtp.messages).toHaveLength(1);
      const received = smtp.messages[0];
      expect(received?.to).toEqual(["ana@example.com"]);
      expect(received?.subject).toBe(mail.subject);
      expect(received?.text).toContain("123456");
      expect(received?.raw).toMatch(/^From: Star Quest <no-reply@localhost>/m);
    } finally {
      await smtp.close();
    }
  });

  it("sends consecutive mails over one pooled SMTP connection", async () => {
    const smtp = await startSmtpCapture();
    try {
      await sendMail(mail);
      await sendMail({ ...mail, to: "ben@example.com" });
      expect(smtp.messages.map((m) => m.to)).toEqual([["ana@example.com"], ["ben@example.com"]]);
      expect(smtp.connections).toBe(1);
    } finally {
      await smtp.close();
    }
  });

  it("logs a failure instead of throwing, without the SMTP password", async () => {
    const logs = captureLogsForTests("error");
    // A port nothing listens on (the capture server is closed first).
    const smtp = await startSmtpCapture();
    const port = new URL(smtp.url).port;
    await smtp.close();
    process.env.SMTP_URL = `smtp://user:hunter2@127.0.0.1:${port}`;
    resetConfigForTests();
    await expect(sendMail(mail)).resolves.toBeUndefined();
    logs.stop();
    expect(logs.raw).toHaveLength(1);
    expect(logs.raw[0]).toContain("ana@example.com");
    expect(logs.raw[0]).not.toContain("hunter2");
  });

  it("writes the mail to the log in development when SMTP_URL is not set", async () => {
    const logs = captureLogsForTests("info");
    await sendMail(mail);
    logs.stop();
    expect(logs.raw).toHaveLength(1);
    expect(logs.raw[0]).toContain("ana@example.com");
    expect(logs.raw[0]).toContain("123456");
  });
});
