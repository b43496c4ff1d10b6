import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { clock } from "@/server/lib/clock";
import { useDatabase } from "../harness";
import { downloadExport } from "./csv-export-helpers";
import { at, gameOf, paidOrder, salesFixture } from "./sales-helpers";
import { callerFor, type StudioFixture } from "./studio-staff";

useDatabase();

let fx: StudioFixture;
let lateOrderId: string;
beforeAll(async () => {
  fx = await salesFixture();
  // 23:30 UTC on 10 March is already 00:30 on 11 March in Paris.
  lateOrderId = (await at("2026-03-10T23:30:00.000Z", () => paidOrder(fx, { packSku: "p500" }))).id;
});
afterEach(() => clock.reset());

async function listedOn(day: string): Promise<string[]> {
  const api = await callerFor(fx.staff.viewer);
  return (await api.orders.list({ ...gameOf(fx), from: day, to: day, limit: 100 })).orders.map((o) => o.id);
}

async function exportedOn(day: string): Promise<string> {
  return (await downloadExport(fx.staff.viewer, "orders", { ...gameOf(fx), from: day, to: day })).csv;
}

describe("orders: the date filters follow the studio's time zone", () => {
  it("reads from and to as days in UTC by default, then in the zone the studio picks, for the list and its CSV", async () => {
    expect(await listedOn("2026-03-10")).toEqual([lateOrderId]);
    expect(await listedOn("2026-03-11")).toEqual([]);

    await (await callerFor(fx.staff.owner)).studio.setTimeZone({ timeZone: "Europe/Paris" });
    try {
      expect(await listedOn("2026-03-10")).toEqual([]);
      expect(await listedOn("2026-03-11")).toEqual([lateOrderId]);
      expect(await exportedOn("2026-03-11")).toContain(lateOrderId);
      expect(await exportedOn("2026-03-10")).not.toContain(lateOrderId);
    } finally {
      await (await callerFor(fx.staff.owner)).studio.setTimeZone({ timeZone: "UTC" });
    }
  });
});
