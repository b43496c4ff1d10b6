import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { gameEnvironments, type Environment, type StaffRole } from "@/db/schema";
import { paymentProviderFor, stripeConfigForWebhook } from "@/server/payments/provider-for";
import { resetConfigForTests } from "@/server/lib/config";
import { resealStripeKeys } from "@/server/payments/reseal-stripe-keys";
import { sealStripeSecret } from "@/server/payments/stripe-keys";
import { rotatableAuthSecrets } from "../auth-secrets";
import { startStripeServer, type StripeServer } from "../support/stripe-server";
import { useDatabase } from "../harness";
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
const admin = () => callerFor(studio.staff.admin);

async function rowOf(env: Environment, s: StudioFixture = studio) {
  const db = await getDb();
  const rows = await db.select().from(gameEnvironments).where(and(eq(gameEnvironments.gameId, s.gameId), eq(gameEnvironments.env, env)));
  const row = rows[0];
  if (!row) throw new Error("no environment row");
  return row;
}

/** Stores Stripe keys directly (what a checked save writes), for the cases that need no Stripe call. */
async function storeStripeKeys(s: StudioFixture, env: Environment, secretKey: string, webhookSecret: string, provider: "stripe" | "none" = "stripe") {
  const db = await getDb();
  await db
    .update(gameEnvironments)
    .set({
      paymentProvider: provider,
      stripeSecretKey: sealStripeSecret("secret-key", secretKey, { gameId: s.gameId, env }),
      stripeSecretKeyHint: "hint",
      stripeWebhookSecret: sealStripeSecret("webhook-secret", webhookSecret, { gameId: s.gameId, env }),
      stripeWebhookSecretHint: "hint",
      stripeAccountId: "acct_stored",
    })
    .where(and(eq(gameEnvironments.gameId, s.gameId), eq(gameEnvironments.env, env)));
}

describe("payment settings: who", () => {
  const { allowed, refused } = rolesSplitAt("admin");

  it.each(refused)("%s may neither read nor save them", async (role: StaffRole) => {
    const caller = await callerFor(studio.staff[role]);
    await expectCode(caller.payments.settings(scopeOf("live")), "FORBIDDEN");
    await expectCode(caller.payments.save({ ...scopeOf("live"), settings: { provider: "none" } }), "FORBIDDEN");
    await expectCode(caller.payments.seller({ gameId: studio.gameId }), "FORBIDDEN");
    await expectCode(caller.payments.saveSeller({ gameId: studio.gameId, seller: noSeller }), "FORBIDDEN");
  });

  it.each(allowed)("%s may read them", async (role: StaffRole) => {
    const caller = await callerFor(studio.staff[role]);
    const view = await caller.payments.settings(scopeOf("test"));
    expect(view.provider).toBe("simulator");
  });

  it("another studio's game is not found", async () => {
    const caller = await callerFor(other.staff.owner);
    await expectCode(caller.payments.settings(scopeOf("live")), "NOT_FOUND");
    await expectCode(caller.payments.save({ ...scopeOf("live"), settings: { provider: "none" } }), "NOT_FOUND");
  });
});

const noSeller = { sellerName: null, sellerAddress: null, sellerEmail: null, termsUrl: null, privacyUrl: null };

