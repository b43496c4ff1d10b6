import { createCipheriv, hkdfSync, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sealFields, unsealFields } from "@/server/idempotency/sealed-fields";
import { isSealed, needsResealing, seal, unseal, UnsealError } from "./sealing";
import { rotatableAuthSecrets } from "@/tests/auth-secrets";

const useSecrets = rotatableAuthSecrets();

/** A replay field as sealed:v1: values were written before key ids (the former sealed-fields.ts). */
function sealV1(secret: string, idempotencyKey: string, value: string): string {
  const key = Buffer.from(hkdfSync("sha256", secret, idempotencyKey, "gamecoin idempotency sealed fields", 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const encrypted = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  return "sealed:v1:" + Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64url");
}

describe("seal and unseal", () => {
  it("round-trips, names the key, and never shows the plain text", () => {
    useSecrets("secret-a");
    const sealed = seal("whsec_svc_plain", "ctx:1");
    expect(sealed).toMatch(/^sealed:v2:[A-Za-z0-9_-]{8}:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("whsec_svc_plain");
    expect(isSealed(sealed)).toBe(true);
    expect(unseal(sealed, "ctx:1")).toBe("whsec_svc_plain");
    expect(seal("whsec_svc_plain", "ctx:1")).not.toBe(sealed);
  });

  it("opens only for the context it was sealed for, and refuses an altered value", () => {
    useSecrets("secret-a");
    const sealed = seal("whsec_svc_plain", "ctx:1");
    expect(() => unseal(sealed, "ctx:2")).toThrow(UnsealError);
    const altered = sealed.slice(0, -2) + (sealed.endsWith("AA") ? "BB" : "AA");
    expect(() => unseal(altered, "ctx:1")).toThrow(UnsealError);
    expect(() => unseal("whsec_svc_plain", "ctx:1")).toThrow(UnsealError);
  });

  it("after a rotation, AUTH_SECRET_PREVIOUS opens what the old secret sealed; only the new one seals", () => {
    useSecrets("secret-a");
    const old = seal("value", "ctx");
    expect(needsResealing(old)).toBe(false);

    useSecrets("secret-b");
    expect(() => unseal(old, "ctx")).toThrow(/neither AUTH_SECRET nor in AUTH_SECRET_PREVIOUS/);

    useSecrets("secret-b", "secret-z, secret-a");
    expect(unseal(old, "ctx")).toBe("value");
    expect(needsResealing(old)).toBe(true);
    const resealed = seal(unseal(old, "ctx"), "ctx");
    expect(resealed.split(":")[2]).not.toBe(old.split(":")[2]);
    expect(needsResealing(resealed)).toBe(false);

    useSecrets("secret-b");
    expect(unseal(resealed, "ctx")).toBe("value");
  });
});

describe("sealed replay fields", () => {
  it("seal the listed fields for one Idempotency-Key and open them for it only", () => {
    useSecrets("secret-a");
    const stored = sealFields({ playerSecret: "svc_ps_x", token: "tok", merged: false }, ["playerSecret", "token"], "key-1") as Record<string, string>;
    expect(stored.playerSecret).toMatch(/^sealed:v2:/);
    expect(JSON.stringify(stored)).not.toContain("svc_ps_x");
    expect(unsealFields(stored, ["playerSecret", "token"], "key-1")).toEqual({ playerSecret: "svc_ps_x", token: "tok", merged: false });
    // Swapped fields or another key do not open: 409, never a 500.
    const swapped = { ...stored, playerSecret: stored.token, token: stored.playerSecret };
    const conflict = expect.objectContaining({ name: "AppError", code: "IDEMPOTENCY_CONFLICT" });
    expect(() => unsealFields(swapped, ["playerSecret", "token"], "key-1")).toThrow(conflict);
    expect(() => unsealFields(stored, ["playerSecret", "token"], "key-2")).toThrow(conflict);
  });

  it("still open sealed:v1: fields, also under a previous secret", () => {
    useSecrets("secret-a");
    const stored = { playerSecret: sealV1("secret-a", "key-1", "svc_ps_old") };
    expect(unsealFields(stored, ["playerSecret"], "key-1")).toEqual({ playerSecret: "svc_ps_old" });
    useSecrets("secret-b", "secret-a");
    expect(unsealFields(stored, ["playerSecret"], "key-1")).toEqual({ playerSecret: "svc_ps_old" });
    useSecrets("secret-b");
    expect(() => unsealFields(stored, ["playerSecret"], "key-1")).toThrow(expect.objectContaining({ code: "IDEMPOTENCY_CONFLICT" }));
  });
});
