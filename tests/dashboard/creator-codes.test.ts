import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { staffRoles } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import { clock } from "@/server/lib/clock";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { useDatabase } from "../harness";
import { orderRow } from "../order-helpers";
import { at, gameOf, paidOrder, pendingOrder, restChargeback, restRefund, salesFixture } from "./sales-helpers";
import { auditRowsOf, callerFor, expectCode, fieldErrorsOf, lastAudit, rolesSplitAt, type StudioFixture } from "./studio-staff";

useDatabase();

let fx: StudioFixture;
let other: StudioFixture;
beforeAll(async () => {
  [fx, other] = await Promise.all([
    salesFixture([
      { code: "NINJA", creatorName: "Ninja", rateBp: 1000 },
      { code: "QUIET", creatorName: "Quiet", rateBp: 500 },
    ]),
    salesFixture([{ code: "ELSEWHERE", creatorName: "Elsewhere", rateBp: 500 }]),
  ]);
});
afterEach(() => {
  clock.reset();
  resetRateLimits();
});

const { allowed } = rolesSplitAt("developer");
let serial = 0;
const freshCode = () => `C${Date.now().toString(36).toUpperCase()}${(serial += 1)}`;

describe("creatorCodes.create", () => {
  it.each(staffRoles.map((role) => [role, allowed.includes(role)] as const))("%s may create: %s", async (role, ok) => {
    const code = freshCode();
    const call = (await callerFor(fx.staff[role])).creatorCodes.create({ ...gameOf(fx), code: `  ${code.toLowerCase()} `, creatorName: " Streamer ", rateBp: 1250 });
    if (ok) {
      expect(await call).toMatchObject({ code, creatorName: "Streamer", rateBp: 1250, active: true });
      const audit = await lastAudit(fx.studioId, "creator_code.create");
      expect(audit).toMatchObject({ staffId: fx.staff[role].id, gameId: fx.gameId, env: null, targetType: "creator_code", targetId: code, before: null });
      expect(audit.after).toMatchObject({ code, rateBp: 1250 });
    } else {
      await expectCode(call, "FORBIDDEN");
      expect((await (await callerFor(fx.staff.viewer)).creatorCodes.list(gameOf(fx))).map((c) => c.code)).not.toContain(code);
    }
  });

  it("stores the code exactly as the fixture loader does, so buyers' typing matches it", async () => {
    const dev = await callerFor(fx.staff.developer);
    await dev.creatorCodes.create({ ...gameOf(fx), code: "new_Star-1", creatorName: "Star", rateBp: 800 });
    const order = await pendingOrder(fx, { creatorCode: "NEW_star-1" });
    expect(order.creatorCode).toEqual({ code: "NEW_STAR-1", creatorName: "Star" });
    expect(await orderRow(order.id)).toMatchObject({ creatorRateBp: 800 });
  });

  it("refuses bad fields with field errors from the server's schema", async () => {
    const dev = await callerFor(fx.staff.developer);
    const bad = await expectCode(dev.creatorCodes.create({ ...gameOf(fx), code: "x", creatorName: "", rateBp: 10_001 }), "BAD_REQUEST");
    expect(fieldErrorsOf(bad)).toEqual({
      code: ["2 to 32 letters, digits, _ or -"],
      creatorName: ["Required"],
      rateBp: ["Must be 0 to 10000 (0 % to 100 %)"],
    });
    const fraction = await expectCode(dev.creatorCodes.create({ ...gameOf(fx), code: "FRACTION", creatorName: "F", rateBp: 12.5 }), "BAD_REQUEST");
    expect(fieldErrorsOf(fraction)).toEqual({ rateBp: ["Must be a whole number of basis points"] });
    const spaces = await expectCode(dev.creatorCodes.create({ ...gameOf(fx), code: "no spaces", creatorName: "F", rateBp: 0 }), "BAD_REQUEST");
    expect(fieldErrorsOf(spaces)).toEqual({ code: ["2 to 32 letters, digits, _ or -"] });
  });

  it("refuses an existing code (any case) with a field error and records nothing", async () => {
    const before = (await auditRowsOf(fx.studioId, "creator_code.create")).length;
    const dup = await expectCode((await callerFor(fx.staff.admin)).creatorCodes.create({ ...gameOf(fx), code: "ninja", creatorName: "Copy", rateBp: 1 }), "BAD_REQUEST");
    expect(fieldErrorsOf(dup)).toEqual({ code: ["This code already exists"] });
    expect((await auditRowsOf(fx.studioId, "creator_code.create")).length).toBe(before);
    // Another game may use the same code.
    await expect((await callerFor(other.staff.developer)).creatorCodes.create({ ...gameOf(other), code: "NINJA", creatorName: "Other Ninja", rateBp: 1 })).resolves.toMatchObject({
      code: "NINJA",
    });
  });
});

