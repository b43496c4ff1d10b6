import { beforeEach, describe, expect, it } from "vitest";
import type { StaffRole } from "@/db/schema";
import { get, useDatabase } from "../harness";
import { auditRowsOf, callerFor, expectCode, fieldErrorsOf, lastAudit, studioFixture, type StudioFixture } from "./studio-staff";

useDatabase();

const catalog = {
  currencies: [{ code: "coins", name: "Coins", purchasable: true }],
  items: [{ sku: "potion", name: "Potion", type: "consumable", price: { currency: "coins", amount: 10 } }],
  packs: [{ sku: "p100", name: "100 Coins", priceCents: 99, grants: [{ currency: "coins", amount: 100 }] }],
};

let studio: StudioFixture;
const as = (role: StaffRole) => callerFor(studio.staff[role]);
const at = (env: "test" | "live") => ({ gameId: studio.gameId, env });

beforeEach(async () => {
  studio = await studioFixture({ catalog });
});

/** In test: potion renamed and repriced, a lamp added, the pack archived. */
async function editTest() {
  const dev = await as("developer");
  await dev.catalog.updateItem({ ...at("test"), sku: "potion", name: "Big Potion", type: "consumable", price: { currency: "coins", amount: 12 } });
  await dev.catalog.createItem({ ...at("test"), sku: "lamp", name: "Lamp", type: "durable", maxOwned: 1 });
  await dev.catalog.setPackStatus({ ...at("test"), sku: "p100", status: "archived" });
}

const lampEntry = {
  sku: "lamp",
  name: "Lamp",
  description: null,
  type: "durable",
  price: null,
  maxOwned: 1,
  clientPurchasable: false,
  metadata: {},
  status: "active",
};

const expectedDiff = {
  added: [{ kind: "items", key: "lamp", name: "Lamp", entry: lampEntry }],
  changed: [
    {
      kind: "items",
      key: "potion",
      name: "Big Potion",
      changes: [
        { field: "name", from: "Potion", to: "Big Potion" },
        { field: "price", from: { currency: "coins", amount: 10 }, to: { currency: "coins", amount: 12 } },
      ],
    },
  ],
  archived: [{ kind: "packs", key: "p100", name: "100 Coins", changes: [{ field: "status", from: "active", to: "archived" }] }],
};

