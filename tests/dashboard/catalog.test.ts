import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { auditLog, staffRoles, type StaffRole } from "@/db/schema";
import { get, useDatabase } from "../harness";
import { newOrder, salesCatalog } from "../order-helpers";
import { callerFor, expectCode, fieldErrorsOf, lastAudit, rolesSplitAt, studioFixture, type StudioFixture } from "./studio-staff";

useDatabase();

const catalog = {
  ...salesCatalog,
  currencies: [...salesCatalog.currencies, { code: "old_coins", name: "Old coins", purchasable: true, status: "archived" }],
};

let studio: StudioFixture;
let other: StudioFixture;
let at: { gameId: string; env: "test" };

beforeAll(async () => {
  studio = await studioFixture({ catalog });
  other = await studioFixture();
  at = { gameId: studio.gameId, env: "test" };
});

const as = (role: StaffRole) => callerFor(studio.staff[role]);
let serial = 0;
/** A fresh code or sku per call, so each role's successful write creates its own entry. */
const fresh = (prefix: string) => `${prefix}_${(serial += 1)}`;

const newCurrency = () => ({ ...at, code: fresh("cur"), name: "Shards", purchasable: true });
const newItem = () => ({ ...at, sku: fresh("item"), name: "Lamp", type: "durable" as const, price: { currency: "coins", amount: 30 } });
const newPack = () => ({ ...at, sku: fresh("pack"), name: "Bundle", priceCents: 299, grants: [{ currency: "coins", amount: 300, bonus: 30 }] });

describe("catalog: every write × every role", () => {
  const { allowed, refused } = rolesSplitAt("developer");

  it("lets developer, admin and owner write and refuses viewer and support (FORBIDDEN), recording nothing for them", async () => {
    expect(allowed).toEqual(["developer", "admin", "owner"]);
    for (const role of staffRoles) {
      const caller = await as(role);
      const currency = newCurrency();
      const item = newItem();
      const pack = newPack();
      const writes: [string, () => Promise<unknown>][] = [
        ["createCurrency", () => caller.catalog.createCurrency(currency)],
        ["updateCurrency", () => caller.catalog.updateCurrency({ ...at, code: "gold", name: `Gold ${role}`, purchasable: true })],
        ["setCurrencyStatus", () => caller.catalog.setCurrencyStatus({ ...at, code: "gold", status: "active" })],
        ["createItem", () => caller.catalog.createItem(item)],
        ["updateItem", () => caller.catalog.updateItem({ ...at, sku: "shield", name: `Shield ${role}`, type: "durable", maxOwned: 3 })],
        ["setItemStatus", () => caller.catalog.setItemStatus({ ...at, sku: "shield", status: "active" })],
        ["createPack", () => caller.catalog.createPack(pack)],
        ["updatePack", () => caller.catalog.updatePack({ ...at, sku: "free", name: `Free ${role}`, priceCents: 0, grants: [{ currency: "coins", amount: 10, bonus: 5 }] })],
        ["setPackStatus", () => caller.catalog.setPackStatus({ ...at, sku: "free", status: "active" })],
      ];
      for (const [name, write] of writes) {
        if (refused.includes(role)) await expectCode(write(), "FORBIDDEN");
        else await expect(write(), `${role} ${name}`).resolves.toBeTruthy();
      }
    }
    const db = await getDb();
    const refusedIds = refused.map((role) => studio.staff[role].id);
    expect(await db.select().from(auditLog).where(inArray(auditLog.staffId, refusedIds))).toEqual([]);
    const writers = await db.select().from(auditLog).where(inArray(auditLog.staffId, allowed.map((role) => studio.staff[role].id)));
    expect(writers).toHaveLength(allowed.length * 9);
    const list = await (await as("viewer")).catalog.list({ ...at, status: null });
    expect(list.currencies.filter((c) => c.code.startsWith("cur_"))).toHaveLength(allowed.length);
    expect(list.items.find((i) => i.sku === "shield")?.name).toBe("Shield owner");
  });

  it("lets every role read the list and the preview, and nobody signed out", async () => {
    for (const role of staffRoles) {
      const caller = await as(role);
      await expect(caller.catalog.list({ ...at, status: null })).resolves.toMatchObject({ currencies: expect.any(Array) });
      await expect(caller.catalog.preview(at)).resolves.toMatchObject({ packs: expect.any(Array) });
    }
    await expectCode((await callerFor(null)).catalog.list({ ...at, status: null }), "UNAUTHORIZED");
    await expectCode((await callerFor(null)).catalog.createCurrency(newCurrency()), "UNAUTHORIZED");
  });

  it("treats another studio's game as not found, for reads and writes", async () => {
    const outsider = await callerFor(other.staff.owner);
    await expectCode(outsider.catalog.list({ ...at, status: null }), "NOT_FOUND");
    await expectCode(outsider.catalog.createCurrency(newCurrency()), "NOT_FOUND");
    await expectCode(outsider.catalog.setPackStatus({ ...at, sku: "free", status: "archived" }), "NOT_FOUND");
  });
});

