import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { staffRoles } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { useDatabase } from "../harness";
import { at, gameOf, paidOrder, restChargeback, restRefund, salesFixture } from "./sales-helpers";
import { callerFor, expectCode, fieldErrorsOf, type StudioFixture } from "./studio-staff";

useDatabase();

let fx: StudioFixture;
let other: StudioFixture;
beforeAll(async () => {
  [fx, other] = await Promise.all([
    salesFixture([
      { code: "NINJA", creatorName: "Ninja", rateBp: 1000 },
      { code: "QUIET", creatorName: '=Quiet, "Q"', rateBp: 1250 },
    ]),
    salesFixture(),
  ]);
});
afterEach(() => {
  clock.reset();
  resetRateLimits();
});

const HEADER = "code,creator,current_rate_percent,orders,refunds,chargebacks,net_sales_eur,payout_eur";

describe("creatorCodes.payoutsCsv", () => {
  it("gives per code the orders, net sales and payout of the period in euros, exact to the cent, with a total line", async () => {
    // NINJA at 10 %: BE 499 → net 412, share 41; FR 499 → net 416, share 42; DE 1999 → net 1680, share 168.
    const a = await at("2025-07-02T10:00:00Z", () => paidOrder(fx, { creatorCode: "NINJA", country: "BE" }));
    await at("2025-07-02T11:00:00Z", () => paidOrder(fx, { creatorCode: "NINJA", country: "FR" }));
    const c = await at("2025-07-03T10:00:00Z", () => paidOrder(fx, { creatorCode: "NINJA", packSku: "duo", country: "DE" }));
    await at("2025-07-03T12:00:00Z", () => restRefund(fx, a.id));
    await at("2025-08-01T12:00:00Z", () => restChargeback(fx, c.id));

    const viewer = await callerFor(fx.staff.viewer);
    const july = await viewer.creatorCodes.payoutsCsv({ ...gameOf(fx), from: "2025-07-01", to: "2025-07-31" });
    expect(july).toEqual({
      filename: "creator-payouts-test-2025-07-01-to-2025-07-31.csv",
      csv: [HEADER, "NINJA,Ninja,10.00,3,1,0,20.96,2.10", `QUIET,"'=Quiet, ""Q""",12.50,0,0,0,0.00,0.00`, "total,,,3,1,0,20.96,2.10", ""].join("\r\n"),
    });
    // The chargeback of a July order takes its share back in August: a negative payout, written bare.
    const august = await viewer.creatorCodes.payoutsCsv({ ...gameOf(fx), from: "2025-08-01", to: "2025-08-31" });
    expect(august.csv).toBe([HEADER, "NINJA,Ninja,10.00,0,0,1,-16.80,-1.68", `QUIET,"'=Quiet, ""Q""",12.50,0,0,0,0.00,0.00`, "total,,,0,0,1,-16.80,-1.68", ""].join("\r\n"));
  });

  it.each(staffRoles)("is a read: %s may download it", async (role) => {
    const file = await (await callerFor(fx.staff[role])).creatorCodes.payoutsCsv({ ...gameOf(fx), from: "2024-01-01", to: "2024-01-31" });
    expect(file.csv.split("\r\n")[0]).toBe(HEADER);
  });

  it("refuses a bad period with field errors, a signed-out caller and another studio", async () => {
    const error = await expectCode((await callerFor(fx.staff.viewer)).creatorCodes.payoutsCsv({ ...gameOf(fx), from: "2025-07-02", to: "2025-07-01" }), "BAD_REQUEST");
    expect(fieldErrorsOf(error)).toEqual({ to: ["Must not be before the start date"] });
    await expectCode((await callerFor(null)).creatorCodes.payoutsCsv({ ...gameOf(fx), from: "2025-07-01", to: "2025-07-31" }), "UNAUTHORIZED");
    await expectCode((await callerFor(other.staff.owner)).creatorCodes.payoutsCsv({ ...gameOf(fx), from: "2025-07-01", to: "2025-07-31" }), "NOT_FOUND");
  });
});