describe("catalog per environment", () => {
  it("keeps test and live independent, in the dashboard and in GET /catalog", async () => {
    const dev = await as("developer");
    await dev.catalog.updateItem({ ...at("test"), sku: "potion", name: "Test Potion", type: "consumable", price: { currency: "coins", amount: 10 } });
    await (await as("admin")).catalog.createCurrency({ ...at("live"), code: "gems", name: "Gems" });

    const test = await dev.catalog.list({ ...at("test"), status: null });
    const live = await dev.catalog.list({ ...at("live"), status: null });
    expect(test.items.map((i) => i.name)).toEqual(["Test Potion"]);
    expect(live.items.map((i) => i.name)).toEqual(["Potion"]);
    expect(test.currencies.map((c) => c.code)).toEqual(["coins"]);
    expect(live.currencies.map((c) => c.code)).toEqual(["coins", "gems"]);

    const testApi = await get<{ items: { name: string }[]; currencies: { code: string }[] }>("/catalog", studio.game.secretKey);
    const liveApi = await get<{ items: { name: string }[]; currencies: { code: string }[] }>("/catalog", studio.game.liveSecretKey);
    expect(testApi.body.items.map((i) => i.name)).toEqual(["Test Potion"]);
    expect(liveApi.body.items.map((i) => i.name)).toEqual(["Potion"]);
    expect(liveApi.body.currencies.map((c) => c.code)).toEqual(["coins", "gems"]);
    expect(testApi.body.currencies.map((c) => c.code)).toEqual(["coins"]);
  });

  it("diffs test against live field by field", async () => {
    await editTest();
    const { diff, fingerprint } = await (await as("developer")).catalog.publishDiff({ gameId: studio.gameId });
    expect(diff).toEqual(expectedDiff);
    expect(fingerprint).toMatch(/^[0-9a-f]{32}$/);
  });

  it("says there is nothing to publish when both are equal", async () => {
    const { diff } = await (await as("developer")).catalog.publishDiff({ gameId: studio.gameId });
    expect(diff).toEqual({ added: [], changed: [], archived: [] });
  });

  it("publishes exactly the diff, in one audited transaction", async () => {
    await editTest();
    const owner = await as("owner");
    const { fingerprint } = await owner.catalog.publishDiff({ gameId: studio.gameId });
    expect(await owner.catalog.publish({ gameId: studio.gameId, fingerprint })).toEqual(expectedDiff);

    expect(await owner.catalog.export(at("live"))).toEqual(await owner.catalog.export(at("test")));
    expect((await owner.catalog.publishDiff({ gameId: studio.gameId })).diff).toEqual({ added: [], changed: [], archived: [] });
    const audit = await lastAudit(studio.studioId, "catalog.publish");
    expect(audit).toMatchObject({ env: "live", targetType: "catalog", targetId: "live" });
    expect(audit.before).toEqual({ "items/potion": { name: "Potion", price: { currency: "coins", amount: 10 } }, "packs/p100": { status: "active" } });
    expect(audit.after).toEqual({
      "items/lamp": lampEntry,
      "items/potion": { name: "Big Potion", price: { currency: "coins", amount: 12 } },
      "packs/p100": { status: "archived" },
    });
    const liveApi = await get<{ items: { sku: string; name: string }[]; packs: unknown[] }>("/catalog", studio.game.liveSecretKey);
    expect(liveApi.body.items.map((i) => [i.sku, i.name])).toEqual([
      ["potion", "Big Potion"],
      ["lamp", "Lamp"],
    ]);
    expect(liveApi.body.packs).toEqual([]);
  });

  it("archives in live what test no longer has, never deleting it", async () => {
    const admin = await as("admin");
    await admin.catalog.createItem({ ...at("live"), sku: "live-only", name: "Live only", type: "durable" });
    const { diff, fingerprint } = await admin.catalog.publishDiff({ gameId: studio.gameId });
    expect(diff).toEqual({
      added: [],
      changed: [],
      archived: [{ kind: "items", key: "live-only", name: "Live only", changes: [{ field: "status", from: "active", to: "archived" }] }],
    });
    await admin.catalog.publish({ gameId: studio.gameId, fingerprint });
    const live = await admin.catalog.list({ ...at("live"), status: null });
    expect(live.items.map((i) => [i.sku, i.status])).toEqual([
      ["potion", "active"],
      ["live-only", "archived"],
    ]);
  });

  it("refuses a stale publish with 409 and writes nothing", async () => {
    await editTest();
    const owner = await as("owner");
    const { fingerprint } = await owner.catalog.publishDiff({ gameId: studio.gameId });
    await owner.catalog.updateCurrency({ ...at("live"), code: "coins", name: "Live Coins", purchasable: true });
    const liveBefore = await owner.catalog.export(at("live"));

    const error = await expectCode(owner.catalog.publish({ gameId: studio.gameId, fingerprint }), "CONFLICT");
    expect(error.message).toBe("The test or live catalog changed since this diff was shown. Nothing was written: review the new diff and apply it again.");
    expect(await owner.catalog.export(at("live"))).toEqual(liveBefore);
    expect(await auditRowsOf(studio.studioId, "catalog.publish")).toEqual([]);
  });

  it("lets developers view the diff but only admins and owners publish; viewers see neither", async () => {
    await editTest();
    const { fingerprint } = await (await as("developer")).catalog.publishDiff({ gameId: studio.gameId });
    await expectCode((await as("viewer")).catalog.publishDiff({ gameId: studio.gameId }), "FORBIDDEN");
    for (const role of ["viewer", "support", "developer"] as const) {
      await expectCode((await as(role)).catalog.publish({ gameId: studio.gameId, fingerprint }), "FORBIDDEN");
    }
    await expectCode((await as("developer")).catalog.import({ ...at("live"), file: "{}", fingerprint }), "FORBIDDEN");
    expect(await auditRowsOf(studio.studioId, "catalog.publish")).toEqual([]);
    await (await as("admin")).catalog.publish({ gameId: studio.gameId, fingerprint });
  });
});

