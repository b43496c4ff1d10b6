/**
 * next-auth builds its absolute URLs (its providers' sign-in and callback URLs, its redirects) from
 * NEXTAUTH_URL only, else http://localhost:3000. Behind a proxy they must be PUBLIC_URL's.
 */
import { afterEach, describe, expect, it } from "vitest";
import { authOptions } from "@/server/auth/auth-options";
import { resetConfigForTests } from "@/server/lib/config";

const saved = { PUBLIC_URL: process.env.PUBLIC_URL, NEXTAUTH_URL: process.env.NEXTAUTH_URL };

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfigForTests();
});

describe("next-auth's own address", () => {
  it("is PUBLIC_URL's /api/auth", () => {
    process.env.PUBLIC_URL = "https://pay.example.com/";
    delete process.env.NEXTAUTH_URL;
    resetConfigForTests();
    authOptions();
    expect(process.env.NEXTAUTH_URL).toBe("https://pay.example.com/api/auth");
  });
});
