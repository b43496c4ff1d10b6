import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { staffRoles } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { useDatabase } from "../harness";
import { expectedVat, helper } from "../order-helpers";
import { at, gameOf, paidOrder, pendingOrder, restChargeback, restRefund, salesFixture } from "./sales-helpers";
import { callerFor, expectCode, fieldErrorsOf, type StudioFixture } from "./studio-staff";

useDatabase();

/**
 * One week of sales, each at a known instant (UTC), so every figure below is worked out by hand:
 * - Z p500 BE, paid 03-09, refunded 03-10 (a correction of an earlier period);
 * - A p500 FR, paid 03-10, refunded 03-11; B duo DE and C p500 NL (at 23:59:59) paid 03-10;
 * - D gear FR paid 03-11 (at 00:00:00), charged back 03-12;
 * - I p500 AT created 03-11 23:50, paid 03-12 00:10 (revenue counts on the payment day);
 * - on 03-12 also: a pending order, a declined one and a free one (none is revenue);
 * - H p500 FR paid 03-13, after the period.
 */
let fx: StudioFixture;
let other: StudioFixture;
const period = { from: "2025-03-10", to: "2025-03-12" };

beforeAll(async () => {
  [fx, other] = await Promise.all([salesFixture(), salesFixture()]);
  const z = await at("2025-03-09T12:00:00Z", () => paidOrder(fx, { country: "BE" }));
  await at("2025-03-10T08:00:00Z", () => restRefund(fx, z.id));
  const a = await at("2025-03-10T10:00:00Z", () => paidOrder(fx, { country: "FR" }));
  await at("2025-03-10T11:00:00Z", () => paidOrder(fx, { packSku: "duo", country: "DE" }));
  await at("2025-03-10T23:59:59.900Z", () => paidOrder(fx, { country: "NL" }));
  await at("2025-03-11T09:00:00Z", () => restRefund(fx, a.id));
  const d = await at("2025-03-11T00:00:00.000Z", () => paidOrder(fx, { packSku: "gear", country: "FR" }));
  await at("2025-03-12T15:00:00Z", () => restChargeback(fx, d.id));
  const i = await at("2025-03-11T23:50:00Z", () => pendingOrder(fx, { country: "AT" }));
  await at("2025-03-12T00:10:00Z", () => helper(fx.game.secretKey, i.id, "pay"));
  await at("2025-03-12T12:00:00Z", async () => {
    await pendingOrder(fx);
    const declined = await pendingOrder(fx);
    await helper(fx.game.secretKey, declined.id, "decline");
    await paidOrder(fx, { packSku: "free" });
  });
  await at("2025-03-13T00:00:00Z", () => paidOrder(fx, { country: "FR" }));
});
afterEach(() => clock.reset());

const line = (sales: number, refunds: number, chargebacks: number, salesGrossCents: number, reversedGrossCents: number, grossCents: number, vatCents: number, netCents: number) => ({
  sales,
  refunds,
  chargebacks,
  salesGrossCents,
  reversedGrossCents,
  grossCents,
  vatCents,
  netCents,
  shareCents: 0,
});

describe("the order amounts the expectations are built from", () => {
  it("match an independent VAT computation", () => {
    expect(expectedVat(499, 2000)).toEqual({ vatCents: 83, netCents: 416 }); // FR, AT
    expect(expectedVat(499, 2100)).toEqual({ vatCents: 87, netCents: 412 }); // BE, NL
    expect(expectedVat(1999, 1900)).toEqual({ vatCents: 319, netCents: 1680 }); // DE
    expect(expectedVat(999, 2000)).toEqual({ vatCents: 167, netCents: 832 }); // FR
  });
});

