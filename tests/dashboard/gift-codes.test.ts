import { beforeAll, describe, expect, it } from "vitest";
import { staffRoles } from "@/db/schema";
import { GIFT_CODES_CSV_HEADER } from "@/server/codes/gift-codes-csv";
import { useDatabase } from "../harness";
import { auditRowsOf, callerFor, expectCode, fieldErrorsOf, lastAudit, rolesSplitAt, studioFixture, type StudioFixture } from "./studio-staff";

useDatabase();

let studio: StudioFixture;
let other: StudioFixture;
const batch = { label: "Launch stream", count: 2, maxUses: 5, grants: [{ currency: "coins", amount: 100 }], items: [{ sku: "potion", quantity: 2 }] };

beforeAll(async () => {
  studio = await studioFixture();
  other = await studioFixture();
});

const scope = () => ({ gameId: studio.gameId, env: "test" as const });

describe("gift codes: roles", () => {
  const { allowed, refused } = rolesSplitAt("support");

  it.each(allowed)("%s may issue a batch and disable a code", async (role) => {
    const caller = await callerFor(studio.staff[role]);
    const { codes } = await caller.giftCodes.issue({ ...scope(), ...batch });
    expect(codes).toHaveLength(2);
    const disabled = await caller.giftCodes.disable({ ...scope(), codeId: codes[0]!.id });
    expect(disabled.disabled).toBe(true);
  });

  it.each(refused)("%s may not issue nor disable", async (role) => {
    const issued = (await (await callerFor(studio.staff.support)).giftCodes.issue({ ...scope(), ...batch, count: 1 })).codes;
    const caller = await callerFor(studio.staff[role]);
    await expectCode(caller.giftCodes.issue({ ...scope(), ...batch }), "FORBIDDEN");
    await expectCode(caller.giftCodes.disable({ ...scope(), codeId: issued[0]!.id }), "FORBIDDEN");
  });

  it.each(staffRoles)("%s may list, search and export", async (role) => {
    const caller = await callerFor(studio.staff[role]);
    await expect(caller.giftCodes.list({ ...scope() })).resolves.toMatchObject({ codes: expect.any(Array) });
    await expect(caller.giftCodes.exportCsv({ ...scope() })).resolves.toMatchObject({ csv: expect.stringContaining("code,max_uses") });
    await expect(caller.giftCodes.catalog({ ...scope() })).resolves.toMatchObject({ currencies: expect.any(Array) });
  });

  it("refuses anonymous callers and another studio's game", async () => {
    await expectCode((await callerFor(null)).giftCodes.list({ ...scope() }), "UNAUTHORIZED");
    await expectCode((await callerFor(other.staff.owner)).giftCodes.list({ ...scope() }), "NOT_FOUND");
    await expectCode((await callerFor(other.staff.owner)).giftCodes.issue({ ...scope(), ...batch }), "NOT_FOUND");
  });
});

describe("gift codes: issuing", () => {
  it("returns every new code once, and audits the batch by id without the codes", async () => {
    const support = studio.staff.support;
    const { batch: made, codes } = await (await callerFor(support)).giftCodes.issue({ ...scope(), ...batch, count: 3, expiresAt: "2999-01-01T00:00:00Z" });
    for (const code of codes) expect(code.code).toMatch(/^[A-Z0-9-]+$/);
    expect(codes[0]).toMatchObject({ maxUses: 5, useCount: 0, disabled: false, expiresAt: "2999-01-01T00:00:00.000Z" });
    const entry = await lastAudit(studio.studioId, "gift_codes.issue");
    expect(entry).toMatchObject({ staffId: support.id, staffEmail: support.email, gameId: studio.gameId, env: "test", targetType: "gift_code_batch", targetId: made.id, before: null });
    expect(entry.after).toMatchObject({ label: "Launch stream", count: 3, maxUses: 5, grants: batch.grants, items: batch.items, codeIds: codes.map((c) => c.id) });
    const text = JSON.stringify(entry);
    for (const code of codes) expect(text).not.toContain(code.code);
  });

  it("keys field errors like the form: zod rules, the batch's own rules and the catalog check", async () => {
    const caller = await callerFor(studio.staff.support);
    const zod = await expectCode(caller.giftCodes.issue({ ...scope(), ...batch, count: 0 }), "BAD_REQUEST");
    expect(fieldErrorsOf(zod)).toMatchObject({ count: ["Must be 1 to 1000"] });
    const empty = await expectCode(caller.giftCodes.issue({ ...scope(), label: "x", count: 1, maxUses: 1, grants: [], items: [] }), "BAD_REQUEST");
    expect(fieldErrorsOf(empty)).toMatchObject({ grants: ["At least one grant or item is required"] });
    const catalog = await expectCode(
      caller.giftCodes.issue({ ...scope(), label: "x", count: 1, maxUses: 1, grants: [{ currency: "old_coins", amount: 1 }], items: [{ sku: "draft-hat", quantity: 1 }] }),
      "BAD_REQUEST",
    );
    expect(fieldErrorsOf(catalog)).toEqual({ "grants.0.currency": ["Not an active currency of this game"], "items.0.sku": ["Not an active item of this game"] });
    const past = await expectCode(caller.giftCodes.issue({ ...scope(), ...batch, expiresAt: "2000-01-01T00:00:00Z" }), "BAD_REQUEST");
    expect(fieldErrorsOf(past)).toMatchObject({ expiresAt: ["Must be in the future"] });
  });

  it("records nothing and keeps no code when the domain refuses the batch inside the transaction", async () => {
    const caller = await callerFor(other.staff.owner);
    const scoped = { gameId: other.gameId, env: "test" as const };
    const before = (await auditRowsOf(other.studioId, "gift_codes.issue")).length;
    const listed = (await caller.giftCodes.list(scoped)).codes.length;
    await expectCode(caller.giftCodes.issue({ ...scoped, ...batch, items: [{ sku: "no-such-item", quantity: 1 }] }), "BAD_REQUEST");
    expect(await auditRowsOf(other.studioId, "gift_codes.issue")).toHaveLength(before);
    expect((await caller.giftCodes.list(scoped)).codes).toHaveLength(listed);
  });
});

