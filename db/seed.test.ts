import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb, queryRows, type Db } from "./client";
import { runMigrations } from "./migrate";
import { isDatabaseEmpty, loadFixture, FixtureError } from "./seed";
import {
  apiKeys,
  creatorCodes,
  currencies,
  gameEnvironments,
  games,
  giftCodes,
  items,
  packs,
  players,
  staff,
  studios,
  webhookEndpoints,
} from "./schema";
import { newId } from "@/server/lib/ids";
import { newSecret, sha256Hex } from "@/server/lib/secrets";
import { verifyPassword } from "@/server/lib/passwords";
import { openSigningSecret } from "@/server/webhooks/signing-secret-store";
import { openStripeKeys } from "@/server/payments/payment-config";
import { paymentProviderFor } from "@/server/payments/provider-for";

const demoText = readFileSync(path.resolve(process.cwd(), "db/fixtures/demo.json"), "utf8");

/** The demo fixture under unique names (studio, e-mails, slug, test keys) so tests never collide on a shared database. */
function uniqueDemo(): { fixture: Record<string, unknown>; suffix: string; slug: string; studio: string } {
  const suffix = newId();
  const text = demoText
    .replaceAll('"Demo Studio"', `"Demo Studio ${suffix}"`)
    .replaceAll("@demo.test", `+${suffix}@demo.test`)
    .replaceAll('"slug": "demo"', `"slug": "demo-${suffix}"`)
    .replaceAll("_test_demo_", `_test_${suffix}_`)
    .replaceAll("whsec_svc_demo_", `whsec_svc_${suffix}_`);
  return { fixture: JSON.parse(text) as Record<string, unknown>, suffix, slug: `demo-${suffix}`, studio: `Demo Studio ${suffix}` };
}

/** A small fixture with nothing but what the format requires, under unique names. */
function minimalFixture(suffix = newId()) {
  return {
    studio: { name: `Studio ${suffix}` },
    games: [
      {
        slug: `game-${suffix}`,
        name: "Minimal",
        catalog: {
          currencies: [{ code: "coins", name: "Coins", purchasable: true }],
          items: [{ sku: "potion", name: "Potion", type: "consumable", price: { currency: "coins", amount: 10 } }],
        },
      },
    ],
  };
}

const tableNames = [
  "studios",
  "staff",
  "games",
  "game_environments",
  "api_keys",
  "currencies",
  "items",
  "packs",
  "creator_codes",
  "gift_codes",
  "webhook_endpoints",
  "players",
];

async function countAll(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tableNames) {
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
    counts[table] = row?.n ?? -1;
  }
  return counts;
}

async function gameId(db: Db, slug: string): Promise<string> {
  const [row] = await db.select({ id: games.id }).from(games).where(eq(games.slug, slug));
  if (!row) throw new Error(`no game ${slug}`);
  return row.id;
}

/** Every row the fixture of one studio and game wrote, timestamps included. */
async function snapshot(db: Db, studio: string, slug: string) {
  const id = await gameId(db, slug);
  const [studioRow] = await db.select().from(studios).where(eq(studios.name, studio));
  if (!studioRow) throw new Error(`no studio ${studio}`);
  const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();
  return {
    studio: studioRow,
    staff: sorted(await db.select().from(staff).where(eq(staff.studioId, studioRow.id))),
    game: sorted(await db.select().from(games).where(eq(games.id, id))),
    environments: sorted(await db.select().from(gameEnvironments).where(eq(gameEnvironments.gameId, id))),
    keys: sorted(await db.select().from(apiKeys).where(eq(apiKeys.gameId, id))),
    currencies: sorted(await db.select().from(currencies).where(eq(currencies.gameId, id))),
    items: sorted(await db.select().from(items).where(eq(items.gameId, id))),
    packs: sorted(await db.select().from(packs).where(eq(packs.gameId, id))),
    creatorCodes: sorted(await db.select().from(creatorCodes).where(eq(creatorCodes.gameId, id))),
    giftCodes: sorted(await db.select().from(giftCodes).where(eq(giftCodes.gameId, id))),
    webhooks: sorted(await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.gameId, id))),
    players: sorted(await db.select().from(players).where(eq(players.gameId, id))),
  };
}

