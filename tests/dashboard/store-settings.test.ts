import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { storeSettings, type Environment, type StaffRole } from "@/db/schema";
import { googlePlayNotificationTokenMatches } from "@/server/stores/settings/notification-token";
import { readStoreSettings, readStoreSettingsByGameSlug } from "@/server/stores/settings/read-store-settings";
import { resealStoreSecrets } from "@/server/stores/settings/reseal-store-secrets";
import { rotatableAuthSecrets } from "../auth-secrets";
import { useDatabase } from "../harness";
import { appStoreApiKey, googleServiceAccount } from "../support/store-keys";
import { auditRowsOf, callerFor, expectCode, fieldErrorsOf, lastAudit, rolesSplitAt, studioFixture, type StudioFixture } from "./studio-staff";

useDatabase();
const useSecrets = rotatableAuthSecrets();

let studio: StudioFixture;
let other: StudioFixture;

beforeAll(async () => {
  studio = await studioFixture();
  other = await studioFixture();
});

const scopeOf = (env: Environment, s: StudioFixture = studio) => ({ gameId: s.gameId, env });

const appleKey = appStoreApiKey();
const googleKey = googleServiceAccount();

const appStore = (overrides: Record<string, unknown> = {}) => ({
  bundleId: "com.demo.game",
  appAppleId: 1234567890,
  issuerId: "57246542-96fe-1a63-e053-0824d011072a",
  keyId: "2X9R4HXF34",
  privateKey: appleKey,
  ...overrides,
});

const googlePlay = (overrides: Record<string, unknown> = {}) => ({
  packageName: "com.demo.game",
  serviceAccount: googleKey,
  ...overrides,
});

async function rowsOf(s: StudioFixture) {
  const db = await getDb();
  return db.select().from(storeSettings).where(eq(storeSettings.gameId, s.gameId));
}

describe("store settings: who", () => {
  const { allowed, refused } = rolesSplitAt("admin");

  it.each(refused)("%s may neither read nor save them", async (role: StaffRole) => {
    const caller = await callerFor(studio.staff[role]);
    await expectCode(caller.stores.settings(scopeOf("live")), "FORBIDDEN");
    await expectCode(caller.stores.save({ ...scopeOf("live"), settings: { appStore: null } }), "FORBIDDEN");
  });

  it.each(allowed)("%s may read them", async (role: StaffRole) => {
    const caller = await callerFor(studio.staff[role]);
    const view = await caller.stores.settings(scopeOf("test"));
    expect(view.env).toBe("test");
  });

  it("another studio's game is not found", async () => {
    const caller = await callerFor(other.staff.owner);
    await expectCode(caller.stores.settings(scopeOf("live")), "NOT_FOUND");
    await expectCode(caller.stores.save({ ...scopeOf("live"), settings: { appStore: null } }), "NOT_FOUND");
  });
});

