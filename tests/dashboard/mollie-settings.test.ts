import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { gameEnvironments, type Environment } from "@/db/schema";
import { resetConfigForTests } from "@/server/lib/config";
import { mollieConfigForWebhook, paymentProviderFor } from "@/server/payments/provider-for";
import { resealStripeKeys } from "@/server/payments/reseal-stripe-keys";
import { rotatableAuthSecrets } from "../auth-secrets";
import { startMollieServer, type MollieServer } from "../support/mollie-server";
import { useDatabase } from "../harness";
import { callerFor, expectCode, fieldErrorsOf, lastAudit, studioFixture, type StudioFixture } from "./studio-staff";

useDatabase();
const useSecrets = rotatableAuthSecrets();

const TEST_KEY = "test_dashboardmolliekey0000000001";
const LIVE_KEY = "live_dashboardmolliekey0000000001";
let mollie: MollieServer;
let previousBase: string | undefined;
let studio: StudioFixture;

beforeAll(async () => {
  mollie = await startMollieServer();
  mollie.addKey(TEST_KEY);
  mollie.addKey(LIVE_KEY);
  previousBase = process.env.MOLLIE_API_BASE;
  process.env.MOLLIE_API_BASE = mollie.url;
  resetConfigForTests();
  studio = await studioFixture();
});
afterAll(async () => {
  if (previousBase === undefined) delete process.env.MOLLIE_API_BASE;
  else process.env.MOLLIE_API_BASE = previousBase;
  resetConfigForTests();
  await mollie.close();
});

const scopeOf = (env: Environment, s: StudioFixture = studio) => ({ gameId: s.gameId, env });

async function rowOf(env: Environment, s: StudioFixture) {
  const rows = await (await getDb()).select().from(gameEnvironments).where(and(eq(gameEnvironments.gameId, s.gameId), eq(gameEnvironments.env, env)));
  if (!rows[0]) throw new Error("no environment row");
  return rows[0];
}

