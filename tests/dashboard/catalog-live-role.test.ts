import { beforeAll, describe, expect, it } from "vitest";
import { useDatabase } from "../harness";
import { callerFor, expectCode, studioFixture, type StudioFixture } from "./studio-staff";

useDatabase();

let studio: StudioFixture;
beforeAll(async () => {
  studio = await studioFixture();
});

const at = (env: "test" | "live") => ({ gameId: studio.gameId, env });
let serial = 0;
const sku = () => `role-item-${(serial += 1)}`;

describe("one rule for changing a catalog: developers in test, admins and owners in live too", () => {
  it("a developer edits the test catalog by form and by import", async () => {
    const dev = await callerFor(studio.staff.developer);
    await expect(dev.catalog.createItem({ ...at("test"), sku: sku(), name: "Test item", type: "durable" })).resolves.toMatchObject({ name: "Test item" });
    const file = JSON.stringify(await dev.catalog.export(at("test")));
    const { fingerprint } = await dev.catalog.importDiff({ ...at("test"), file });
    await expect(dev.catalog.import({ ...at("test"), file, fingerprint })).resolves.toBeDefined();
  });

  it("a developer cannot change the live catalog by any means: form, status, import or publish", async () => {
    const dev = await callerFor(studio.staff.developer);
    const admin = await callerFor(studio.staff.admin);
    const liveSku = sku();
    await admin.catalog.createItem({ ...at("live"), sku: liveSku, name: "Live item", type: "durable" });
    const liveFile = JSON.stringify(await admin.catalog.export(at("live")));
    const publishFingerprint = (await dev.catalog.publishDiff({ gameId: studio.gameId })).fingerprint;
    const before = await admin.catalog.list({ ...at("live"), status: null });
    const refused = [
      () => dev.catalog.createItem({ ...at("live"), sku: sku(), name: "Sneaked in", type: "durable" }),
      () => dev.catalog.updateItem({ ...at("live"), sku: liveSku, name: "Renamed", type: "durable" }),
      () => dev.catalog.setItemStatus({ ...at("live"), sku: liveSku, status: "archived" }),
      () => dev.catalog.import({ ...at("live"), file: liveFile, fingerprint: "0".repeat(32) }),
      () => dev.catalog.publish({ gameId: studio.gameId, fingerprint: publishFingerprint }),
    ];
    for (const call of refused) {
      const error = await expectCode(call(), "FORBIDDEN");
      expect(error.message).toBe("Changing the live catalog needs the admin role or higher.");
    }
    expect(await admin.catalog.list({ ...at("live"), status: null })).toEqual(before);
  });

  it("an admin and an owner change the live catalog", async () => {
    for (const role of ["admin", "owner"] as const) {
      const caller = await callerFor(studio.staff[role]);
      await expect(caller.catalog.createItem({ ...at("live"), sku: sku(), name: `By ${role}`, type: "durable" })).resolves.toMatchObject({ name: `By ${role}` });
    }
  });
});
