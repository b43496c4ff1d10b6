import { describe, expect, it } from "vitest";
import { EmailCodeRequest, EmailVerifyRequest } from "./email-schemas";

function fieldErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);
}

describe("EmailCodeRequest", () => {
  it("trims and lower-cases the address", () => {
    expect(EmailCodeRequest.parse({ email: "  Ana.Smith@Example.COM ", locale: "en" })).toEqual({ email: "ana.smith@example.com", locale: "en" });
  });

  it("refuses a malformed or too long address, and unknown fields", () => {
    expect(EmailCodeRequest.safeParse({ email: "not-an-address", locale: "fr" }).success).toBe(false);
    expect(EmailCodeRequest.safeParse({ email: `${"a".repeat(245)}@example.com`, locale: "fr" }).success).toBe(false);
    expect(EmailCodeRequest.safeParse({ email: "a@example.com", locale: "fr", extra: true }).success).toBe(false);
    expect(EmailCodeRequest.safeParse({ locale: "fr" }).success).toBe(false);
  });

  it("takes fr, en and nl (region ignored); falls back to fr for a missing or other language", () => {
    const locale = (value: unknown) => EmailCodeRequest.parse({ email: "a@example.com", locale: value }).locale;
    expect(locale("nl")).toBe("nl");
    expect(locale("EN-gb")).toBe("en");
    expect(locale("fr_BE")).toBe("fr");
    expect(locale("de")).toBe("fr");
    expect(locale("")).toBe("fr");
    expect(locale(undefined)).toBe("fr");
    expect(EmailCodeRequest.safeParse({ email: "a@example.com", locale: 3 }).success).toBe(false);
  });
});

describe("EmailVerifyRequest", () => {
  it("takes six digits, with spaces dropped", () => {
    expect(EmailVerifyRequest.parse({ email: "a@example.com", code: "012345" }).code).toBe("012345");
    expect(EmailVerifyRequest.parse({ email: "a@example.com", code: " 012 345 " }).code).toBe("012345");
  });

  it("reports any malformed code as CODE_INVALID", () => {
    for (const code of ["12345", "1234567", "12a456", "", "x".repeat(500), 123456, null]) {
      const result = EmailVerifyRequest.safeParse({ email: "a@example.com", code });
      expect(fieldErrors(result)).toEqual([["code", "CODE_INVALID"]]);
    }
  });
});
