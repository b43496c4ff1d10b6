import { describe, expect, it } from "vitest";
import { localHostnameOf } from "./listen-address";

describe("localHostnameOf", () => {
  it("names the listen address itself when it is one address", () => {
    expect(localHostnameOf("127.0.0.1")).toBe("127.0.0.1");
    expect(localHostnameOf("10.0.0.11")).toBe("10.0.0.11");
    expect(localHostnameOf("app.internal")).toBe("app.internal");
  });

  it("brackets an IPv6 literal, given with or without brackets", () => {
    expect(localHostnameOf("::1")).toBe("[::1]");
    expect(localHostnameOf("[::1]")).toBe("[::1]");
  });

  it("is localhost for a wildcard listener", () => {
    expect(localHostnameOf("0.0.0.0")).toBe("localhost");
    expect(localHostnameOf("::")).toBe("localhost");
    expect(localHostnameOf("[::]")).toBe("localhost");
  });
});