describe("revenue.daily", () => {
  it("counts sales on their payment day and refunds and chargebacks negatively on theirs", async () => {
    const report = await (await callerFor(fx.staff.viewer)).revenue.daily({ ...gameOf(fx), ...period });
    expect(report.days).toEqual([
      // A + B + C − Z
      { day: "2025-03-10", ...line(3, 1, 0, 499 + 1999 + 499, 499, 2498, 83 + 319 + 87 - 87, 416 + 1680 + 412 - 412) },
      // D − A
      { day: "2025-03-11", ...line(1, 1, 0, 999, 499, 500, 167 - 83, 832 - 416) },
      // I − D
      { day: "2025-03-12", ...line(1, 0, 1, 499, 999, -500, 83 - 167, 416 - 832) },
    ]);
    expect(report.totals).toEqual(line(5, 2, 1, 4495, 1997, 2498, 402, 2096));
    for (const day of [...report.days, report.totals]) expect(day.grossCents).toBe(day.vatCents + day.netCents);
  });

  it("lists quiet days at zero, and the days around the period hold the rest", async () => {
    const report = await (await callerFor(fx.staff.viewer)).revenue.daily({ ...gameOf(fx), from: "2025-03-07", to: "2025-03-14" });
    expect(report.days.map((d) => d.day)).toEqual(["2025-03-07", "2025-03-08", "2025-03-09", "2025-03-10", "2025-03-11", "2025-03-12", "2025-03-13", "2025-03-14"]);
    expect(report.days[0]).toEqual({ day: "2025-03-07", ...line(0, 0, 0, 0, 0, 0, 0, 0) });
    expect(report.days[2]).toEqual({ day: "2025-03-09", ...line(1, 0, 0, 499, 0, 499, 87, 412) });
    expect(report.days[6]).toEqual({ day: "2025-03-13", ...line(1, 0, 0, 499, 0, 499, 83, 416) });
    // Over the whole life of these orders only B, C, I and H are kept: 1999 + 3 × 499.
    expect(report.totals.grossCents).toBe(1999 + 3 * 499);
  });

  it("keeps live apart from test", async () => {
    const live = await (await callerFor(fx.staff.viewer)).revenue.daily({ ...gameOf(fx, "live"), ...period });
    expect(live.totals).toEqual(line(0, 0, 0, 0, 0, 0, 0, 0));
  });
});

describe("revenue.vatByCountry", () => {
  it("gives per country and rate the taxable amount, VAT and number of orders, corrections included", async () => {
    const report = await (await callerFor(fx.staff.viewer)).revenue.vatByCountry({ ...gameOf(fx), ...period });
    expect(report.lines).toEqual([
      { country: "AT", vatRateBp: 2000, ...line(1, 0, 0, 499, 0, 499, 83, 416) },
      { country: "BE", vatRateBp: 2100, ...line(0, 1, 0, 0, 499, -499, -87, -412) },
      { country: "DE", vatRateBp: 1900, ...line(1, 0, 0, 1999, 0, 1999, 319, 1680) },
      { country: "FR", vatRateBp: 2000, ...line(2, 1, 1, 1498, 1498, 0, 0, 0) },
      { country: "NL", vatRateBp: 2100, ...line(1, 0, 0, 499, 0, 499, 87, 412) },
    ]);
    // The same money as the daily report, split another way.
    const daily = await (await callerFor(fx.staff.viewer)).revenue.daily({ ...gameOf(fx), ...period });
    expect(report.totals).toEqual(daily.totals);
  });
});

describe("CSV exports", () => {
  it("exports the daily report with a total line, amounts in euros", async () => {
    const file = await (await callerFor(fx.staff.viewer)).revenue.dailyCsv({ ...gameOf(fx), ...period });
    expect(file.filename).toBe("revenue-test-2025-03-10-to-2025-03-12.csv");
    expect(file.csv.split("\r\n")).toEqual([
      "day,orders,refunds,chargebacks,sales_gross_eur,reversed_gross_eur,gross_eur,vat_eur,net_eur",
      "2025-03-10,3,1,0,29.97,4.99,24.98,4.02,20.96",
      "2025-03-11,1,1,0,9.99,4.99,5.00,0.84,4.16",
      "2025-03-12,1,0,1,4.99,9.99,-5.00,-0.84,-4.16",
      "total,5,2,1,44.95,19.97,24.98,4.02,20.96",
      "",
    ]);
  });

  it("exports VAT per country and rate", async () => {
    const file = await (await callerFor(fx.staff.viewer)).revenue.vatByCountryCsv({ ...gameOf(fx), ...period });
    expect(file.filename).toBe("vat-by-country-test-2025-03-10-to-2025-03-12.csv");
    expect(file.csv.split("\r\n")).toEqual([
      "country,vat_rate_percent,orders,refunds,chargebacks,sales_gross_eur,reversed_gross_eur,gross_eur,vat_eur,net_eur",
      "AT,20.00,1,0,0,4.99,0.00,4.99,0.83,4.16",
      "BE,21.00,0,1,0,0.00,4.99,-4.99,-0.87,-4.12",
      "DE,19.00,1,0,0,19.99,0.00,19.99,3.19,16.80",
      "FR,20.00,2,1,1,14.98,14.98,0.00,0.00,0.00",
      "NL,21.00,1,0,0,4.99,0.00,4.99,0.87,4.12",
      "total,,5,2,1,44.95,19.97,24.98,4.02,20.96",
      "",
    ]);
  });
});