describe("creatorCodes.update and setActive", () => {
  it.each(staffRoles.map((role) => [role, allowed.includes(role)] as const))("%s may edit and (de)activate: %s", async (role, ok) => {
    const code = freshCode();
    await (await callerFor(fx.staff.developer)).creatorCodes.create({ ...gameOf(fx), code, creatorName: "Before", rateBp: 100 });
    const api = await callerFor(fx.staff[role]);
    const update = api.creatorCodes.update({ ...gameOf(fx), code, creatorName: "After", rateBp: 200 });
    const deactivate = () => api.creatorCodes.setActive({ ...gameOf(fx), code, active: false });
    if (ok) {
      expect(await update).toMatchObject({ code, creatorName: "After", rateBp: 200, active: true });
      const edited = await lastAudit(fx.studioId, "creator_code.update");
      expect(edited).toMatchObject({ staffId: fx.staff[role].id, targetId: code });
      expect(edited.before).toMatchObject({ creatorName: "Before", rateBp: 100 });
      expect(edited.after).toMatchObject({ creatorName: "After", rateBp: 200 });
      expect(await deactivate()).toMatchObject({ active: false });
      const off = await lastAudit(fx.studioId, "creator_code.deactivate");
      expect(off).toMatchObject({ staffId: fx.staff[role].id, targetId: code, before: expect.objectContaining({ active: true }), after: expect.objectContaining({ active: false }) });
      expect(await api.creatorCodes.setActive({ ...gameOf(fx), code, active: true })).toMatchObject({ active: true });
      expect(await lastAudit(fx.studioId, "creator_code.activate")).toMatchObject({ targetId: code, after: expect.objectContaining({ active: true }) });
    } else {
      await expectCode(update, "FORBIDDEN");
      await expectCode(deactivate(), "FORBIDDEN");
      const list = await (await callerFor(fx.staff.viewer)).creatorCodes.list(gameOf(fx));
      expect(list.find((c) => c.code === code)).toMatchObject({ creatorName: "Before", rateBp: 100, active: true });
    }
  });

  it("a new rate applies to new orders only; a deactivated code is refused at checkout until reactivated", async () => {
    const dev = await callerFor(fx.staff.developer);
    const code = freshCode();
    await dev.creatorCodes.create({ ...gameOf(fx), code, creatorName: "Rate", rateBp: 1000 });
    const before = await paidOrder(fx, { creatorCode: code, country: "BE" });
    await dev.creatorCodes.update({ ...gameOf(fx), code, creatorName: "Rate", rateBp: 2000 });
    const after = await paidOrder(fx, { creatorCode: code, country: "BE" });
    expect(await orderRow(before.id)).toMatchObject({ creatorRateBp: 1000, creatorShareCents: 41 }); // 412 × 10 %
    expect(await orderRow(after.id)).toMatchObject({ creatorRateBp: 2000, creatorShareCents: 82 }); // 412 × 20 %

    await dev.creatorCodes.setActive({ ...gameOf(fx), code, active: false });
    const refused = await pendingOrder(fx, { creatorCode: code }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).details).toEqual({ fieldErrors: { creatorCode: ["CODE_INVALID"] } });
    await dev.creatorCodes.setActive({ ...gameOf(fx), code, active: true });
    expect((await pendingOrder(fx, { creatorCode: code })).creatorCode?.code).toBe(code);
  });

  it("an unknown code or another game's code is not found", async () => {
    const dev = await callerFor(fx.staff.developer);
    await expectCode(dev.creatorCodes.update({ ...gameOf(fx), code: "NOBODY", creatorName: "N", rateBp: 1 }), "NOT_FOUND");
    await expectCode(dev.creatorCodes.setActive({ ...gameOf(fx), code: "ELSEWHERE", active: false }), "NOT_FOUND");
    await expectCode((await callerFor(other.staff.owner)).creatorCodes.setActive({ ...gameOf(fx), code: "NINJA", active: false }), "NOT_FOUND");
    await expectCode((await callerFor(null)).creatorCodes.list(gameOf(fx)), "UNAUTHORIZED");
  });
});