describe("catalog export and import", () => {
  it("exports the fixture's catalog shape, translations only where set", async () => {
    const dev = await as("developer");
    await dev.catalog.updateCurrency({ ...at("test"), code: "coins", name: "Coins", purchasable: true, translations: { fr: { name: "Pièces" } } });
    expect(await dev.catalog.export(at("test"))).toEqual({
      currencies: [{ code: "coins", name: "Coins", purchasable: true, status: "active", translations: { fr: { name: "Pièces" } } }],
      items: [
        { sku: "potion", name: "Potion", description: null, type: "consumable", price: { currency: "coins", amount: 10 }, maxOwned: null, clientPurchasable: false, metadata: {}, status: "active" },
      ],
      packs: [
        {
          sku: "p100",
          name: "100 Coins",
          description: null,
          priceCents: 99,
          grants: [{ currency: "coins", amount: 100, bonus: 0 }],
          items: [],
          badge: null,
          maxPerPlayer: null,
          availability: null,
          status: "active",
        },
      ],
    });
  });

  it("round-trips: importing an export changes nothing", async () => {
    await editTest();
    const admin = await as("admin");
    const file = JSON.stringify(await admin.catalog.export(at("test")));
    const { diff, fingerprint } = await admin.catalog.importDiff({ ...at("test"), file });
    expect(diff).toEqual({ added: [], changed: [], archived: [] });
    await admin.catalog.import({ ...at("test"), file, fingerprint });
    expect(JSON.stringify(await admin.catalog.export(at("test")))).toBe(file);
  });

  it("imports test's export into live with the publish diff, audited once", async () => {
    await editTest();
    const admin = await as("admin");
    const file = JSON.stringify(await admin.catalog.export(at("test")));
    const { diff, fingerprint } = await admin.catalog.importDiff({ ...at("live"), file });
    expect(diff).toEqual(expectedDiff);
    expect(await admin.catalog.import({ ...at("live"), file, fingerprint })).toEqual(expectedDiff);
    expect(await admin.catalog.export(at("live"))).toEqual(JSON.parse(file));
    expect(await auditRowsOf(studio.studioId, "catalog.import")).toHaveLength(1);
  });

  it("refuses a bad file naming each JSON path, and writes nothing", async () => {
    const admin = await as("admin");
    const before = await admin.catalog.export(at("test"));
    const file = JSON.stringify({
      currencies: [{ code: "coins", name: "Coins", purchasable: true }],
      items: [{ sku: "potion", name: "Potion", type: "consumable", price: { currency: "nope", amount: 10 } }],
      packs: [{ sku: "p100", name: "", grants: [{ currency: "coins", amount: 100 }], colour: "red" }],
    });
    const error = await expectCode(admin.catalog.importDiff({ ...at("test"), file }), "BAD_REQUEST");
    expect(error.message).toBe("The file has problems, listed by JSON path. Nothing was imported.");
    expect(fieldErrorsOf(error)).toEqual({
      "packs[0].colour": ["unknown field"],
      "packs[0].priceCents": ["required (number)"],
      "packs[0].name": ["Must be 1 to 80 characters"],
      "items[0].price.currency": ['currency "nope" is not in this game\'s catalog'],
    });
    const fingerprint = "0".repeat(32);
    await expectCode(admin.catalog.import({ ...at("test"), file, fingerprint }), "BAD_REQUEST");
    const notJson = await expectCode(admin.catalog.importDiff({ ...at("test"), file: "{ nope" }), "BAD_REQUEST");
    expect(Object.keys(fieldErrorsOf(notJson) ?? {})).toEqual(["(root)"]);
    expect(await admin.catalog.export(at("test"))).toEqual(before);
    expect(await auditRowsOf(studio.studioId, "catalog.import")).toEqual([]);
  });

  it("refuses a stale import with 409", async () => {
    const admin = await as("admin");
    const file = JSON.stringify({ ...catalog, items: [] });
    const { fingerprint } = await admin.catalog.importDiff({ ...at("test"), file });
    await admin.catalog.createItem({ ...at("test"), sku: "lamp", name: "Lamp", type: "durable" });
    const error = await expectCode(admin.catalog.import({ ...at("test"), file, fingerprint }), "CONFLICT");
    expect(error.message).toBe("The test catalog changed since this diff was shown. Nothing was written: review the new diff and apply it again.");
  });
});

describe("catalog translations", () => {
  it("stores trimmed translations, drops empty ones, and never shows them in the API", async () => {
    const dev = await as("developer");
    const updated = await dev.catalog.updateItem({
      ...at("test"),
      sku: "potion",
      name: "Potion",
      type: "consumable",
      price: { currency: "coins", amount: 10 },
      translations: { fr: { name: "  Potion magique ", description: "" }, en: { name: "" }, nl: { description: "Drankje" } },
    });
    expect(updated.translations).toEqual({ fr: { name: "Potion magique" }, nl: { description: "Drankje" } });
    const api = await get<{ items: Record<string, unknown>[] }>("/catalog", studio.game.secretKey);
    expect(api.body.items[0]).toEqual({
      sku: "potion",
      name: "Potion",
      description: null,
      type: "consumable",
      price: { currency: "coins", amount: 10 },
      maxOwned: null,
      clientPurchasable: false,
      metadata: {},
    });
    expect((await dev.catalog.preview(at("test"))).items[0]).not.toHaveProperty("translations");
  });

  it("refuses unknown locales and over-long names", async () => {
    const dev = await as("developer");
    const item = { ...at("test"), sku: "potion", name: "Potion", type: "consumable" as const };
    const unknown = await expectCode(dev.catalog.updateItem({ ...item, translations: { de: { name: "Trank" } } as never }), "BAD_REQUEST");
    expect(fieldErrorsOf(unknown)).toEqual({ "translations.de": ["Unknown field"] });
    const long = await expectCode(dev.catalog.updateItem({ ...item, translations: { fr: { name: "x".repeat(81) } } }), "BAD_REQUEST");
    expect(fieldErrorsOf(long)).toEqual({ "translations.fr.name": ["Must be at most 80 characters"] });
  });
});