describe("revenue.overview", () => {
  it("shows today, the last 30 days, and what getting started needs", async () => {
    const overview = await at("2025-03-12T18:00:00Z", async () => (await callerFor(fx.staff.viewer)).revenue.overview(gameOf(fx)));
    expect(overview.today).toEqual({ day: "2025-03-12", ...line(1, 0, 1, 499, 999, -500, -84, -416) });
    expect(overview.days).toHaveLength(30);
    expect(overview.days[0]?.day).toBe("2025-02-11");
    // The period's 2498 plus Z's sale on 03-09 (its refund is inside the window too).
    expect(overview.last30Days).toEqual(line(6, 2, 1, 4495 + 499, 1997, 2498 + 499, 402 + 87, 2096 + 412));
    expect(overview.activeKeys).toEqual({ secret: 1, publishable: 1 });
    // The sales catalog has four active packs (a draft and an archived one do not count); no endpoint.
    expect(overview).toMatchObject({ activePacks: 4, activeWebhookEndpoints: 0 });
    expect(overview).toMatchObject({ ordersEver: 10, pendingOrders: 1 });
    const empty = await (await callerFor(other.staff.viewer)).revenue.overview(gameOf(other));
    expect(empty).toMatchObject({ ordersEver: 0, pendingOrders: 0, last30Days: line(0, 0, 0, 0, 0, 0, 0, 0) });
  });
});

describe("access and validation", () => {
  it.each(staffRoles)("%s may read every report", async (role) => {
    const api = await callerFor(fx.staff[role]);
    await expect(api.revenue.daily({ ...gameOf(fx), ...period })).resolves.toMatchObject({ period });
    await expect(api.revenue.vatByCountryCsv({ ...gameOf(fx), ...period })).resolves.toMatchObject({ filename: expect.any(String) });
  });

  it("is refused without a session and not found for another studio", async () => {
    await expectCode((await callerFor(null)).revenue.dailyCsv({ ...gameOf(fx), ...period }), "UNAUTHORIZED");
    await expectCode((await callerFor(other.staff.owner)).revenue.vatByCountry({ ...gameOf(fx), ...period }), "NOT_FOUND");
    await expectCode((await callerFor(other.staff.owner)).revenue.overview(gameOf(fx)), "NOT_FOUND");
  });

  it("refuses bad periods with field errors", async () => {
    const api = await callerFor(fx.staff.viewer);
    const reversed = await expectCode(api.revenue.daily({ ...gameOf(fx), from: "2025-03-12", to: "2025-03-10" }), "BAD_REQUEST");
    expect(fieldErrorsOf(reversed)).toEqual({ to: ["Must not be before the start date"] });
    const long = await expectCode(api.revenue.vatByCountry({ ...gameOf(fx), from: "2024-01-01", to: "2025-01-01" }), "BAD_REQUEST");
    expect(fieldErrorsOf(long)).toEqual({ to: ["A period is at most 366 days"] });
    await expect(api.revenue.vatByCountry({ ...gameOf(fx), from: "2024-01-01", to: "2024-12-31" })).resolves.toBeTruthy();
    const bad = await expectCode(api.revenue.dailyCsv({ ...gameOf(fx), from: "2025-02-30", to: "x" }), "BAD_REQUEST");
    expect(fieldErrorsOf(bad)).toEqual({ from: ["Must be a date (YYYY-MM-DD)"], to: ["Must be a date (YYYY-MM-DD)"] });
  });
});
