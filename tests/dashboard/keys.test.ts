import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { apiKeys } from "@/db/schema";
import { keyHint } from "@/server/keys/manage-keys";
import { forgetKeyUses } from "@/server/keys/record-key-use";
import { clock } from "@/server/lib/clock";
import { newSecret } from "@/server/lib/secrets";
import { apiError } from "../domain-helpers";
import { get, useDatabase } from "../harness";
import { callerFor, expectCode, fieldErrorsOf, lastAudit, rolesSplitAt, studioFixture, type StudioFixture } from "./studio-staff";

useDatabase();

let studio: StudioFixture;
let other: StudioFixture;

beforeAll(async () => {
  studio = await studioFixture();
  other = await studioFixture();
});

afterEach(() => {
  clock.reset();
});

const test = () => ({ gameId: studio.gameId, env: "test" as const });

async function lastUsedAt(keyId: string): Promise<Date | null> {
  const db = await getDb();
  const [row] = await db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, keyId));
  return row?.at ?? null;
}

/** The write is fire-and-forget: wait (briefly) until it lands. */
async function waitForLastUse(keyId: string, expected: Date): Promise<void> {
  for (let i = 0; i < 50; i += 1) {
    if ((await lastUsedAt(keyId))?.getTime() === expected.getTime()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(await lastUsedAt(keyId)).toEqual(expected);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

/** A fresh named secret key of the studio's test environment, with its plain value. */
async function newKey(name = "Game server") {
  const developer = await callerFor(studio.staff.developer);
  return developer.games.createKey({ ...test(), kind: "secret", name });
}

describe("keys: names and creators", () => {
  it("stores the name and who created it, and lists both", async () => {
    const created = await newKey("  Build server  ");
    expect(created.view).toMatchObject({
      kind: "secret",
      env: "test",
      name: "Build server",
      status: "active",
      hint: keyHint(created.key),
      createdBy: { id: studio.staff.developer.id, name: "developer", email: studio.staff.developer.email },
      lastUsedAt: null,
      expiresAt: null,
      revokedAt: null,
    });
    const viewer = await callerFor(studio.staff.viewer);
    const listed = await viewer.games.keys(test());
    expect(listed.find((k) => k.id === created.view.id)).toEqual(created.view);
    // The fixture's keys have no creator: the dashboard calls them "Setup".
    const fixtureKey = listed.find((k) => k.hint === keyHint(studio.game.secretKey));
    expect(fixtureKey).toMatchObject({ createdBy: null, name: null, status: "active" });
    await expect((await get("/catalog", created.key)).status).toBe(200);
  });

  it("a key without a name, or with a blank one, has none; more than 60 characters is refused", async () => {
    const developer = await callerFor(studio.staff.developer);
    expect((await developer.games.createKey({ ...test(), kind: "publishable" })).view.name).toBeNull();
    expect((await developer.games.createKey({ ...test(), kind: "publishable", name: "   " })).view.name).toBeNull();
    const error = await expectCode(developer.games.createKey({ ...test(), kind: "secret", name: "x".repeat(61) }), "BAD_REQUEST");
    expect(fieldErrorsOf(error)).toEqual({ name: ["Must be at most 60 characters"] });
    expect((await developer.games.createKey({ ...test(), kind: "secret", name: "x".repeat(60) })).view.name).toBe("x".repeat(60));
  });

  it("renaming is audited with the name before and after", async () => {
    const created = await newKey("Old name");
    const developer = await callerFor(studio.staff.developer);
    const renamed = await developer.games.renameKey({ ...test(), keyId: created.view.id, name: "New name" });
    expect(renamed.name).toBe("New name");
    const audit = await lastAudit(studio.studioId, "key.rename");
    expect(audit.targetId).toBe(created.view.id);
    expect(audit.before).toMatchObject({ name: "Old name", hint: created.view.hint });
    expect(audit.after).toMatchObject({ name: "New name", hint: created.view.hint });
    expect(JSON.stringify(audit)).not.toContain(created.key);
  });
});

describe("keys: last use", () => {
  it("is written on use, at most once a minute per key, and guarded in SQL across processes", async () => {
    const created = await newKey();
    forgetKeyUses();
    const start = new Date("2030-01-01T10:00:00.000Z");
    clock.freeze(start);
    expect((await get("/catalog", created.key)).status).toBe(200);
    await waitForLastUse(created.view.id, start);

    clock.advance(30_000);
    expect((await get("/catalog", created.key)).status).toBe(200);
    await settle();
    expect(await lastUsedAt(created.view.id)).toEqual(start);

    // Another process (no memory of the write) within the minute: the SQL condition keeps the row as is.
    forgetKeyUses();
    expect((await get("/catalog", created.key)).status).toBe(200);
    await settle();
    expect(await lastUsedAt(created.view.id)).toEqual(start);

    clock.advance(31_000);
    forgetKeyUses();
    expect((await get("/catalog", created.key)).status).toBe(200);
    await waitForLastUse(created.view.id, new Date(start.getTime() + 61_000));
    const viewer = await callerFor(studio.staff.viewer);
    expect((await viewer.games.keys(test())).find((k) => k.id === created.view.id)?.lastUsedAt).toBe("2030-01-01T10:01:01.000Z");
  });
});

describe("keys: rolling", () => {
  it("the old key works until the chosen expiry, then gets the revoked-key answer, even from the cache", async () => {
    const created = await newKey("Rolled");
    const start = new Date("2030-02-01T12:00:00.000Z");
    clock.freeze(start);
    const developer = await callerFor(studio.staff.developer);
    const rolled = await developer.games.rollKey({ ...test(), keyId: created.view.id, expiresIn: "1h" });
    expect(rolled.view).toMatchObject({ kind: "secret", env: "test", name: "Rolled", status: "active", createdBy: { id: studio.staff.developer.id } });
    expect(rolled.key).not.toBe(created.key);
    expect(rolled.old).toMatchObject({ id: created.view.id, status: "expiring", expiresAt: "2030-02-01T13:00:00.000Z", revokedAt: null });

    expect((await get("/catalog", rolled.key)).status).toBe(200);
    clock.advance(3_600_000 - 2_000);
    // Loaded into the cache 2 s before the expiry; the cache keeps it 5 s, the expiry still applies.
    expect((await get("/catalog", created.key)).status).toBe(200);
    clock.advance(2_000);
    const expired = await get("/catalog", created.key);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(apiError("UNAUTHENTICATED"));
    const unknown = await get("/catalog", newSecret("svc_sk_test_"));
    expect(expired.text).toBe(unknown.text);
    expect((await get("/catalog", rolled.key)).status).toBe(200);

    const listed = await developer.games.keys(test());
    expect(listed.find((k) => k.id === created.view.id)?.status).toBe("expired");
    const audit = await lastAudit(studio.studioId, "key.roll");
    expect(audit.targetId).toBe(created.view.id);
    expect(audit.before).toMatchObject({ id: created.view.id, status: "active", expiresAt: null, name: "Rolled" });
    expect(audit.after).toMatchObject({ id: created.view.id, status: "expiring", expiresAt: "2030-02-01T13:00:00.000Z", replacedBy: { id: rolled.view.id } });
    expect(JSON.stringify(audit)).not.toContain(rolled.key);
  });

  it("\"now\" refuses the old key at once; an expired key can be neither rolled nor revoked again", async () => {
    const created = await newKey("Now");
    expect((await get("/catalog", created.key)).status).toBe(200);
    const developer = await callerFor(studio.staff.developer);
    const rolled = await developer.games.rollKey({ ...test(), keyId: created.view.id, expiresIn: "now" });
    const refused = await get("/catalog", created.key);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(apiError("UNAUTHENTICATED"));
    expect((await get("/catalog", rolled.key)).status).toBe(200);
    await expectCode(developer.games.rollKey({ ...test(), keyId: created.view.id, expiresIn: "1h" }), "NOT_FOUND");
    await expectCode(developer.games.revokeKey({ ...test(), keyId: created.view.id }), "NOT_FOUND");
  });

  it("refuses an unknown expiry choice", async () => {
    const created = await newKey();
    const developer = await callerFor(studio.staff.developer);
    // @ts-expect-error: not one of the offered choices
    await expectCode(developer.games.rollKey({ ...test(), keyId: created.view.id, expiresIn: "30d" }), "BAD_REQUEST");
  });
});

describe("keys: revoking", () => {
  it("refuses the key at once and audits its before-state", async () => {
    const created = await newKey("Revoked");
    forgetKeyUses();
    expect((await get("/catalog", created.key)).status).toBe(200);
    const developer = await callerFor(studio.staff.developer);
    for (let i = 0; i < 50 && !(await lastUsedAt(created.view.id)); i += 1) await new Promise((r) => setTimeout(r, 20));
    const used = await lastUsedAt(created.view.id);
    expect(used).not.toBeNull();
    const revoked = await developer.games.revokeKey({ ...test(), keyId: created.view.id });
    expect(revoked).toMatchObject({ id: created.view.id, status: "revoked" });
    const refused = await get("/catalog", created.key);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(apiError("UNAUTHENTICATED"));
    const audit = await lastAudit(studio.studioId, "key.revoke");
    expect(audit.before).toEqual({
      id: created.view.id,
      hint: created.view.hint,
      kind: "secret",
      name: "Revoked",
      status: "active",
      createdAt: created.view.createdAt,
      createdBy: studio.staff.developer.email,
      lastUsedAt: used?.toISOString(),
      expiresAt: null,
      revokedAt: null,
    });
    expect(audit.after).toMatchObject({ status: "revoked" });
    await expectCode(developer.games.revokeKey({ ...test(), keyId: created.view.id }), "NOT_FOUND");
  });

  it("another studio's key is not found", async () => {
    const created = await newKey();
    const foreign = await callerFor(other.staff.owner);
    await expectCode(foreign.games.revokeKey({ gameId: other.gameId, env: "test", keyId: created.view.id }), "NOT_FOUND");
    await expectCode(foreign.games.rollKey({ gameId: other.gameId, env: "test", keyId: created.view.id, expiresIn: "now" }), "NOT_FOUND");
    await expectCode(foreign.games.revokeKey({ ...test(), keyId: created.view.id }), "NOT_FOUND");
    expect((await get("/catalog", created.key)).status).toBe(200);
  });
});

describe("keys: roles", () => {
  const { refused } = rolesSplitAt("developer");

  it.each(refused)("%s may list keys but not create, rename, roll or revoke them", async (role) => {
    const created = await newKey();
    const caller = await callerFor(studio.staff[role]);
    const ref = { ...test(), keyId: created.view.id };
    await expectCode(caller.games.createKey({ ...test(), kind: "secret" }), "FORBIDDEN");
    await expectCode(caller.games.renameKey({ ...ref, name: "x" }), "FORBIDDEN");
    await expectCode(caller.games.rollKey({ ...ref, expiresIn: "now" }), "FORBIDDEN");
    await expectCode(caller.games.revokeKey(ref), "FORBIDDEN");
    expect((await caller.games.keys(test())).find((k) => k.id === created.view.id)?.status).toBe("active");
    expect((await get("/catalog", created.key)).status).toBe(200);
  });
});