describe("creatorCodes.sales", () => {
  it("sums orders, gross, net and the creator's share per code, refunds and chargebacks taken back on their day", async () => {
    const sales = await callerFor(fx.staff.viewer);
    // NINJA at 10 %: BE 499 → net 412, share 41; FR 499 → net 416, share 42; DE 1999 → net 1680, share 168.
    const a = await at("2025-06-02T10:00:00Z", () => paidOrder(fx, { creatorCode: "ninja", country: "BE" }));
    await at("2025-06-02T11:00:00Z", () => paidOrder(fx, { creatorCode: "NINJA", country: "FR" }));
    const c = await at("2025-06-03T10:00:00Z", () => paidOrder(fx, { creatorCode: "NINJA", packSku: "duo", country: "DE" }));
    await at("2025-06-03T12:00:00Z", () => restRefund(fx, a.id));
    await at("2025-06-04T12:00:00Z", () => restChargeback(fx, c.id));
    // Not sales: a pending order with the code, and an order without a code.
    await at("2025-06-03T13:00:00Z", async () => {
      await pendingOrder(fx, { creatorCode: "NINJA" });
      await paidOrder(fx);
    });

    const june = await sales.creatorCodes.sales({ ...gameOf(fx), from: "2025-06-01", to: "2025-06-30" });
    const ninja = june.lines.find((l) => l.code === "NINJA");
    expect(ninja).toEqual({
      code: "NINJA",
      creatorName: "Ninja",
      rateBp: 1000,
      active: true,
      sales: 3,
      refunds: 1,
      chargebacks: 1,
      salesGrossCents: 499 + 499 + 1999,
      reversedGrossCents: 499 + 1999,
      grossCents: 499,
      vatCents: 83,
      netCents: 416,
      shareCents: 42,
    });
    expect(june.lines.find((l) => l.code === "QUIET")).toMatchObject({ sales: 0, grossCents: 0, shareCents: 0 });
    expect(june.totals).toMatchObject({ sales: 3, grossCents: 499, shareCents: 42 });

    // A period holding only the sales: the share before the refund and the chargeback.
    const firstDays = await sales.creatorCodes.sales({ ...gameOf(fx), from: "2025-06-02", to: "2025-06-02" });
    expect(firstDays.lines.find((l) => l.code === "NINJA")).toMatchObject({ sales: 2, refunds: 0, grossCents: 998, netCents: 828, shareCents: 83 });
    const reversalsOnly = await sales.creatorCodes.sales({ ...gameOf(fx), from: "2025-06-04", to: "2025-06-04" });
    expect(reversalsOnly.lines.find((l) => l.code === "NINJA")).toMatchObject({ sales: 0, chargebacks: 1, grossCents: -1999, shareCents: -168 });

    // Live has no orders; another studio cannot look.
    expect((await sales.creatorCodes.sales({ ...gameOf(fx, "live"), from: "2025-06-01", to: "2025-06-30" })).totals.sales).toBe(0);
    await expectCode((await callerFor(other.staff.owner)).creatorCodes.sales({ ...gameOf(fx), from: "2025-06-01", to: "2025-06-30" }), "NOT_FOUND");
  });

  it("refuses a reversed period", async () => {
    const error = await expectCode((await callerFor(fx.staff.viewer)).creatorCodes.sales({ ...gameOf(fx), from: "2025-06-02", to: "2025-06-01" }), "BAD_REQUEST");
    expect(fieldErrorsOf(error)).toEqual({ to: ["Must not be before the start date"] });
  });
});
