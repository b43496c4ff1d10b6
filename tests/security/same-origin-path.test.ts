import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/server/lib/config";
import { sameOriginPath } from "@/server/lib/same-origin-path";

const saved = process.env.PUBLIC_URL;
afterEach(() => {
  process.env.PUBLIC_URL = saved;
  resetConfigForTests();
});

describe("sameOriginPath: where a member goes after signing in", () => {
  it.each([
    ["/\\evil.example/steal"],
    ["/\t/evil.example/steal"],
    ["/\n/evil.example/steal"],
    ["/\\/evil.example/steal"],
    ["\\\\evil.example"],
    ["//evil.example/steal"],
    ["https://evil.example/steal"],
    ["http://pay.example.com/dashboard"],
    ["https://pay.example.com:8443/dashboard"],
    ["javascript:alert(1)"],
  ])("%j goes to the fallback", (target) => {
    process.env.PUBLIC_URL = "https://pay.example.com";
    resetConfigForTests();
    expect(sameOriginPath(target, "/dashboard")).toBe("/dashboard");
  });

  it.each([
    ["/games/g1/test/orders?status=paid#top", "/games/g1/test/orders?status=paid#top"],
    ["https://pay.example.com/members", "/members"],
    ["members", "/members"],
  ])("%j keeps its path, query and fragment: %j", (target, expected) => {
    process.env.PUBLIC_URL = "https://pay.example.com";
    resetConfigForTests();
    expect(sameOriginPath(target, "/dashboard")).toBe(expected);
  });

  it("goes to the fallback without a target", () => {
    expect(sameOriginPath(undefined, "/dashboard")).toBe("/dashboard");
    expect(sameOriginPath("", "/dashboard")).toBe("/dashboard");
  });
});