describe("store settings: saving", () => {
  it("an environment starts with no store and shows both notification URLs", async () => {
    const s = await studioFixture();
    const view = await (await callerFor(s.staff.admin)).stores.settings(scopeOf("live", s));
    expect(view).toEqual({
      env: "live",
      appStore: null,
      googlePlay: null,
      notificationUrls: {
        appStore: `http://localhost:3000/api/stores/app-store/${s.game.slug}/live`,
        googlePlay: `http://localhost:3000/api/stores/google-play/${s.game.slug}/live?token=`,
      },
    });
    expect(await readStoreSettings(await getDb(), scopeOf("live", s))).toEqual({ scope: scopeOf("live", s), appStore: null, googlePlay: null });
  });

  it("saves both stores sealed, shows hints, reveals the generated token once, and audits no secret", async () => {
    const s = await studioFixture();
    const caller = await callerFor(s.staff.owner);
    const written = await caller.stores.save({ ...scopeOf("live", s), settings: { appStore: appStore(), googlePlay: googlePlay() } });
    expect(written.settings.appStore).toEqual({
      bundleId: "com.demo.game",
      appAppleId: 1234567890,
      issuerId: "57246542-96fe-1a63-e053-0824d011072a",
      keyId: "2X9R4HXF34",
      privateKeyHint: expect.stringMatching(/^EC P-256 key, SHA-256 [0-9a-f]{12}…$/) as string,
      updatedAt: expect.any(String) as string,
    });
    expect(written.settings.googlePlay).toEqual({
      packageName: "com.demo.game",
      clientEmail: googleKey.client_email,
      privateKeyHint: expect.stringMatching(/^RSA key, SHA-256 [0-9a-f]{12}…$/) as string,
      notificationTokenHint: expect.stringMatching(/^….{4}$/) as string,
      updatedAt: expect.any(String) as string,
    });
    const token = written.revealed?.notificationToken ?? "";
    expect(token).toMatch(/^gpn_[A-Za-z0-9_-]{32}$/);
    expect(written.revealed?.googlePlayNotificationUrl).toBe(`http://localhost:3000/api/stores/google-play/${s.game.slug}/live?token=${token}`);
    expect(written.settings.googlePlay?.notificationTokenHint).toBe(`…${token.slice(-4)}`);

    const [row] = await rowsOf(s);
    const stored = JSON.stringify(row);
    for (const secret of [token, googleKey.private_key.split("\n")[1] ?? "x", appleKey.split("\n")[1] ?? "x"]) expect(stored).not.toContain(secret);
    expect(row?.appStorePrivateKey).toMatch(/^sealed:v2:/);
    expect(row?.googlePlayPrivateKey).toMatch(/^sealed:v2:/);
    expect(row?.googlePlayNotificationToken).toMatch(/^sealed:v2:/);

    const opened = await readStoreSettings(await getDb(), scopeOf("live", s));
    expect(opened.appStore).toEqual({ bundleId: "com.demo.game", appAppleId: 1234567890, issuerId: "57246542-96fe-1a63-e053-0824d011072a", keyId: "2X9R4HXF34", privateKey: appleKey });
    expect(opened.googlePlay).toEqual({ packageName: "com.demo.game", serviceAccount: googleKey, notificationToken: token });
    expect(googlePlayNotificationTokenMatches(opened, token)).toBe(true);
    expect(googlePlayNotificationTokenMatches(opened, `${token}x`)).toBe(false);
    expect(googlePlayNotificationTokenMatches(opened, null)).toBe(false);
    expect(await readStoreSettingsByGameSlug(await getDb(), s.game.slug, "live")).toEqual(opened);
    expect(await readStoreSettingsByGameSlug(await getDb(), "no-such-game", "live")).toBeNull();
    // The other environment is untouched.
    expect((await readStoreSettings(await getDb(), scopeOf("test", s))).googlePlay).toBeNull();

    const audit = await lastAudit(s.studioId, "game.stores.update");
    expect(audit.env).toBe("live");
    const audited = JSON.stringify(audit);
    expect(audited).not.toContain(token);
    expect(audited).not.toContain("PRIVATE KEY");
    expect(audited).toContain("com.demo.game");
  });

  it("keeps stored secrets when left out, rolls the token on demand, accepts a chosen token and the pasted key file", async () => {
    const s = await studioFixture();
    const caller = await callerFor(s.staff.admin);
    const first = await caller.stores.save({ ...scopeOf("test", s), settings: { appStore: appStore({ appAppleId: null }), googlePlay: googlePlay() } });
    const firstToken = first.revealed?.notificationToken;

    const kept = await caller.stores.save({
      ...scopeOf("test", s),
      settings: { appStore: appStore({ bundleId: "com.demo.other", privateKey: "", appAppleId: null }), googlePlay: { packageName: "com.demo.other" } },
    });
    expect(kept.revealed).toBeNull();
    expect(kept.settings.appStore?.privateKeyHint).toBe(first.settings.appStore?.privateKeyHint);
    let opened = await readStoreSettings(await getDb(), scopeOf("test", s));
    expect(opened.appStore?.bundleId).toBe("com.demo.other");
    expect(opened.appStore?.appAppleId).toBeNull();
    expect(opened.appStore?.privateKey).toBe(appleKey);
    expect(opened.googlePlay).toEqual({ packageName: "com.demo.other", serviceAccount: googleKey, notificationToken: firstToken });

    const rolled = await caller.stores.save({ ...scopeOf("test", s), settings: { googlePlay: { packageName: "com.demo.other", rollNotificationToken: true } } });
    expect(rolled.revealed?.notificationToken).not.toBe(firstToken);
    const keyFile = JSON.stringify({ type: "service_account", project_id: "demo", private_key_id: "abc", ...googleServiceAccount("other@demo.iam.gserviceaccount.com") });
    const chosen = await caller.stores.save({
      ...scopeOf("test", s),
      settings: { googlePlay: { packageName: "com.demo.other", serviceAccount: keyFile, notificationToken: "my-chosen-token" } },
    });
    expect(chosen.revealed?.notificationToken).toBe("my-chosen-token");
    opened = await readStoreSettings(await getDb(), scopeOf("test", s));
    expect(opened.googlePlay?.notificationToken).toBe("my-chosen-token");
    expect(opened.googlePlay?.serviceAccount.client_email).toBe("other@demo.iam.gserviceaccount.com");
    // The App Store settings stayed as they were: a store left out is not changed.
    expect(opened.appStore?.bundleId).toBe("com.demo.other");

    await caller.stores.save({ ...scopeOf("test", s), settings: { appStore: null } });
    opened = await readStoreSettings(await getDb(), scopeOf("test", s));
    expect(opened.appStore).toBeNull();
    expect(opened.googlePlay?.packageName).toBe("com.demo.other");
    expect(await auditRowsOf(s.studioId, "game.stores.update")).toHaveLength(5);
  });

  it("refuses bad settings field by field and writes nothing", async () => {
    const s = await studioFixture();
    const caller = await callerFor(s.staff.admin);
    const refused = await expectCode(
      caller.stores.save({
        ...scopeOf("live", s),
        settings: {
          appStore: appStore({ appAppleId: null, bundleId: "not a bundle", privateKey: googleKey.private_key }),
          googlePlay: googlePlay({ packageName: "demo", serviceAccount: { client_email: "nobody", private_key: "x" } }),
        },
      }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(refused)).toEqual({
      "appStore.bundleId": ["Must be a bundle id such as com.studio.game"],
      "googlePlay.packageName": ["Must be a package name such as com.studio.game"],
      "googlePlay.serviceAccount.client_email": ["Must be the service account's e-mail address"],
    });
    const domainRefusal = await expectCode(
      caller.stores.save({ ...scopeOf("live", s), settings: { appStore: appStore({ appAppleId: null, privateKey: googleKey.private_key }), googlePlay: googlePlay({ serviceAccount: { client_email: "a@b.test", private_key: appleKey } }) } }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(domainRefusal)).toEqual({
      "appStore.appAppleId": ["Required for the App Store's production environment (live)"],
      "appStore.privateKey": ["Must be the App Store Server API key file (.p8): an EC P-256 private key in PEM"],
      "googlePlay.serviceAccount.private_key": ["Must be the service account key's RSA private key in PEM"],
    });
    const missing = await expectCode(
      caller.stores.save({ ...scopeOf("live", s), settings: { appStore: appStore({ privateKey: undefined }), googlePlay: { packageName: "com.demo.game", notificationToken: "t", rollNotificationToken: true } } }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(missing)).toEqual({
      "appStore.privateKey": ["Required"],
      "googlePlay.serviceAccount": ["Required"],
      "googlePlay.rollNotificationToken": ["Either a token or a new one, not both"],
    });
    expect((await rowsOf(s)).every((row) => row.appStoreBundleId === null && row.googlePlayPackageName === null)).toBe(true);
    expect(await auditRowsOf(s.studioId, "game.stores.update")).toHaveLength(0);
  });

  it("a key sealed under a secret no longer configured is a clear refusal, never the sealed text", async () => {
    const s = await studioFixture();
    useSecrets("first-secret-with-enough-length-0123456789");
    await (await callerFor(s.staff.admin)).stores.save({ ...scopeOf("test", s), settings: { googlePlay: googlePlay() } });
    useSecrets("second-secret-with-enough-length-0123456789");
    await expect(readStoreSettings(await getDb(), scopeOf("test", s))).rejects.toMatchObject({
      code: "CONFLICT",
      message: "The Google Play settings of the test environment cannot be opened (AUTH_SECRET changed); enter them again in Keys & settings → Stores.",
    });
  });

  it("a rotation of AUTH_SECRET reseals the store secrets, which then open without the previous secret", async () => {
    const s = await studioFixture();
    useSecrets("old-secret-with-enough-length-0123456789");
    const written = await (await callerFor(s.staff.admin)).stores.save({ ...scopeOf("live", s), settings: { appStore: appStore(), googlePlay: googlePlay() } });
    const token = written.revealed?.notificationToken;
    const [before] = await rowsOf(s);
    useSecrets("new-secret-with-enough-length-0123456789", "old-secret-with-enough-length-0123456789");
    expect(await resealStoreSecrets(await getDb(), { gameId: s.gameId })).toEqual({ resealed: 3, unreadable: 0 });
    const [after] = await rowsOf(s);
    expect(after?.appStorePrivateKey).not.toBe(before?.appStorePrivateKey);
    expect(after?.appStorePrivateKeyHint).toBe(before?.appStorePrivateKeyHint);
    expect(await resealStoreSecrets(await getDb(), { gameId: s.gameId })).toEqual({ resealed: 0, unreadable: 0 });
    useSecrets("new-secret-with-enough-length-0123456789");
    const opened = await readStoreSettings(await getDb(), scopeOf("live", s));
    expect(opened.appStore?.privateKey).toBe(appleKey);
    expect(opened.googlePlay?.serviceAccount).toEqual(googleKey);
    expect(opened.googlePlay?.notificationToken).toBe(token);
    useSecrets("third-secret-with-enough-length-0123456789");
    expect(await resealStoreSecrets(await getDb(), { gameId: s.gameId })).toEqual({ resealed: 0, unreadable: 3 });
  });
});