describe("catalog: audit entries", () => {
  it("records a creation with the entry after, and an update with before and after", async () => {
    const dev = await as("developer");
    const code = fresh("audit");
    await dev.catalog.createCurrency({ ...at, code, name: "Tokens" });
    const created = await lastAudit(studio.studioId, "catalog.currency.create");
    expect(created).toMatchObject({ staffId: studio.staff.developer.id, gameId: studio.gameId, targetType: "currency", targetId: code, before: null });
    expect(created.after).toMatchObject({ code, name: "Tokens", purchasable: false, status: "active" });

    await dev.catalog.updateCurrency({ ...at, code, name: "Tokens v2", purchasable: true, status: "draft" });
    const updated = await lastAudit(studio.studioId, "catalog.currency.update");
    expect(updated.before).toMatchObject({ code, name: "Tokens", purchasable: false, status: "active" });
    expect(updated.after).toMatchObject({ code, name: "Tokens v2", purchasable: true, status: "draft" });
  });

  it("records pack edits and status changes with before and after", async () => {
    const dev = await as("developer");
    const pack = newPack();
    await dev.catalog.createPack(pack);
    await dev.catalog.updatePack({ ...pack, badge: "Hot", maxPerPlayer: 2, availability: { stock: 10, founder: true } });
    const updated = await lastAudit(studio.studioId, "catalog.pack.update");
    expect(updated.before).toMatchObject({ sku: pack.sku, badge: null, maxPerPlayer: null, availability: null });
    expect(updated.after).toMatchObject({
      sku: pack.sku,
      badge: "Hot",
      maxPerPlayer: 2,
      availability: { startsAt: null, endsAt: null, stock: 10, remaining: 10, founder: true },
    });

    await dev.catalog.setPackStatus({ ...at, sku: pack.sku, status: "archived" });
    const status = await lastAudit(studio.studioId, "catalog.pack.status");
    expect([status.targetId, (status.before as { status: string }).status, (status.after as { status: string }).status]).toEqual([pack.sku, "active", "archived"]);
  });

  it("records nothing when a write is refused", async () => {
    const dev = await as("developer");
    const before = await lastAudit(studio.studioId, "catalog.item.create").catch(() => null);
    await expectCode(dev.catalog.createItem({ ...newItem(), price: { currency: "nope", amount: 1 } }), "BAD_REQUEST");
    const after = await lastAudit(studio.studioId, "catalog.item.create").catch(() => null);
    expect(after?.id).toBe(before?.id);
  });
});

