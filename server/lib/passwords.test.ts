import { beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword, setPasswordHashCostForTests, verifyPassword } from "./passwords";

// tests/setup-env.ts lowers the cost for the rest of the suite; these tests check the production one.
beforeAll(() => setPasswordHashCostForTests(undefined));

describe("passwords", () => {
  it("hashes with scrypt N=16384 r=8 p=1 and a 64-byte key, salted", async () => {
    const stored = await hashPassword("correct horse battery");
    const [scheme, n, r, p, salt, key] = stored.split("$");
    expect([scheme, n, r, p]).toEqual(["scrypt", "16384", "8", "1"]);
    expect(Buffer.from(salt ?? "", "base64")).toHaveLength(16);
    expect(Buffer.from(key ?? "", "base64")).toHaveLength(64);
    expect(await hashPassword("correct horse battery")).not.toBe(stored);
  });

  it("verifies the right password only", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batter", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("refuses unreadable or abusive stored values instead of throwing", async () => {
    expect(await verifyPassword("x", "")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$1$2$3$4$5")).toBe(false);
    expect(await verifyPassword("x", "scrypt$1048577$8$1$c2FsdA==$" + "A".repeat(88))).toBe(false);
    expect(await verifyPassword("x", "scrypt$16384$8$1$$")).toBe(false);
  });
});

describe("the tests' lower cost", () => {
  it("is production's until a test lowers it: a freshly loaded module hashes with N=16384", async () => {
    vi.resetModules();
    const fresh = await import("./passwords");
    expect((await fresh.hashPassword("correct horse battery")).split("$").slice(0, 4)).toEqual(["scrypt", "16384", "8", "1"]);
  });

  it("is stored in the hash, so either cost's hashes verify under the other, and undefined puts production's back", async () => {
    const production = await hashPassword("correct horse battery");
    setPasswordHashCostForTests({ N: 16, r: 8, p: 1 });
    const lowered = await hashPassword("correct horse battery");
    expect(lowered.split("$").slice(0, 4)).toEqual(["scrypt", "16", "8", "1"]);
    expect(await verifyPassword("correct horse battery", production)).toBe(true);
    setPasswordHashCostForTests(undefined);
    expect(await verifyPassword("correct horse battery", lowered)).toBe(true);
    expect(await verifyPassword("correct horse batter", lowered)).toBe(false);
    expect((await hashPassword("x")).split("$")[1]).toBe("16384");
  });
});
