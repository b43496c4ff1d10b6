import { describe, expect, it } from "vitest";
import { codeMail } from "./templates";

describe("codeMail", () => {
  it("writes the code, the game name and the validity in each language", () => {
    const input = { gameName: "Star Quest", code: "042042", purpose: "sign_in" as const, validMinutes: 10 };
    const fr = codeMail("fr", input);
    const en = codeMail("en", input);
    const nl = codeMail("nl", input);
    expect(fr.subject).toBe("Votre code de connexion à Star Quest");
    expect(en.subject).toBe("Your Star Quest sign-in code");
    expect(nl.subject).toBe("Je inlogcode voor Star Quest");
    for (const mail of [fr, en, nl]) {
      expect(mail.text).toMatch(/^042042$/m);
      expect(mail.text).toContain("10");
      expect(mail.html).toContain(">042042</p>");
      expect(mail.html).toContain("<strong>Star Quest</strong>");
    }
    expect(codeMail("en", { ...input, purpose: "link" }).subject).toBe("Confirm your address for Star Quest");
  });

  it("escapes the game name in HTML and keeps the subject on one line", () => {
    const mail = codeMail("en", { gameName: "<b>$& Co</b>\r\nBcc: x@y.z", code: "123456", purpose: "link", validMinutes: 10 });
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).toContain("&lt;b&gt;$&amp; Co&lt;/b&gt;");
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});