describe("catalog: validation", () => {
  const failure = async (call: Promise<unknown>) => fieldErrorsOf(await expectCode(call, "BAD_REQUEST"));

  it("reports the zod rules of the fixture loader by field name", async () => {
    const dev = await as("developer");
    expect(await failure(dev.catalog.createCurrency({ ...at, code: "Bad Code", name: " " }))).toEqual({
      code: ["a currency code is 2 to 24 characters: a lowercase letter, then lowercase letters, digits or _"],
      name: ["Must be 1 to 80 characters"],
    });
    const item = await failure(
      dev.catalog.createItem({ ...newItem(), price: { currency: "coins", amount: 0 }, metadata: { "bad key": "x" }, maxOwned: 0 }),
    );
    expect(Object.keys(item ?? {}).sort()).toEqual(["maxOwned", "metadata.bad key", "price.amount"]);
    expect(item?.["metadata.bad key"]).toEqual(["a metadata key is 1 to 64 letters, digits, _, . or -"]);

    const pack = await failure(
      dev.catalog.createPack({
        ...newPack(),
        priceCents: -1,
        badge: "",
        availability: { startsAt: "2030-01-02T00:00:00Z", endsAt: "2030-01-01T00:00:00Z", stock: 5 },
      }),
    );
    expect(Object.keys(pack ?? {}).sort()).toEqual(["availability.endsAt", "badge", "priceCents"]);
    expect(pack?.["availability.endsAt"]).toEqual(["endsAt must be after startsAt"]);
  });

  it("refuses a second entry with the same code or sku", async () => {
    const dev = await as("developer");
    expect(await failure(dev.catalog.createCurrency({ ...at, code: "coins", name: "Coins again" }))).toEqual({ code: ['currency "coins" already exists'] });
    expect(await failure(dev.catalog.createItem({ ...newItem(), sku: "potion" }))).toEqual({ sku: ['item "potion" already exists'] });
    expect(await failure(dev.catalog.createPack({ ...newPack(), sku: "p500" }))).toEqual({ sku: ['pack "p500" already exists'] });
  });

  it("prices items only in active currencies", async () => {
    const dev = await as("developer");
    for (const currency of ["old_coins", "unknown"]) {
      expect(await failure(dev.catalog.createItem({ ...newItem(), price: { currency, amount: 5 } }))).toEqual({
        "price.currency": [`currency "${currency}" is not in this game's catalog`],
      });
    }
    const draftCode = fresh("draft");
    await dev.catalog.createCurrency({ ...at, code: draftCode, name: "Later", status: "draft" });
    expect(await failure(dev.catalog.updateItem({ ...at, sku: "potion", name: "Potion", type: "consumable", price: { currency: draftCode, amount: 5 } }))).toEqual({
      "price.currency": [`currency "${draftCode}" is not in this game's catalog`],
    });
  });

  it("checks pack grants and items with the fixture loader's rules", async () => {
    const dev = await as("developer");
    const errors = await failure(
      dev.catalog.createPack({
        ...newPack(),
        grants: [
          { currency: "gems", amount: 1, bonus: 0 },
          { currency: "coins", amount: 1, bonus: 0 },
          { currency: "coins", amount: 2, bonus: 0 },
          { currency: "old_coins", amount: 1, bonus: 0 },
        ],
        items: [{ sku: "nope", quantity: 1 }],
      }),
    );
    expect(errors).toEqual({
      "grants.0.currency": ['currency "gems" is not purchasable'],
      "grants.2.currency": ['duplicate currency "coins" (already at index 1)'],
      "grants.3.currency": [`currency "old_coins" is not in this game's catalog`],
      "items.0.sku": [`item "nope" is not in this game's catalog`],
    });
    expect(await failure(dev.catalog.createPack({ ...newPack(), grants: [], items: [] }))).toEqual({ grants: ["must grant currency or items"] });
  });

  it("keeps active entries coherent when a currency leaves the catalog or stops being purchasable", async () => {
    const dev = await as("developer");
    expect(await failure(dev.catalog.setCurrencyStatus({ ...at, code: "coins", status: "archived" }))).toEqual({
      status: [expect.stringContaining('item "potion"')],
    });
    expect((await failure(dev.catalog.updateCurrency({ ...at, code: "gold", name: "Gold", purchasable: false })))?.purchasable).toEqual([
      expect.stringContaining('pack "duo"'),
    ]);
  });

  it("never blocks archiving an entry, even one whose references left the catalog", async () => {
    const dev = await as("developer");
    const code = fresh("retire");
    await dev.catalog.createCurrency({ ...at, code, name: "Retired", purchasable: true });
    const item = { ...newItem(), price: { currency: code, amount: 1 }, status: "draft" as const };
    await dev.catalog.createItem(item);
    await dev.catalog.setCurrencyStatus({ ...at, code, status: "archived" });
    await expect(dev.catalog.setItemStatus({ ...at, sku: item.sku, status: "archived" })).resolves.toMatchObject({ status: "archived" });
    // Back to active needs its currency back in the catalog.
    await expectCode(dev.catalog.setItemStatus({ ...at, sku: item.sku, status: "active" }), "BAD_REQUEST");
  });

  it("answers NOT_FOUND for an unknown entry", async () => {
    const dev = await as("developer");
    await expectCode(dev.catalog.setPackStatus({ ...at, sku: "ghost", status: "active" }), "NOT_FOUND");
    await expectCode(dev.catalog.updateCurrency({ ...at, code: "ghost", name: "Ghost" }), "NOT_FOUND");
  });
});

describe("catalog: list and preview", () => {
  it("lists drafts and archived entries with their status, filtered on the server", async () => {
    const viewer = await as("viewer");
    const all = await viewer.catalog.list({ ...at, status: null });
    expect(all.currencies.find((c) => c.code === "old_coins")).toMatchObject({ status: "archived", purchasable: true });
    expect(all.packs.find((p) => p.sku === "draft-pack")).toMatchObject({ status: "draft" });
    const drafts = await viewer.catalog.list({ ...at, status: "draft" });
    expect([...drafts.currencies, ...drafts.items, ...drafts.packs].every((e) => e.status === "draft")).toBe(true);
    expect(drafts.packs.map((p) => p.sku)).toContain("draft-pack");
  });

  it("shows stock remaining per environment", async () => {
    const dev = await as("developer");
    const pack = { ...newPack(), availability: { stock: 3, founder: false } };
    // Each environment has its own catalog: the same pack is created in both.
    await dev.catalog.createPack(pack);
    await (await as("admin")).catalog.createPack({ ...pack, env: "live" });
    await newOrder(studio.game.secretKey, pack.sku);
    const test = await dev.catalog.list({ ...at, status: null });
    const live = await dev.catalog.list({ ...at, env: "live", status: null });
    expect(test.packs.find((p) => p.sku === pack.sku)).toMatchObject({ taken: 1, availability: { stock: 3, remaining: 2 } });
    expect(live.packs.find((p) => p.sku === pack.sku)).toMatchObject({ taken: 0, availability: { stock: 3, remaining: 3 } });
  });

  it("previews exactly what GET /catalog answers", async () => {
    const preview = await (await as("viewer")).catalog.preview(at);
    const api = await get<Record<string, unknown>>("/catalog", studio.game.secretKey);
    expect(api.status).toBe(200);
    expect(preview).toEqual(api.body);
    expect(preview.packs.map((p) => p.sku)).not.toContain("draft-pack");
  });

  it("makes a new active entry visible to the client API at once", async () => {
    const dev = await as("developer");
    const item = newItem();
    await dev.catalog.createItem(item);
    const api = await get<{ items: { sku: string }[] }>("/catalog", studio.game.secretKey);
    expect(api.body.items.map((i) => i.sku)).toContain(item.sku);
  });
});