describe("gift codes: list, disable, export", () => {
  it("pages newest first and searches like a redemption (case and dashes ignored)", async () => {
    const caller = await callerFor(other.staff.support);
    const live = { gameId: other.gameId, env: "live" as const };
    const { codes } = await caller.giftCodes.issue({ ...live, ...batch, count: 3 });
    const first = await caller.giftCodes.list({ ...live, limit: 2 });
    expect(first.codes.map((c) => c.id)).toEqual([codes[2]!.id, codes[1]!.id]);
    expect(first.nextCursor).not.toBeNull();
    const second = await caller.giftCodes.list({ ...live, limit: 2, cursor: first.nextCursor! });
    expect(second).toEqual({ codes: [expect.objectContaining({ id: codes[0]!.id })], nextCursor: null });
    const part = codes[1]!.code.slice(0, 6).toLowerCase();
    const found = await caller.giftCodes.list({ ...live, search: part });
    expect(found.codes.map((c) => c.id)).toContain(codes[1]!.id);
    // The test environment's codes are another list.
    expect((await caller.giftCodes.list({ gameId: other.gameId, env: "test" })).codes.map((c) => c.id)).not.toContain(codes[0]!.id);
  });

  it("disables with before and after in the audit log; another environment's code is not found", async () => {
    const caller = await callerFor(studio.staff.developer);
    const [code] = (await caller.giftCodes.issue({ ...scope(), ...batch, count: 1 })).codes;
    await expectCode(caller.giftCodes.disable({ gameId: studio.gameId, env: "live", codeId: code!.id }), "NOT_FOUND");
    await caller.giftCodes.disable({ ...scope(), codeId: code!.id });
    const entry = await lastAudit(studio.studioId, "gift_code.disable");
    expect(entry).toMatchObject({ targetType: "gift_code", targetId: code!.id, before: { disabled: false, useCount: 0 }, after: { disabled: true } });
    const listed = await caller.giftCodes.list({ ...scope(), search: code!.code });
    expect(listed.codes[0]).toMatchObject({ id: code!.id, disabled: true, useCount: 0, maxUses: 5 });
  });

  it("exports the filtered codes as CSV with a dated file name", async () => {
    const caller = await callerFor(studio.staff.viewer);
    const [code] = (await (await callerFor(studio.staff.support)).giftCodes.issue({ ...scope(), ...batch, count: 1 })).codes;
    const all = await caller.giftCodes.exportCsv({ ...scope() });
    expect(all.filename).toMatch(/^gift-codes-test-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(all.csv.split("\r\n")[0]).toBe(GIFT_CODES_CSV_HEADER.join(","));
    const one = await caller.giftCodes.exportCsv({ ...scope(), search: code!.code });
    expect(one.csv.trim().split("\r\n")).toEqual([GIFT_CODES_CSV_HEADER.join(","), expect.stringMatching(new RegExp(`^${code!.code},5,0,,false,coins:100,potion:2,[^,]+,Launch stream$`))]);
  });

  it("offers only active currencies and items to the form", async () => {
    const catalog = await (await callerFor(studio.staff.viewer)).giftCodes.catalog({ ...scope() });
    expect(catalog.currencies.map((c) => c.code).sort()).toEqual(["coins", "gems"]);
    expect(catalog.items.map((i) => i.sku)).not.toContain("draft-hat");
  });
});