describe("the Payments card with Mollie", () => {
  it("a test_ key is checked once with Mollie (GET /v2/methods), sealed, shown as a hint only, audited; the provider is Mollie", async () => {
    const s = await studioFixture();
    const caller = await callerFor(s.staff.admin);
    const calls = mollie.requests.length;
    const view = await caller.payments.save({ ...scopeOf("test", s), settings: { provider: "mollie", apiKey: TEST_KEY } });
    expect(mollie.requests.slice(calls).map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v2/methods"]);
    expect(view).toMatchObject({ provider: "mollie", isDefault: false, mollie: { apiKeyHint: "test_…0001", webhookUrl: `${"http://localhost:3000"}/api/payments/mollie/${s.game.slug}/test` }, methods: null });
    expect(JSON.stringify(view)).not.toContain(TEST_KEY);
    const row = await rowOf("test", s);
    expect(row.mollieApiKey).not.toContain(TEST_KEY);
    expect((await paymentProviderFor(await getDb(), scopeOf("test", s)))?.name).toBe("mollie");
    const audit = await lastAudit(s.studioId, "game.payments.update");
    expect(JSON.stringify(audit)).not.toContain(TEST_KEY);
    expect(audit.after).toMatchObject({ provider: "mollie", mollie: { apiKeyHint: "test_…0001" } });
    // Saved again without a key: the stored one is checked again and kept.
    const again = await caller.payments.save({ ...scopeOf("test", s), settings: { provider: "mollie", methods: ["bancontact", "ideal", "card"] } });
    expect(again).toMatchObject({ provider: "mollie", mollie: { apiKeyHint: "test_…0001" }, methods: ["card", "bancontact", "ideal"] });
  });

  it("a live_ key belongs to live, a test_ key to test; anything else is a clear field error; nothing is saved", async () => {
    const s = await studioFixture();
    const caller = await callerFor(s.staff.admin);
    const wrongMode = await expectCode(caller.payments.save({ ...scopeOf("test", s), settings: { provider: "mollie", apiKey: LIVE_KEY } }), "BAD_REQUEST");
    expect(fieldErrorsOf(wrongMode)).toEqual({ apiKey: ["The test environment needs a test API key (test_…)"] });
    const wrongLive = await expectCode(caller.payments.save({ ...scopeOf("live", s), settings: { provider: "mollie", apiKey: TEST_KEY } }), "BAD_REQUEST");
    expect(fieldErrorsOf(wrongLive)).toEqual({ apiKey: ["The live environment needs a live API key (live_…)"] });
    const garbage = await expectCode(caller.payments.save({ ...scopeOf("live", s), settings: { provider: "mollie", apiKey: "sk_live_abc" } }), "BAD_REQUEST");
    expect(fieldErrorsOf(garbage)).toEqual({ apiKey: ["Must be a Mollie API key (test_… or live_…)"] });
    const missing = await expectCode(caller.payments.save({ ...scopeOf("live", s), settings: { provider: "mollie" } }), "BAD_REQUEST");
    expect(fieldErrorsOf(missing)).toEqual({ apiKey: ["Required"] });
    const refused = await expectCode(caller.payments.save({ ...scopeOf("live", s), settings: { provider: "mollie", apiKey: "live_unknownkeyunknownkey00000" } }), "BAD_REQUEST");
    expect(fieldErrorsOf(refused)).toEqual({ apiKey: ["Mollie refused this key"] });
    expect(await rowOf("live", s)).toMatchObject({ paymentProvider: null, mollieApiKey: null });
    const live = await caller.payments.save({ ...scopeOf("live", s), settings: { provider: "mollie", apiKey: LIVE_KEY } });
    expect(live).toMatchObject({ provider: "mollie", mollie: { apiKeyHint: "live_…0001" } });
  });

  it("an API key is only for Mollie; an empty methods list is refused", async () => {
    const s = await studioFixture();
    const caller = await callerFor(s.staff.admin);
    const stray = await expectCode(caller.payments.save({ ...scopeOf("test", s), settings: { provider: "simulator", apiKey: TEST_KEY } }), "BAD_REQUEST");
    expect(fieldErrorsOf(stray)).toEqual({ apiKey: ["Only with the Mollie provider"] });
    await expectCode(caller.payments.save({ ...scopeOf("test", s), settings: { provider: "simulator", methods: [] } }), "BAD_REQUEST");
  });

  it("Mollie unreachable on save: 503, nothing saved", async () => {
    const s = await studioFixture();
    const caller = await callerFor(s.staff.admin);
    process.env.MOLLIE_API_BASE = "http://127.0.0.1:9";
    resetConfigForTests();
    try {
      await expectCode(caller.payments.save({ ...scopeOf("test", s), settings: { provider: "mollie", apiKey: TEST_KEY } }), "SERVICE_UNAVAILABLE");
    } finally {
      process.env.MOLLIE_API_BASE = mollie.url;
      resetConfigForTests();
    }
    expect(await rowOf("test", s)).toMatchObject({ paymentProvider: null, mollieApiKey: null });
  });

  it("after an AUTH_SECRET rotation the Mollie key still opens, and the start reseals it under the new secret", async () => {
    const s = await studioFixture();
    const original = `old-mollie-${s.gameId}`;
    useSecrets(original);
    const caller = await callerFor(s.staff.admin);
    await caller.payments.save({ ...scopeOf("live", s), settings: { provider: "mollie", apiKey: LIVE_KEY } });
    const before = await rowOf("live", s);
    const rotated = `${original}-rotated`;
    useSecrets(rotated, original);
    expect((await mollieConfigForWebhook(await getDb(), s.game.slug, "live"))?.apiKey).toBe(LIVE_KEY);
    expect(await resealStripeKeys(await getDb(), { gameId: s.gameId })).toEqual({ resealed: 1, unreadable: 0 });
    expect((await rowOf("live", s)).mollieApiKey).not.toBe(before.mollieApiKey);
    useSecrets(rotated);
    expect((await mollieConfigForWebhook(await getDb(), s.game.slug, "live"))?.apiKey).toBe(LIVE_KEY);
    useSecrets(`${original}-unrelated`);
    await expect(paymentProviderFor(await getDb(), scopeOf("live", s))).rejects.toMatchObject({ code: "PAYMENT_FAILED" });
  });
});
