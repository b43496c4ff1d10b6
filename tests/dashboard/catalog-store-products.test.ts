import { beforeEach, describe, expect, it } from "vitest";
import type { StaffRole } from "@/db/schema";
import { getDb } from "@/server/db/connection";
import { findPackByStoreProduct } from "@/server/stores/settings/find-pack-by-store-product";
import { get, useDatabase } from "../harness";
import { callerFor, expectCode, fieldErrorsOf, studioFixture, type StudioFixture } from "./studio-staff";

useDatabase();

const catalog = {
  currencies: [{ code: "coins", name: "Coins", purchasable: true }],
  packs: [
    { sku: "p100", name: "100 Coins", priceCents: 99, grants: [{ currency: "coins", amount: 100 }] },
    { sku: "p500", name: "500 Coins", priceCents: 499, grants: [{ currency: "coins", amount: 500 }] },
  ],
};

let studio: StudioFixture;
const as = (role: StaffRole) => callerFor(studio.staff[role]);
const at = (env: "test" | "live") => ({ gameId: studio.gameId, env });
const pack = (sku: string, storeProducts: { appStore: string | null; googlePlay: string | null }) => ({
  ...at("test"),
  sku,
  name: sku === "p100" ? "100 Coins" : "500 Coins",
  priceCents: sku === "p100" ? 99 : 499,
  grants: [{ currency: "coins", amount: sku === "p100" ? 100 : 500 }],
  storeProducts,
});
const skuOf = async (env: "test" | "live", store: "app_store" | "google_play", product: string) =>
  (await findPackByStoreProduct(await getDb(), at(env), { store, productId: product }))?.sku ?? null;

beforeEach(async () => {
  studio = await studioFixture({ catalog });
});

describe("packs' store products", () => {
  it("are set in the pack form, shown to staff, blank meaning none, and kept out of the API's pack", async () => {
    const dev = await as("developer");
    const changed = await dev.catalog.updatePack(pack("p100", { appStore: " com.demo.coins100 ", googlePlay: "" }));
    expect(changed.storeProducts).toEqual({ appStore: "com.demo.coins100", googlePlay: null });
    const listed = await dev.catalog.list({ ...at("test"), status: null });
    expect(listed.packs.map((p) => [p.sku, p.storeProducts])).toEqual([
      ["p100", { appStore: "com.demo.coins100", googlePlay: null }],
      ["p500", { appStore: null, googlePlay: null }],
    ]);
    expect(await skuOf("test", "app_store", "com.demo.coins100")).toBe("p100");
    expect(await skuOf("live", "app_store", "com.demo.coins100")).toBeNull();
    const api = await get<{ packs: Record<string, unknown>[] }>("/catalog", studio.game.secretKey);
    expect(api.body.packs[0]).not.toHaveProperty("storeProducts");
  });

  it("a product delivers one pack per environment; archiving a pack frees its products", async () => {
    const dev = await as("developer");
    await dev.catalog.updatePack(pack("p100", { appStore: "coins", googlePlay: "coins" }));
    const taken = await expectCode(dev.catalog.updatePack(pack("p500", { appStore: "coins", googlePlay: "coins" })), "BAD_REQUEST");
    expect(fieldErrorsOf(taken)).toEqual({ "storeProducts.appStore": ['Already delivers pack "p100"'], "storeProducts.googlePlay": ['Already delivers pack "p100"'] });
    const bad = await expectCode(dev.catalog.updatePack(pack("p500", { appStore: "has space", googlePlay: null })), "BAD_REQUEST");
    expect(fieldErrorsOf(bad)).toEqual({ "storeProducts.appStore": ["Must be a store product id: letters, digits, periods, underscores or hyphens"] });

    await dev.catalog.setPackStatus({ ...at("test"), sku: "p100", status: "archived" });
    expect(await skuOf("test", "google_play", "coins")).toBeNull();
    await dev.catalog.updatePack(pack("p500", { appStore: "coins", googlePlay: "coins" }));
    expect(await skuOf("test", "google_play", "coins")).toBe("p500");
    // Back from the archive, the old pack finds its products taken.
    const back = await expectCode(dev.catalog.setPackStatus({ ...at("test"), sku: "p100", status: "active" }), "BAD_REQUEST");
    expect(fieldErrorsOf(back)).toEqual({ "storeProducts.appStore": ['Already delivers pack "p500"'], "storeProducts.googlePlay": ['Already delivers pack "p500"'] });
  });

  it("publish to live carries them, also when two packs swap their products", async () => {
    const dev = await as("developer");
    const owner = await as("owner");
    await dev.catalog.updatePack(pack("p100", { appStore: "small", googlePlay: null }));
    await dev.catalog.updatePack(pack("p500", { appStore: "large", googlePlay: "large_play" }));
    let { fingerprint } = await owner.catalog.publishDiff({ gameId: studio.gameId });
    await owner.catalog.publish({ gameId: studio.gameId, fingerprint });
    expect(await skuOf("live", "app_store", "small")).toBe("p100");
    expect(await skuOf("live", "google_play", "large_play")).toBe("p500");

    // Swapped in test (through a free id, as the unique index asks), then published in one go.
    await dev.catalog.updatePack(pack("p100", { appStore: "tmp", googlePlay: null }));
    await dev.catalog.updatePack(pack("p500", { appStore: "small", googlePlay: "large_play" }));
    await dev.catalog.updatePack(pack("p100", { appStore: "large", googlePlay: null }));
    const diff = await owner.catalog.publishDiff({ gameId: studio.gameId });
    expect(diff.diff.changed.map((c) => [c.key, c.changes])).toEqual([
      ["p100", [{ field: "storeProducts", from: { appStore: "small", googlePlay: null }, to: { appStore: "large", googlePlay: null } }]],
      ["p500", [{ field: "storeProducts", from: { appStore: "large", googlePlay: "large_play" }, to: { appStore: "small", googlePlay: "large_play" } }]],
    ]);
    ({ fingerprint } = diff);
    await owner.catalog.publish({ gameId: studio.gameId, fingerprint });
    expect(await skuOf("live", "app_store", "large")).toBe("p100");
    expect(await skuOf("live", "app_store", "small")).toBe("p500");
  });

  it("round-trip through the JSON export and import, only where set", async () => {
    const dev = await as("developer");
    const admin = await as("admin");
    await dev.catalog.updatePack(pack("p500", { appStore: "com.demo.coins500", googlePlay: "coins_500" }));
    const exported = await admin.catalog.export(at("test"));
    expect(exported.packs.map((p) => p.storeProducts)).toEqual([undefined, { appStore: "com.demo.coins500", googlePlay: "coins_500" }]);
    const file = JSON.stringify(exported);
    const preview = await admin.catalog.importDiff({ ...at("live"), file });
    expect(preview.diff.changed.map((c) => c.key)).toEqual(["p500"]);
    await admin.catalog.import({ ...at("live"), file, fingerprint: preview.fingerprint });
    expect(await skuOf("live", "google_play", "coins_500")).toBe("p500");
    expect(JSON.stringify(await admin.catalog.export(at("live")))).toBe(file);

    const duplicated = JSON.stringify({ ...exported, packs: exported.packs.map((p) => ({ ...p, storeProducts: { appStore: "same", googlePlay: null } })) });
    const refused = await expectCode(admin.catalog.importDiff({ ...at("live"), file: duplicated }), "BAD_REQUEST");
    expect(fieldErrorsOf(refused)).toEqual({ "packs[1].storeProducts.appStore": ['duplicate App Store product id "same" (already at index 0)'] });
  });
});
