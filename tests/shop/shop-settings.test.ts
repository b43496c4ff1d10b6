import { beforeAll, describe, expect, it } from "vitest";
import type { StaffRole } from "@/db/schema";
import { loadFixture } from "@/server/fixtures/load-fixture";
import { getShopSettings, parseShopSettings } from "@/server/shop/shop-settings";
import { textOnAccent, contrastRatio } from "@/server/shop/accent-colors";
import { shopFieldErrors } from "@/components/dashboard/settings/shop-field-errors";
import { db, useDatabase } from "../harness";
import { callerFor, expectCode, failureOf, fieldErrorsOf, lastAudit, rolesSplitAt, studioFixture, type StudioFixture } from "../dashboard/studio-staff";

useDatabase();

let studio: StudioFixture;
beforeAll(async () => {
  studio = await studioFixture();
});

const scope = (env: "test" | "live") => ({ gameId: studio.gameId, env });
const on = { enabled: true, logoUrl: "https://cdn.studio.test/logo.png", accentColor: "#FACC15", returnUrl: "mygame://shop-closed", appSchemes: ["MyGame"] };

describe("shop settings rules", () => {
  it("normalises colour and schemes; an app scheme return address needs the scheme listed", () => {
    expect(parseShopSettings(on, "live")).toEqual({ ...on, accentColor: "#facc15", appSchemes: ["mygame"] });
    expect(() => parseShopSettings({ ...on, appSchemes: [] }, "live")).toThrow(/not valid/);
  });

  it("http only to localhost in test; never javascript:, never an https logo missing", () => {
    expect(parseShopSettings({ ...on, returnUrl: "http://localhost:5173/" }, "test").returnUrl).toBe("http://localhost:5173/");
    for (const [settings, env] of [
      [{ ...on, returnUrl: "http://localhost:5173/" }, "live"],
      [{ ...on, returnUrl: "http://play.studio.test/" }, "test"],
      [{ ...on, returnUrl: "javascript:alert(1)", appSchemes: ["javascript"] }, "test"],
      [{ ...on, logoUrl: "http://cdn.studio.test/logo.png" }, "test"],
      [{ ...on, accentColor: "red" }, "test"],
      [{ ...on, extra: 1 }, "test"],
    ] as const) {
      expect(() => parseShopSettings(settings, env)).toThrow();
    }
  });

  it("the text on any accent reaches WCAG AA (4.5:1)", () => {
    for (const accent of ["#facc15", "#4f46e5", "#777777", "#00ff00", "#ff0000", "#000000", "#ffffff", "#808080"]) {
      expect(contrastRatio(accent, textOnAccent(accent))).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe("dashboard Shop card", () => {
  const { allowed, refused } = rolesSplitAt("admin");

  it.each(refused)("%s may neither read nor save it", async (role: StaffRole) => {
    const caller = await callerFor(studio.staff[role]);
    await expectCode(caller.shop.settings(scope("test")), "FORBIDDEN");
    await expectCode(caller.shop.save({ ...scope("test"), settings: on }), "FORBIDDEN");
  });

  it.each(allowed)("%s saves it per environment; the change is audited with before and after", async (role: StaffRole) => {
    const caller = await callerFor(studio.staff[role]);
    const saved = await caller.shop.save({ ...scope("live"), settings: { ...on, enabled: role === "owner" } });
    expect(saved.enabled).toBe(role === "owner");
    const card = await caller.shop.settings(scope("live"));
    expect(card.shopUrl).toBe(`http://localhost:3000/shop/${studio.game.slug}`);
    expect((await caller.shop.settings(scope("test"))).shopUrl).toBe(`http://localhost:3000/shop/${studio.game.slug}/test`);
    const audit = await lastAudit(studio.studioId, "game.shop.update");
    expect(audit.env).toBe("live");
    expect(audit.staffId).toBe(studio.staff[role].id);
    expect((audit.after as { enabled: boolean }).enabled).toBe(role === "owner");
  });

  it("a bad return address is refused field by field and nothing is saved", async () => {
    const caller = await callerFor(studio.staff.owner);
    const before = await getShopSettings(await db(), scope("test"));
    const error = await failureOf(caller.shop.save({ ...scope("test"), settings: { ...on, returnUrl: "ftp://files.studio.test" } }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(Object.keys(fieldErrorsOf(error) ?? {})).toEqual(["returnUrl"]);
    expect(await getShopSettings(await db(), scope("test"))).toEqual(before);
  });

  it("a refused colour, logo or scheme shows under its own field, as the return address does", async () => {
    const caller = await callerFor(studio.staff.owner);
    const settings = { ...on, accentColor: "teal", logoUrl: "http://cdn.studio.test/logo.png", appSchemes: ["MyGame", "javascript"] };
    const error = await failureOf(caller.shop.save({ ...scope("test"), settings }));
    // What the card receives: the tRPC input's path, `input.` dropped as the dashboard's fieldErrorsOf does.
    const received = Object.fromEntries(Object.entries(fieldErrorsOf(error) ?? {}).map(([key, messages]) => [key.replace(/^input\./, ""), messages]));
    expect(shopFieldErrors(received, "accentColor")).toEqual(["A colour as #rrggbb"]);
    expect(shopFieldErrors(received, "logoUrl")).toEqual(["Must be an https:// address"]);
    expect(shopFieldErrors(received, "appSchemes")).toEqual(["This scheme cannot be an app scheme"]);
    expect(shopFieldErrors(received, "returnUrl")).toEqual([]);

    const returnError = await failureOf(caller.shop.save({ ...scope("test"), settings: { ...on, returnUrl: "http://play.studio.test/" } }));
    expect(shopFieldErrors(fieldErrorsOf(returnError) ?? {}, "returnUrl")).toEqual(["Must be https (http only to localhost in test)"]);
  });
});

describe("fixture shop block", () => {
  it("turns the shop on with its settings, lists an app scheme of the return address, and null turns it off", async () => {
    const fixture = (shop: unknown) => ({
      studio: { name: "Shop fixture studio" },
      games: [{ slug: "shop-fixture-game", name: "Shop Fixture", environments: { test: { shop }, live: {} } }],
    });
    await loadFixture(await db(), fixture({ enabled: true, returnUrl: "shopgame://back", logoUrl: null, accentColor: "#4f46e5" }));
    const { findShop } = await import("@/server/shop/shop-settings");
    const shop = await findShop(await db(), "shop-fixture-game", "test");
    expect(shop?.settings).toEqual({ enabled: true, returnUrl: "shopgame://back", logoUrl: null, accentColor: "#4f46e5", appSchemes: ["shopgame"] });
    expect((await findShop(await db(), "shop-fixture-game", "live"))?.settings.enabled).toBe(false);
    await loadFixture(await db(), fixture(null));
    expect((await findShop(await db(), "shop-fixture-game", "test"))?.settings.enabled).toBe(false);
  });

  it("a bad shop block is refused with its JSON path", async () => {
    const bad = { studio: { name: "Shop fixture studio 2" }, games: [{ slug: "shop-fixture-bad", name: "Bad", environments: { test: { shop: { enabled: true, returnUrl: "http://evil.test/" } } } }] };
    await expect(loadFixture(await db(), bad)).rejects.toThrow(/games\[0\]\.environments\.test\.shop\.returnUrl/);
  });
});