async function refusal(promise: Promise<unknown>): Promise<FixtureError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FixtureError);
  return error as FixtureError;
}

describe("loadFixture", () => {
  let db: Db;

  beforeAll(async () => {
    await runMigrations();
    db = await getDb();
  });

  it("loads db/fixtures/demo.json with its fixed test keys", async () => {
    const result = await loadFixture(db, JSON.parse(demoText));
    expect(await isDatabaseEmpty(db)).toBe(false);

    const test = result.games.find((g) => g.slug === "demo" && g.env === "test");
    expect(test).toMatchObject({
      secretKey: "svc_sk_test_demo_0000000000000000000000",
      publishableKey: "svc_pk_test_demo_0000000000000000000000",
      generated: [],
    });

    const id = await gameId(db, "demo");
    const [game] = await db.select().from(games).where(eq(games.id, id));
    expect(game).toMatchObject({ name: "Starfall Arena", spendOrder: "bonus_first", negativeBalance: "allow", anonymousPlayers: true });
    expect(await db.select().from(currencies).where(and(eq(currencies.gameId, id), eq(currencies.env, "test")))).toHaveLength(2);
    expect(await db.select().from(items).where(and(eq(items.gameId, id), eq(items.env, "test")))).toHaveLength(9);
    const packRows = await db.select().from(packs).where(and(eq(packs.gameId, id), eq(packs.env, "test")));
    expect(packRows).toHaveLength(6);
    expect(packRows.find((p) => p.sku === "founder-pack")).toMatchObject({ limited: true, stock: 500, founder: true, priceCents: 4999 });
    expect(packRows.find((p) => p.sku === "gems-500")).toMatchObject({ limited: false, stock: null, founder: false });
    // The fixture's one catalog is loaded into both environments, identically.
    const withoutEnv = <T extends { env: string }>(rows: T[]) => rows.map(({ env: _env, ...row }) => JSON.stringify(row)).sort();
    const liveRows = await db.select().from(packs).where(and(eq(packs.gameId, id), eq(packs.env, "live")));
    expect(withoutEnv(liveRows)).toEqual(withoutEnv(packRows));
    expect(await db.select().from(items).where(and(eq(items.gameId, id), eq(items.env, "live")))).toHaveLength(9);

    const keys = await db.select().from(apiKeys).where(and(eq(apiKeys.gameId, id), eq(apiKeys.env, "test")));
    expect(keys.map((k) => k.keyHash)).toContain(sha256Hex("svc_sk_test_demo_0000000000000000000000"));
    expect(keys.map((k) => k.keyHint)).toContain("svc_sk_test_…0000");
    const liveKeys = await db.select().from(apiKeys).where(and(eq(apiKeys.gameId, id), eq(apiKeys.env, "live")));
    expect(liveKeys.map((k) => k.keyHint.slice(0, 12)).sort()).toEqual(["svc_pk_live_", "svc_sk_live_"]);

    const [origins] = await db
      .select()
      .from(gameEnvironments)
      .where(and(eq(gameEnvironments.gameId, id), eq(gameEnvironments.env, "test")));
    expect(origins?.allowedOrigins).toEqual(["http://localhost:3000", "http://localhost:5173"]);

    const banned = await db
      .select()
      .from(players)
      .where(and(eq(players.gameId, id), eq(players.env, "test"), eq(players.externalId, "banned-1")));
    expect(banned[0]).toMatchObject({ kind: "external", blocked: true, country: "FR" });

    const [owner] = await db.select().from(staff).where(eq(staff.email, "owner@demo.test"));
    expect(owner?.role).toBe("owner");
    expect(await verifyPassword("correct horse battery", owner?.passwordHash ?? "")).toBe(true);
  });

  it("changes nothing when the same fixture is loaded twice", async () => {
    const { fixture, studio, slug } = uniqueDemo();
    const first = await loadFixture(db, fixture);
    const before = await snapshot(db, studio, slug);
    const countsBefore = await countAll(db);

    const second = await loadFixture(db, fixture);
    expect(await snapshot(db, studio, slug)).toEqual(before);
    expect(await countAll(db)).toEqual(countsBefore);

    // Live keys were generated the first time only; given test keys are reported both times.
    const live1 = first.games.find((g) => g.env === "live");
    const live2 = second.games.find((g) => g.env === "live");
    expect(live1?.generated.sort()).toEqual(["publishableKey", "secretKey"]);
    expect(live2).toMatchObject({ generated: [], generatedWebhookSecrets: [] });
    expect(live2?.secretKey).toBeUndefined();
    expect(second.games.find((g) => g.env === "test")?.secretKey).toBe(first.games.find((g) => g.env === "test")?.secretKey);
  });

  it("stores the file's webhook secret sealed, seals one stored in clear, and keeps it while the file repeats it", async () => {
    const { fixture, suffix, slug } = uniqueDemo();
    const given = `whsec_svc_${suffix}_000000000000000000000000`;
    await loadFixture(db, fixture);
    const id = await gameId(db, slug);
    const hookRow = async () => {
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.gameId, id));
      if (!row) throw new Error("no webhook");
      return row;
    };
    const first = await hookRow();
    expect(first.signingSecret).not.toContain(given);
    expect(openSigningSecret(first.id, first.signingSecret)).toBe(given);

    // A row written before sealing: the next run seals it, the one after writes nothing.
    await db.update(webhookEndpoints).set({ signingSecret: given }).where(eq(webhookEndpoints.id, first.id));
    await loadFixture(db, fixture);
    const sealed = await hookRow();
    expect(sealed.signingSecret).toMatch(/^sealed:v2:/);
    expect(openSigningSecret(sealed.id, sealed.signingSecret)).toBe(given);
    await loadFixture(db, fixture);
    expect(await hookRow()).toEqual(sealed);
  });

  it("updates what a later file changes, and only that", async () => {
    const fixture = minimalFixture();
    const slug = fixture.games[0]?.slug ?? "";
    await loadFixture(db, fixture);
    const id = await gameId(db, slug);
    const [coinsBefore] = await db.select().from(currencies).where(and(eq(currencies.gameId, id), eq(currencies.env, "test")));
    const [potionBefore] = await db.select().from(items).where(and(eq(items.gameId, id), eq(items.env, "test")));

    const game = fixture.games[0];
    await loadFixture(db, {
      ...fixture,
      games: [
        {
          ...game,
          settings: { spendOrder: "paid_first" },
          catalog: {
            ...game?.catalog,
            items: [{ sku: "potion", name: "Big Potion", type: "consumable", price: { currency: "coins", amount: 12 } }],
          },
        },
      ],
    });
    const [potion] = await db.select().from(items).where(and(eq(items.gameId, id), eq(items.env, "test")));
    expect(potion).toMatchObject({ name: "Big Potion", priceAmount: 12, createdAt: potionBefore?.createdAt });
    expect(potion?.updatedAt.getTime()).toBeGreaterThanOrEqual(potionBefore?.updatedAt.getTime() ?? Infinity);
    const [coins] = await db.select().from(currencies).where(and(eq(currencies.gameId, id), eq(currencies.env, "test")));
    expect(coins).toEqual(coinsBefore);
    const [row] = await db.select().from(games).where(eq(games.id, id));
    expect(row?.spendOrder).toBe("paid_first");
  });

  it("refuses a bad fixture with the JSON path of every problem and writes nothing", async () => {
    const suffix = newId();
    const fixture = minimalFixture(suffix);
    const bad = {
      ...fixture,
      staff: [{ email: `x-${suffix}@demo.test`, name: "X", role: "superuser" }],
      games: [
        {
          ...fixture.games[0],
          colour: "blue",
          catalog: {
            currencies: [{ code: "coins", name: "Coins", purchasable: true }],
            items: [
              { sku: "potion", name: "Potion", type: "consumable" },
              { sku: "sword", name: "Sword", type: "durable" },
              { sku: "shield", name: "Shield", type: "durable", price: { currency: "diamonds", amount: 5 } },
            ],
          },
        },
      ],
    };
    const countsBefore = await countAll(db);
    const error = await refusal(loadFixture(db, bad));
    expect(error.problems).toEqual([
      'staff[0].role: Invalid option: expected one of "viewer"|"support"|"developer"|"admin"|"owner"',
      `games[0].catalog.items[2].price.currency: currency "diamonds" is not in this game's catalog`,
      "games[0].colour: unknown field",
    ]);
    expect(error.message).toContain("games[0].catalog.items[2].price.currency: ");
    expect(await countAll(db)).toEqual(countsBefore);
    expect(await db.select().from(studios).where(eq(studios.name, `Studio ${suffix}`))).toEqual([]);
  });

  it("checks references of packs and gift codes, duplicates and key prefixes", async () => {
    const fixture = minimalFixture();
    const game = fixture.games[0];
    const error = await refusal(
      loadFixture(db, {
        ...fixture,
        games: [
          {
            ...game,
            catalog: {
              ...game?.catalog,
              currencies: [
                { code: "coins", name: "Coins", purchasable: true },
                { code: "gold", name: "Gold" },
              ],
              packs: [
                { sku: "p1", name: "P1", priceCents: 99, grants: [{ currency: "gold", amount: 1 }], items: [{ sku: "nope" }] },
                { sku: "p1", name: "Again", priceCents: 99, grants: [{ currency: "coins", amount: 1 }] },
              ],
            },
            environments: {
              test: {
                secretKey: newSecret("svc_sk_live_"),
                giftCodes: [{ code: "HELLO-1", maxUses: 5, grants: [{ currency: "gems", amount: 1 }] }],
              },
            },
          },
        ],
      }),
    );
    expect(error.problems).toEqual(
      expect.arrayContaining([
        `games[0].catalog.packs[0].grants[0].currency: currency "gold" is not purchasable`,
        `games[0].catalog.packs[0].items[0].sku: item "nope" is not in this game's catalog`,
        `games[0].catalog.packs[1].sku: duplicate pack sku "p1" (already at index 0)`,
        "games[0].environments.test.secretKey: expected svc_sk_test_ followed by at least 16 letters, digits, _ or -",
        `games[0].environments.test.giftCodes[0].grants[0].currency: currency "gems" is not in this game's catalog`,
      ]),
    );
    expect(error.problems).toHaveLength(5);
  });

  it("generates omitted keys and webhook secrets once, with the right prefixes", async () => {
    const fixture = minimalFixture();
    const slug = fixture.games[0]?.slug ?? "";
    const withWebhook = {
      ...fixture,
      games: [
        {
          ...fixture.games[0],
          environments: { test: { webhooks: [{ url: "https://hooks.example.com/in", events: ["order.fulfilled"] }] } },
        },
      ],
    };
    const first = await loadFixture(db, withWebhook);
    const test = first.games.find((g) => g.env === "test");
    const live = first.games.find((g) => g.env === "live");
    expect(test?.secretKey).toMatch(/^svc_sk_test_[A-Za-z0-9_-]{32}$/);
    expect(test?.publishableKey).toMatch(/^svc_pk_test_[A-Za-z0-9_-]{32}$/);
    expect(live?.secretKey).toMatch(/^svc_sk_live_/);
    expect(live?.publishableKey).toMatch(/^svc_pk_live_/);
    expect(test?.generated.sort()).toEqual(["publishableKey", "secretKey"]);
    expect(test?.generatedWebhookSecrets).toHaveLength(1);
    expect(test?.generatedWebhookSecrets[0]?.signingSecret).toMatch(/^whsec_svc_/);

    const id = await gameId(db, slug);
    const keys = await db.select().from(apiKeys).where(eq(apiKeys.gameId, id));
    expect(keys).toHaveLength(4);
    // SECURITY: only hashes are stored.
    expect(keys.map((k) => k.keyHash).sort()).toEqual(
      [test?.secretKey, test?.publishableKey, live?.secretKey, live?.publishableKey].map((k) => sha256Hex(k ?? "")).sort(),
    );
    const [hook] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.gameId, id));
    // SECURITY: the signing secret is stored sealed, for this endpoint.
    expect(hook?.signingSecret).toMatch(/^sealed:v2:/);
    expect(openSigningSecret(hook?.id ?? "", hook?.signingSecret ?? "")).toBe(test?.generatedWebhookSecrets[0]?.signingSecret);

    // Second run: the stored keys and secret are kept and nothing is printed.
    const second = await loadFixture(db, withWebhook);
    for (const entry of second.games) expect(entry).toEqual({ slug, env: entry.env, generated: [], generatedWebhookSecrets: [] });
    expect(await db.select().from(apiKeys).where(eq(apiKeys.gameId, id))).toHaveLength(4);

    // A revoked secret key is replaced on the next run; the publishable key is kept.
    await db.update(apiKeys).set({ revokedAt: new Date() }).where(and(eq(apiKeys.gameId, id), eq(apiKeys.env, "test"), eq(apiKeys.kind, "secret")));
    const third = await loadFixture(db, withWebhook);
    const test3 = third.games.find((g) => g.env === "test");
    expect(test3?.generated).toEqual(["secretKey"]);
    expect(test3?.secretKey).toMatch(/^svc_sk_test_/);
    expect(test3?.secretKey).not.toBe(test?.secretKey);
  });

  it("normalizes codes, e-mails and countries, and keeps player fields the file leaves out", async () => {
    const suffix = newId();
    const fixture = minimalFixture(suffix);
    const game = fixture.games[0];
    const environments = (players: unknown[]) => ({
      test: {
        giftCodes: [{ code: "welcome-2026 x", maxUses: 3, grants: [{ currency: "coins", amount: 5 }] }],
        players,
      },
    });
    await loadFixture(db, {
      ...fixture,
      staff: [{ email: `Mixed.Case-${suffix}@Demo.Test`, name: "Mixed", role: "viewer" }],
      games: [
        {
          ...game,
          creatorCodes: [{ code: "ninja", creatorName: "Ninja", rateBp: 1000 }],
          environments: environments([{ ref: "ext:alice smith", displayName: "Alice", country: "fr" }]),
        },
      ],
    });
    const id = await gameId(db, game?.slug ?? "");
    const [code] = await db.select().from(giftCodes).where(eq(giftCodes.gameId, id));
    expect(code).toMatchObject({ code: "WELCOME2026X", displayCode: "welcome-2026 x", env: "test", maxUses: 3, useCount: 0 });
    const [creator] = await db.select().from(creatorCodes).where(eq(creatorCodes.gameId, id));
    expect(creator?.code).toBe("NINJA");
    const members = await db.select().from(staff).where(inArray(staff.email, [`mixed.case-${suffix}@demo.test`]));
    expect(members).toHaveLength(1);
    expect(members[0]?.passwordHash).toBeNull();

    // Blocking a player in a later file keeps the name and country stored earlier.
    await loadFixture(db, {
      ...fixture,
      games: [{ ...game, environments: environments([{ ref: "ext:alice smith", blocked: true }]) }],
    });
    const [alice] = await db.select().from(players).where(eq(players.gameId, id));
    expect(alice).toMatchObject({ externalId: "alice smith", kind: "external", displayName: "Alice", country: "FR", blocked: true, env: "test" });
  });

  it("rolls everything back when the database refuses part of a fixture", async () => {
    const owned = minimalFixture();
    await loadFixture(db, owned);
    const takenSlug = owned.games[0]?.slug;

    const suffix = newId();
    const other = minimalFixture(suffix);
    const countsBefore = await countAll(db);
    const error = await refusal(
      loadFixture(db, { ...other, games: [...other.games, { slug: takenSlug, name: "Not yours" }] }),
    );
    expect(error.problems).toEqual(["games[1].slug: this slug belongs to a game of another studio"]);
    expect(await countAll(db)).toEqual(countsBefore);
    expect(await db.select().from(games).where(eq(games.slug, `game-${suffix}`))).toEqual([]);
  });

  it("counts webhook endpoints already stored against the limit of 5 per game", async () => {
    const fixture = minimalFixture();
    const hook = (n: number) => ({ url: `https://hooks.example.com/${n}`, events: ["order.fulfilled"] });
    const withHooks = (test: number[], live: number[]) => ({
      ...fixture,
      games: [{ ...fixture.games[0], environments: { test: { webhooks: test.map(hook) }, live: { webhooks: live.map(hook) } } }],
    });
    await loadFixture(db, withHooks([1, 2, 3], [4]));
    const error = await refusal(loadFixture(db, withHooks([5], [6])));
    expect(error.problems).toEqual([
      "games[0].environments: the game would have 6 webhook endpoints with those already stored; at most 5 (both environments)",
    ]);
    const tooMany = await refusal(loadFixture(db, withHooks([1, 2, 3], [4, 5, 6])));
    expect(tooMany.problems).toEqual(["games[0].environments: at most 5 webhook endpoints per game, both environments together (found 6)"]);
  });

  describe("payments", () => {
    const withPayments = (test: unknown, live: unknown) => {
      const suffix = newId();
      const fixture = minimalFixture(suffix);
      const game = { ...fixture.games[0], environments: { test: { payments: test }, live: { payments: live } } };
      return { fixture: { ...fixture, games: [game] }, slug: `game-${suffix}` };
    };
    const environmentRow = async (slug: string, env: "test" | "live") => {
      const [row] = await db
        .select()
        .from(gameEnvironments)
        .where(and(eq(gameEnvironments.gameId, await gameId(db, slug)), eq(gameEnvironments.env, env)));
      if (!row) throw new Error("no environment");
      return row;
    };

    it("stores Stripe keys sealed with hints, without calling Stripe, and a second run changes nothing", async () => {
      const stripe = { provider: "stripe", secretKey: "sk_live_fixture0123456789", webhookSecret: "whsec_fixture0123456789" };
      const { fixture, slug } = withPayments({ provider: "simulator" }, stripe);
      await loadFixture(db, fixture);
      const live = await environmentRow(slug, "live");
      expect(live).toMatchObject({ paymentProvider: "stripe", stripeSecretKeyHint: "sk_live_…6789", stripeWebhookSecretHint: "whsec_…6789", stripeAccountId: null });
      expect(live.stripeSecretKey).toMatch(/^sealed:v2:/);
      expect(live.stripeSecretKey).not.toContain("sk_");
      expect(live.stripeWebhookSecret).not.toContain("whsec_");
      expect(openStripeKeys(live)).toEqual({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, accountId: null });
      expect((await environmentRow(slug, "test")).paymentProvider).toBe("simulator");
      const provider = await paymentProviderFor(db, { gameId: await gameId(db, slug), env: "live" });
      expect(provider).toMatchObject({ name: "stripe", simulated: false });

      await loadFixture(db, fixture);
      expect(await environmentRow(slug, "live")).toEqual(live);

      // A new key replaces the old one; null removes the provider; leaving payments out keeps what is stored.
      await loadFixture(db, withPaymentsFor(fixture, { ...stripe, secretKey: "sk_live_fixtureABCDEFGHIJ" }));
      const changed = await environmentRow(slug, "live");
      expect(changed.stripeSecretKeyHint).toBe("sk_live_…GHIJ");
      expect(changed.stripeWebhookSecret).toBe(live.stripeWebhookSecret);
      await loadFixture(db, withPaymentsFor(fixture, undefined));
      expect(await environmentRow(slug, "live")).toEqual(changed);
      await loadFixture(db, withPaymentsFor(fixture, null));
      expect((await environmentRow(slug, "live")).paymentProvider).toBe("none");
    });

    function withPaymentsFor(fixture: ReturnType<typeof withPayments>["fixture"], live: unknown) {
      const game = fixture.games[0];
      return { ...fixture, games: [{ ...game, environments: { ...game?.environments, live: live === undefined ? {} : { payments: live } } }] };
    }

    it("refuses the simulator in live, keys of the wrong mode and bad secrets, with their JSON paths, writing nothing", async () => {
      const { fixture, slug } = withPayments(
        { provider: "stripe", secretKey: "sk_live_fixture0123456789", webhookSecret: "nope" },
        { provider: "simulator" },
      );
      const countsBefore = await countAll(db);
      const error = await refusal(loadFixture(db, fixture));
      expect(error.problems).toEqual([
        "games[0].environments.test.payments.secretKey: the test environment needs a test-mode key (sk_test_… or rk_test_…)",
        "games[0].environments.test.payments.webhookSecret: expected a Stripe webhook signing secret (whsec_…)",
        "games[0].environments.live.payments.provider: the simulator is for the test environment only",
      ]);
      expect(await countAll(db)).toEqual(countsBefore);
      expect(await db.select().from(games).where(eq(games.slug, slug))).toEqual([]);
    });
  });
});
