import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { games } from "@/db/schema";
import { getDb } from "@/server/db/connection";
import { clock } from "@/server/lib/clock";
import { quarterPeriod } from "@/server/revenue/oss-return";
import { useDatabase } from "../harness";
import { expectedVat } from "../order-helpers";
import { at, gameOf, paidOrder, restChargeback, restRefund, salesFixture } from "./sales-helpers";
import { callerFor, expectCode, fieldErrorsOf, type StudioFixture } from "./studio-staff";

useDatabase();

/**
 * The seller is Belgian (its VAT number): Belgian sales go in its national return, not OSS.
 * - 2024-Q4: X p500 (4.99) BE paid 12-20; Y duo (19.99) DE paid 11-05;
 * - 2025-Q1: A p500 FR paid 01-10; B p500 FR paid 02-10 and refunded 02-20 (same quarter: it reduces
 *   the supply); C p500 NL paid 03-31 23:59:59; X refunded 01-15 and Y charged back 02-01
 *   (corrections of 2024-Q4);
 * - 2025-Q2: D p500 AT paid 04-01 00:00:00 (after the quarter).
 */
let fx: StudioFixture;

beforeAll(async () => {
  fx = await salesFixture();
  await (await getDb()).update(games).set({ sellerVatNumber: "BE0123456789" }).where(eq(games.id, fx.gameId));
  const x = await at("2024-12-20T12:00:00Z", () => paidOrder(fx, { country: "BE" }));
  const y = await at("2024-11-05T12:00:00Z", () => paidOrder(fx, { packSku: "duo", country: "DE" }));
  await at("2025-01-10T10:00:00Z", () => paidOrder(fx, { country: "FR" }));
  const b = await at("2025-02-10T10:00:00Z", () => paidOrder(fx, { country: "FR" }));
  await at("2025-02-20T10:00:00Z", () => restRefund(fx, b.id));
  await at("2025-03-31T23:59:59.000Z", () => paidOrder(fx, { country: "NL" }));
  await at("2025-01-15T10:00:00Z", () => restRefund(fx, x.id));
  await at("2025-02-01T10:00:00Z", () => restChargeback(fx, y.id));
  await at("2025-04-01T00:00:00.000Z", () => paidOrder(fx, { country: "AT" }));
});
afterEach(() => clock.reset());

const euros = (cents: number) => `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

describe("quarters", () => {
  it("are calendar quarters in UTC days", () => {
    expect(quarterPeriod("2025-Q1")).toEqual({ from: "2025-01-01", to: "2025-03-31" });
    expect(quarterPeriod("2024-Q4")).toEqual({ from: "2024-10-01", to: "2024-12-31" });
    expect(quarterPeriod("2024-Q1")).toEqual({ from: "2024-01-01", to: "2024-03-31" });
  });
});

describe("the OSS return export", () => {
  it("lists supplies per member state and rate, then corrections of the quarter they correct, then the VAT due under OSS", async () => {
    const fr = expectedVat(499, 2000);
    const nl = expectedVat(499, 2100);
    const be = expectedVat(499, 2100);
    const de = expectedVat(1999, 1900);
    expect([fr, nl, be, de]).toEqual([
      { vatCents: 83, netCents: 416 },
      { vatCents: 87, netCents: 412 },
      { vatCents: 87, netCents: 412 },
      { vatCents: 319, netCents: 1680 },
    ]);
    const file = await (await callerFor(fx.staff.viewer)).revenue.ossReturnCsv({ ...gameOf(fx), quarter: "2025-Q1" });
    expect(file.filename).toBe("oss-return-test-2025-Q1.csv");
    expect(file.csv.split("\r\n")).toEqual([
      "quarter,kind,member_state,vat_rate_percent,taxable_amount_eur,vat_eur,orders,corrected_quarter,declare_in",
      // A and B sold, B refunded in the quarter: one sale's figures remain.
      "2025-Q1,supply,FR,20.00,4.16,0.83,2,,oss",
      "2025-Q1,supply,NL,21.00,4.12,0.87,1,,oss",
      "2025-Q1,correction,BE,21.00,-4.12,-0.87,1,2024-Q4,domestic",
      "2025-Q1,correction,DE,19.00,-16.80,-3.19,1,2024-Q4,oss",
      `2025-Q1,total,,,,${euros(83 + 87 - 319)},,,oss`,
      "",
    ]);
  });

  it("the earlier quarter shows the sales as they were declared then", async () => {
    const file = await (await callerFor(fx.staff.viewer)).revenue.ossReturnCsv({ ...gameOf(fx), quarter: "2024-Q4" });
    expect(file.csv.split("\r\n")).toEqual([
      "quarter,kind,member_state,vat_rate_percent,taxable_amount_eur,vat_eur,orders,corrected_quarter,declare_in",
      "2024-Q4,supply,BE,21.00,4.12,0.87,1,,domestic",
      "2024-Q4,supply,DE,19.00,16.80,3.19,1,,oss",
      "2024-Q4,total,,,,3.19,,,oss",
      "",
    ]);
  });

  it("refuses a malformed quarter with a field error; another studio's game is not found", async () => {
    const api = await callerFor(fx.staff.viewer);
    const error = await expectCode(api.revenue.ossReturnCsv({ ...gameOf(fx), quarter: "2025-Q5" }), "BAD_REQUEST");
    expect(fieldErrorsOf(error)).toEqual({ quarter: ["Must be a quarter like 2026-Q3"] });
    const other = await salesFixture();
    await expectCode((await callerFor(other.staff.owner)).revenue.ossReturnCsv({ ...gameOf(fx), quarter: "2025-Q1" }), "NOT_FOUND");
  });
});