describe("payment settings: defaults and the simulator", () => {
  it("test defaults to the simulator, live to none, with the webhook URL and the events to select", async () => {
    const s = await studioFixture();
    const caller = await callerFor(s.staff.owner);
    const test = await caller.payments.settings(scopeOf("test", s));
    expect(test).toMatchObject({ env: "test", provider: "simulator", isDefault: true, stripe: { secretKeyHint: null, webhookSecretHint: null, accountId: null }, updatedAt: null });
    const live = await caller.payments.settings(scopeOf("live", s));
    expect(live.provider).toBe("none");
    expect(live.webhookUrl).toMatch(new RegExp(`/api/payments/stripe/${s.game.slug}/live$`));
    expect(live.webhookEvents).toEqual([
      "checkout.session.completed",
      "checkout.session.async_payment_succeeded",
      "checkout.session.async_payment_failed",
      "checkout.session.expired",
      "charge.refunded",
      "charge.dispute.created",
      "charge.dispute.closed",
    ]);
    expect((await paymentProviderFor(await getDb(), scopeOf("test", s)))?.simulated).toBe(true);
    expect(await paymentProviderFor(await getDb(), scopeOf("live", s))).toBeNull();
  });

  it("refuses the simulator in live, naming the field, and writes nothing", async () => {
    const caller = await admin();
    const error = await expectCode(caller.payments.save({ ...scopeOf("live"), settings: { provider: "simulator" } }), "BAD_REQUEST");
    expect(fieldErrorsOf(error)).toEqual({ provider: ["The simulator is for the test environment only"] });
    expect((await rowOf("live")).paymentProvider).toBeNull();
  });

  it("test can be switched to none, then back to the simulator, audited", async () => {
    const s = await studioFixture();
    const caller = await callerFor(s.staff.admin);
    const none = await caller.payments.save({ ...scopeOf("test", s), settings: { provider: "none" } });
    expect(none).toMatchObject({ provider: "none", isDefault: false });
    expect(await paymentProviderFor(await getDb(), scopeOf("test", s))).toBeNull();
    const audit = await lastAudit(s.studioId, "game.payments.update");
    expect(audit).toMatchObject({ env: "test", staffId: s.staff.admin.id, targetId: s.gameId });
    expect(audit.before).toMatchObject({ provider: "simulator", isDefault: true });
    expect(audit.after).toMatchObject({ provider: "none", isDefault: false });
    await caller.payments.save({ ...scopeOf("test", s), settings: { provider: "simulator" } });
    expect((await paymentProviderFor(await getDb(), scopeOf("test", s)))?.name).toBe("test");
  });

  it("the overview tells which provider is in use (live without one is told to connect Stripe)", async () => {
    const s = await studioFixture();
    const viewer = await callerFor(s.staff.viewer);
    expect((await viewer.revenue.overview(scopeOf("live", s))).paymentProvider).toBe("none");
    expect((await viewer.revenue.overview(scopeOf("test", s))).paymentProvider).toBe("simulator");
    await storeStripeKeys(s, "live", "sk_live_0123456789abcdef", "whsec_0123456789abcdef");
    expect((await viewer.revenue.overview(scopeOf("live", s))).paymentProvider).toBe("stripe");
  });

  it("a simulator stored for live by hand still never runs there", async () => {
    const s = await studioFixture();
    const db = await getDb();
    await db.update(gameEnvironments).set({ paymentProvider: "simulator" }).where(and(eq(gameEnvironments.gameId, s.gameId), eq(gameEnvironments.env, "live")));
    expect(await paymentProviderFor(db, scopeOf("live", s))).toBeNull();
  });
});

describe("payment settings: Stripe keys refused before any call to Stripe", () => {
  it.each([
    ["live", "sk_test_0123456789abcdef", "The live environment needs a live-mode key (sk_live_… or rk_live_…)"],
    ["live", "rk_test_0123456789abcdef", "The live environment needs a live-mode key (sk_live_… or rk_live_…)"],
    ["test", "sk_live_0123456789abcdef", "The test environment needs a test-mode key (sk_test_… or rk_test_…)"],
    ["test", "pk_test_0123456789abcdef", "Must be a Stripe secret key (sk_…) or restricted key (rk_…)"],
    ["live", "sk_live_short", "Must be a Stripe secret key (sk_…) or restricted key (rk_…)"],
  ] as const)("%s refuses %s", async (env, secretKey, message) => {
    const caller = await admin();
    const error = await expectCode(caller.payments.save({ ...scopeOf(env), settings: { provider: "stripe", secretKey, webhookSecret: "whsec_0123456789abcdef" } }), "BAD_REQUEST");
    expect(fieldErrorsOf(error)).toEqual({ secretKey: [message] });
    expect((await rowOf(env)).stripeSecretKey).toBeNull();
  });

  it("needs both secrets the first time, and a whsec_ webhook secret", async () => {
    const caller = await admin();
    const missing = await expectCode(caller.payments.save({ ...scopeOf("live"), settings: { provider: "stripe" } }), "BAD_REQUEST");
    expect(fieldErrorsOf(missing)).toEqual({ secretKey: ["Required"], webhookSecret: ["Required"] });
    const bad = await expectCode(
      caller.payments.save({ ...scopeOf("live"), settings: { provider: "stripe", secretKey: "sk_live_0123456789abcdef", webhookSecret: "sk_live_0123456789abcdef" } }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(bad)).toEqual({ webhookSecret: ["Must be a webhook signing secret (whsec_…)"] });
  });

  it("keys sent with another provider are refused, not silently dropped", async () => {
    const caller = await admin();
    const error = await expectCode(caller.payments.save({ ...scopeOf("live"), settings: { provider: "none", secretKey: "sk_live_0123456789abcdef" } }), "BAD_REQUEST");
    expect(fieldErrorsOf(error)).toEqual({ secretKey: ["Only with the Stripe provider"] });
  });
});

describe("paymentProviderFor and the webhook configuration with stored Stripe keys", () => {
  it("builds the Stripe provider from the opened keys; the webhook route finds them by slug", async () => {
    const s = await studioFixture();
    await storeStripeKeys(s, "live", "sk_live_0123456789abcdef", "whsec_0123456789abcdef");
    const provider = await paymentProviderFor(await getDb(), scopeOf("live", s));
    expect(provider).toMatchObject({ name: "stripe", simulated: false });
    expect(provider && "stripe" in provider ? provider.stripe : null).toMatchObject({
      secretKey: "sk_live_0123456789abcdef",
      webhookSecret: "whsec_0123456789abcdef",
      accountId: "acct_stored",
      gameId: s.gameId,
      env: "live",
    });
    expect(await stripeConfigForWebhook(await getDb(), s.game.slug, "live")).toEqual({
      gameId: s.gameId,
      env: "live",
      secretKey: "sk_live_0123456789abcdef",
      webhookSecret: "whsec_0123456789abcdef",
    });
    expect(await stripeConfigForWebhook(await getDb(), s.game.slug, "test")).toBeNull();
    expect(await stripeConfigForWebhook(await getDb(), "no-such-game", "live")).toBeNull();
  });

  it("the webhook keeps verifying after the studio switched away from Stripe (late refunds, disputes)", async () => {
    const s = await studioFixture();
    await storeStripeKeys(s, "live", "sk_live_0123456789abcdef", "whsec_0123456789abcdef", "none");
    expect(await paymentProviderFor(await getDb(), scopeOf("live", s))).toBeNull();
    expect((await stripeConfigForWebhook(await getDb(), s.game.slug, "live"))?.webhookSecret).toBe("whsec_0123456789abcdef");
  });

  it("keys sealed for another game do not open here: 402, never the sealed value", async () => {
    const s = await studioFixture();
    const db = await getDb();
    await storeStripeKeys(s, "live", "sk_live_0123456789abcdef", "whsec_0123456789abcdef");
    const copied = await rowOf("live", s);
    await db
      .update(gameEnvironments)
      .set({ paymentProvider: "stripe", stripeSecretKey: copied.stripeSecretKey, stripeWebhookSecret: copied.stripeWebhookSecret })
      .where(and(eq(gameEnvironments.gameId, other.gameId), eq(gameEnvironments.env, "live")));
    await expect(paymentProviderFor(db, scopeOf("live", other))).rejects.toMatchObject({ code: "PAYMENT_FAILED" });
  });

  it("after an AUTH_SECRET rotation the keys still open, and the start reseals them under the new secret", async () => {
    const s = await studioFixture();
    const original = `old-${s.gameId}`;
    useSecrets(original);
    await storeStripeKeys(s, "live", "sk_live_0123456789abcdef", "whsec_0123456789abcdef");
    const before = await rowOf("live", s);
    const rotated = `${original}-rotated-for-stripe-keys`;
    useSecrets(rotated, original);
    expect((await stripeConfigForWebhook(await getDb(), s.game.slug, "live"))?.secretKey).toBe("sk_live_0123456789abcdef");
    expect(await resealStripeKeys(await getDb(), { gameId: s.gameId })).toEqual({ resealed: 2, unreadable: 0 });
    const after = await rowOf("live", s);
    expect(after.stripeSecretKey).not.toBe(before.stripeSecretKey);
    expect(await resealStripeKeys(await getDb(), { gameId: s.gameId })).toEqual({ resealed: 0, unreadable: 0 });
    // The previous secret dropped: the resealed keys open under the new one alone.
    useSecrets(rotated);
    expect(await stripeConfigForWebhook(await getDb(), s.game.slug, "live")).toMatchObject({ secretKey: "sk_live_0123456789abcdef", webhookSecret: "whsec_0123456789abcdef" });
    // Without the secret that sealed them, they are counted, and checkouts get 402 instead of a 500.
    useSecrets(`${original}-unrelated`);
    expect(await resealStripeKeys(await getDb(), { gameId: s.gameId })).toEqual({ resealed: 0, unreadable: 2 });
    await expect(paymentProviderFor(await getDb(), scopeOf("live", s))).rejects.toMatchObject({ code: "PAYMENT_FAILED" });
    const error = await expectCode((await callerFor(s.staff.owner)).payments.save({ ...scopeOf("live", s), settings: { provider: "stripe" } }), "BAD_REQUEST");
    expect(fieldErrorsOf(error)).toEqual({ secretKey: ["The stored key can no longer be opened: enter it again"] });
  });

  it("switching provider keeps the stored keys unless asked to remove them", async () => {
    const s = await studioFixture();
    await storeStripeKeys(s, "test", "sk_test_0123456789abcdef", "whsec_0123456789abcdef");
    const caller = await callerFor(s.staff.owner);
    await caller.payments.save({ ...scopeOf("test", s), settings: { provider: "simulator" } });
    expect((await rowOf("test", s)).stripeSecretKey).not.toBeNull();
    const refused = await expectCode(caller.payments.save({ ...scopeOf("test", s), settings: { provider: "stripe", removeStripeKeys: true } }), "BAD_REQUEST");
    expect(fieldErrorsOf(refused)).toEqual({ removeStripeKeys: ["Not while Stripe is the provider"] });
    const view = await caller.payments.save({ ...scopeOf("test", s), settings: { provider: "simulator", removeStripeKeys: true } });
    expect(view.stripe).toEqual({ secretKeyHint: null, webhookSecretHint: null, accountId: null });
    const row = await rowOf("test", s);
    expect([row.stripeSecretKey, row.stripeWebhookSecret, row.stripeAccountId]).toEqual([null, null, null]);
  });
});

describe("seller identity and legal links", () => {
  it("admin saves them (https links only), audited; they read back", async () => {
    const caller = await admin();
    const seller = {
      sellerName: "Pixel Forge SARL",
      sellerAddress: "1 rue de la Paix, 75002 Paris, France",
      sellerEmail: "support@pixelforge.example",
      sellerVatNumber: "FR 40 123.456.789",
      termsUrl: "https://pixelforge.example/terms",
      privacyUrl: "https://pixelforge.example/privacy",
    };
    // The VAT number is kept as one token, upper case, without the spaces and dots people type.
    const saved = { ...seller, sellerVatNumber: "FR40123456789" };
    expect(await caller.payments.saveSeller({ gameId: studio.gameId, seller })).toEqual(saved);
    expect(await caller.payments.seller({ gameId: studio.gameId })).toEqual(saved);
    const audit = await lastAudit(studio.studioId, "game.seller.update");
    expect(audit.after).toEqual(saved);
    const error = await expectCode(
      caller.payments.saveSeller({ gameId: studio.gameId, seller: { ...seller, termsUrl: "http://pixelforge.example/terms", sellerEmail: "nope", sellerVatNumber: "123" } }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(error)).toEqual({
      "seller.termsUrl": ["Must start with https://"],
      "seller.sellerEmail": ["Must be an e-mail address"],
      "seller.sellerVatNumber": ["Must be a VAT number with its country prefix, like BE0123456789"],
    });
    expect(await caller.payments.seller({ gameId: studio.gameId })).toEqual(saved);
    expect(await auditRowsOf(studio.studioId, "game.seller.update")).toHaveLength(1);
    // A client that leaves the VAT number out keeps the stored one.
    const { sellerVatNumber: _left, ...withoutVat } = seller;
    expect(await caller.payments.saveSeller({ gameId: studio.gameId, seller: withoutVat })).toEqual(saved);
  });
});

describe("payment settings: Stripe checks the key on save", () => {
  const LIVE_KEY = "sk_live_goodkey0123456789";
  const RESTRICTED_LIVE_KEY = "rk_live_restricted0123456789";
  const TEST_KEY = "sk_test_goodkey0123456789";
  const WHSEC = "whsec_goodsecret0123456789";
  let stripe: StripeServer;
  let previousBase: string | undefined;

  beforeAll(async () => {
    stripe = await startStripeServer();
    stripe.addAccount({ secretKey: LIVE_KEY, accountId: "acct_studio1" });
    stripe.addAccount({ secretKey: RESTRICTED_LIVE_KEY, accountId: "acct_studio1" });
    stripe.addAccount({ secretKey: TEST_KEY, accountId: "acct_studio1" });
    previousBase = process.env.STRIPE_API_BASE;
    process.env.STRIPE_API_BASE = stripe.url;
    resetConfigForTests();
  });

  afterAll(async () => {
    if (previousBase === undefined) delete process.env.STRIPE_API_BASE;
    else process.env.STRIPE_API_BASE = previousBase;
    resetConfigForTests();
    await stripe.close();
  });

  const accountCalls = () => stripe.requests.filter((r) => r.path === "/v1/account").length;

  it("a good live key: one GET /v1/account, stored sealed with hints and the account id, audited without secrets", async () => {
    const s = await studioFixture();
    const caller = await callerFor(s.staff.owner);
    const calls = accountCalls();
    const view = await caller.payments.save({ ...scopeOf("live", s), settings: { provider: "stripe", secretKey: LIVE_KEY, webhookSecret: WHSEC } });
    expect(accountCalls()).toBe(calls + 1);
    expect(view).toMatchObject({ provider: "stripe", isDefault: false, stripe: { secretKeyHint: "sk_live_…6789", webhookSecretHint: "whsec_…6789", accountId: "acct_studio1" } });
    const row = await rowOf("live", s);
    expect(row.stripeSecretKey).toMatch(/^sealed:v2:/);
    expect(`${row.stripeSecretKey} ${row.stripeWebhookSecret}`).not.toMatch(/sk_|whsec_|goodkey|goodsecret/);
    expect(row.stripeAccountId).toBe("acct_studio1");
    expect(await caller.payments.settings(scopeOf("live", s))).toEqual(view);

    const audit = await lastAudit(s.studioId, "game.payments.update");
    const text = JSON.stringify(audit);
    expect(text).not.toContain(LIVE_KEY);
    expect(text).not.toContain(WHSEC);
    expect(audit.after).toMatchObject({ provider: "stripe", stripe: { secretKeyHint: "sk_live_…6789", accountId: "acct_studio1" } });

    const provider = await paymentProviderFor(await getDb(), scopeOf("live", s));
    expect(provider).toMatchObject({ name: "stripe", simulated: false, stripe: { secretKey: LIVE_KEY, webhookSecret: WHSEC, accountId: "acct_studio1" } });
    expect(await stripeConfigForWebhook(await getDb(), s.game.slug, "live")).toEqual({ gameId: s.gameId, env: "live", secretKey: LIVE_KEY, webhookSecret: WHSEC });
  });

  it("a restricted key works too; a test key in test replaces the simulator", async () => {
    const s = await studioFixture();
    const caller = await callerFor(s.staff.admin);
    const live = await caller.payments.save({ ...scopeOf("live", s), settings: { provider: "stripe", secretKey: RESTRICTED_LIVE_KEY, webhookSecret: WHSEC } });
    expect(live.stripe.secretKeyHint).toBe("rk_live_…6789");
    await caller.payments.save({ ...scopeOf("test", s), settings: { provider: "stripe", secretKey: TEST_KEY, webhookSecret: WHSEC } });
    expect(await paymentProviderFor(await getDb(), scopeOf("test", s))).toMatchObject({ name: "stripe", simulated: false });
  });

  it("a key Stripe refuses is a field error and writes nothing", async () => {
    const s = await studioFixture();
    const caller = await callerFor(s.staff.owner);
    const error = await expectCode(
      caller.payments.save({ ...scopeOf("live", s), settings: { provider: "stripe", secretKey: "sk_live_unknownkey0123456789", webhookSecret: WHSEC } }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(error)).toEqual({ secretKey: ["Stripe refused this key"] });
    const row = await rowOf("live", s);
    expect([row.paymentProvider, row.stripeSecretKey, row.stripeAccountId]).toEqual([null, null, null]);
    expect(await auditRowsOf(s.studioId, "game.payments.update")).toHaveLength(0);
  });

  it("switching provider and back needs no secrets again; the stored key is checked again", async () => {
    const s = await studioFixture();
    const caller = await callerFor(s.staff.owner);
    await caller.payments.save({ ...scopeOf("live", s), settings: { provider: "stripe", secretKey: LIVE_KEY, webhookSecret: WHSEC } });
    const sealed = (await rowOf("live", s)).stripeSecretKey;
    await caller.payments.save({ ...scopeOf("live", s), settings: { provider: "none" } });
    expect(await paymentProviderFor(await getDb(), scopeOf("live", s))).toBeNull();
    const calls = accountCalls();
    const back = await caller.payments.save({ ...scopeOf("live", s), settings: { provider: "stripe" } });
    expect(accountCalls()).toBe(calls + 1);
    expect(back).toMatchObject({ provider: "stripe", stripe: { secretKeyHint: "sk_live_…6789", accountId: "acct_studio1" } });
    expect((await rowOf("live", s)).stripeSecretKey).toBe(sealed);
    // A new webhook secret alone keeps the key.
    await caller.payments.save({ ...scopeOf("live", s), settings: { provider: "stripe", webhookSecret: "whsec_rotated0123456789abcd" } });
    expect(await stripeConfigForWebhook(await getDb(), s.game.slug, "live")).toMatchObject({ secretKey: LIVE_KEY, webhookSecret: "whsec_rotated0123456789abcd" });
  });

  it("Stripe unreachable: 503, nothing saved", async () => {
    const s = await studioFixture();
    const caller = await callerFor(s.staff.owner);
    const down = await startStripeServer();
    process.env.STRIPE_API_BASE = down.url;
    resetConfigForTests();
    await down.close();
    try {
      const error = await expectCode(caller.payments.save({ ...scopeOf("live", s), settings: { provider: "stripe", secretKey: LIVE_KEY, webhookSecret: WHSEC } }), "SERVICE_UNAVAILABLE");
      expect(error.message).toBe("Stripe could not be reached to check the key; nothing was saved. Try again.");
    } finally {
      process.env.STRIPE_API_BASE = stripe.url;
      resetConfigForTests();
    }
    expect((await rowOf("live", s)).stripeSecretKey).toBeNull();
  });
});
