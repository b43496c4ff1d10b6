import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { giftCodeBatches, giftCodes } from "@/db/schema";
import { insertCode, newPlayer, redeem } from "@/tests/gift-code-helpers";
import { clock } from "@/server/lib/clock";
import { useDatabase } from "../harness";
import { callerFor, expectCode, fieldErrorsOf, studioFixture, type StudioFixture } from "./studio-staff";

useDatabase();

let studio: StudioFixture;
let other: StudioFixture;
const rules = { count: 2, maxUses: 3, grants: [{ currency: "coins", amount: 100 }], items: [{ sku: "potion", quantity: 2 }] };

beforeAll(async () => {
  studio = await studioFixture();
  other = await studioFixture();
});

const scope = () => ({ gameId: studio.gameId, env: "test" as const });

async function frozen<T>(iso: string, work: () => Promise<T>): Promise<T> {
  clock.freeze(new Date(iso));
  try {
    return await work();
  } finally {
    clock.reset();
  }
}

describe("gift-code batches: label", () => {
  it("is required, 1 to 100 characters once trimmed, and nothing is issued without it", async () => {
    const caller = await callerFor(studio.staff.support);
    const listed = (await caller.giftCodes.list(scope())).codes.length;
    const cases: [unknown, string][] = [
      [undefined, "Required"],
      ["", "Required"],
      ["   ", "Required"],
      ["x".repeat(101), "At most 100 characters"],
    ];
    for (const [label, message] of cases) {
      const input = { ...scope(), ...rules, ...(label === undefined ? {} : { label }) } as Parameters<typeof caller.giftCodes.issue>[0];
      const error = await expectCode(caller.giftCodes.issue(input), "BAD_REQUEST");
      expect(fieldErrorsOf(error), String(label)).toEqual({ label: [message] });
    }
    expect((await caller.giftCodes.list(scope())).codes).toHaveLength(listed);
  });

  it("is stored trimmed with who created the batch, and every code carries the batch", async () => {
    const support = studio.staff.support;
    const { batch, codes } = await frozen("2031-03-04T05:06:07Z", async () =>
      (await callerFor(support)).giftCodes.issue({ ...scope(), ...rules, label: `  ${"y".repeat(100)}  ` }),
    );
    expect(batch).toEqual({ id: expect.any(String), label: "y".repeat(100), codes: 2, uses: 0, createdBy: support.name, createdAt: "2031-03-04T05:06:07.000Z" });
    const db = await getDb();
    expect(await db.select().from(giftCodeBatches).where(eq(giftCodeBatches.id, batch.id))).toEqual([
      { id: batch.id, gameId: studio.gameId, env: "test", label: "y".repeat(100), createdBy: support.id, createdAt: new Date("2031-03-04T05:06:07Z") },
    ]);
    expect(codes.map((c) => c.batchId)).toEqual([batch.id, batch.id]);
  });
});

describe("gift-code batches: list, filter, CSV", () => {
  it("lists the environment's batches newest first with code and use counts; codes without a batch filter as none", async () => {
    const fixture = await studioFixture();
    const game = { gameId: fixture.gameId, env: "test" as const };
    const caller = await callerFor(fixture.staff.support);
    const loose = await insertCode(game);
    const first = await caller.giftCodes.issue({ ...game, ...rules, count: 3, label: "Newsletter" });
    const second = await caller.giftCodes.issue({ ...game, ...rules, count: 1, label: "Stream" });
    await caller.giftCodes.issue({ ...game, env: "live", ...rules, label: "Live only" });
    await redeem(game, await newPlayer(game), first.codes[0]!.code);
    await redeem(game, await newPlayer(game), first.codes[0]!.code);
    await redeem(game, await newPlayer(game), first.codes[2]!.code);

    const batches = await (await callerFor(fixture.staff.viewer)).giftCodes.batches(game);
    expect(batches.map(({ label, codes, uses, createdBy }) => ({ label, codes, uses, createdBy }))).toEqual([
      { label: "Stream", codes: 1, uses: 0, createdBy: "support" },
      { label: "Newsletter", codes: 3, uses: 3, createdBy: "support" },
    ]);
    const ids = (page: { codes: { id: string }[] }) => page.codes.map((c) => c.id);
    expect(ids(await caller.giftCodes.list({ ...game, batchId: first.batch.id }))).toEqual(first.codes.map((c) => c.id).reverse());
    expect(ids(await caller.giftCodes.list({ ...game, batchId: second.batch.id }))).toEqual([second.codes[0]!.id]);
    expect(ids(await caller.giftCodes.list({ ...game, batchId: "none" }))).toEqual([loose.id]);
    // Another game's batch id finds nothing here, and a malformed one is a field error, not a 500.
    const foreign = await (await callerFor(other.staff.support)).giftCodes.issue({ gameId: other.gameId, env: "test", ...rules, label: "Theirs" });
    expect(ids(await caller.giftCodes.list({ ...game, batchId: foreign.batch.id }))).toEqual([]);
    const bad = await expectCode(caller.giftCodes.list({ ...game, batchId: "'; drop table" }), "BAD_REQUEST");
    expect(fieldErrorsOf(bad)).toEqual({ batchId: ["Not a batch of this game"] });
  });

  it("exports one batch as CSV: the gift-code columns plus the label, formula-safe, named after the label", async () => {
    const caller = await callerFor(studio.staff.support);
    const mine = await frozen("2031-05-01T10:00:00Z", () => caller.giftCodes.issue({ ...scope(), ...rules, label: "=Summer, '26", expiresAt: "2031-06-01T00:00:00Z" }));
    await caller.giftCodes.issue({ ...scope(), ...rules, label: "Another batch" });
    const [older, newer] = mine.codes;
    const file = await (await callerFor(studio.staff.viewer)).giftCodes.exportBatchCsv({ ...scope(), batchId: mine.batch.id });
    expect(file).toEqual({
      filename: "gift-codes-test-summer-26.csv",
      csv:
        "code,max_uses,uses,expires_at,disabled,grants,items,created_at,batch_label\r\n" +
        `${newer!.code},3,0,2031-06-01T00:00:00.000Z,false,coins:100,potion:2,2031-05-01T10:00:00.000Z,"'=Summer, '26"\r\n` +
        `${older!.code},3,0,2031-06-01T00:00:00.000Z,false,coins:100,potion:2,2031-05-01T10:00:00.000Z,"'=Summer, '26"\r\n`,
    });
    await expectCode(caller.giftCodes.exportBatchCsv({ gameId: studio.gameId, env: "live", batchId: mine.batch.id }), "NOT_FOUND");
    await expectCode((await callerFor(other.staff.owner)).giftCodes.exportBatchCsv({ gameId: other.gameId, env: "test", batchId: mine.batch.id }), "NOT_FOUND");
  });
});

describe("gift codes: disable", () => {
  it("refuses a used-up code with 409 and a clear message, and changes nothing", async () => {
    const code = await insertCode(scope(), { maxUses: 1 });
    await redeem(scope(), await newPlayer(scope()), code.displayCode);
    const error = await expectCode((await callerFor(studio.staff.support)).giftCodes.disable({ ...scope(), codeId: code.id }), "CONFLICT");
    expect(error.message).toBe("This code is used up: every use has been redeemed, so there is nothing left to disable.");
    const db = await getDb();
    expect((await db.select({ disabled: giftCodes.disabled }).from(giftCodes).where(eq(giftCodes.id, code.id)))[0]).toEqual({ disabled: false });
  });

  it("refuses an expired code with 409", async () => {
    const code = await insertCode(scope(), { expiresAt: new Date("2020-01-01T00:00:00Z") });
    const error = await expectCode((await callerFor(studio.staff.support)).giftCodes.disable({ ...scope(), codeId: code.id }), "CONFLICT");
    expect(error.message).toBe("This code has expired: players can no longer redeem it, so there is nothing left to disable.");
  });

  it("still disables a code with uses left, and answers the same for an already disabled code", async () => {
    const code = await insertCode(scope(), { maxUses: 2 });
    await redeem(scope(), await newPlayer(scope()), code.displayCode);
    const caller = await callerFor(studio.staff.support);
    expect(await caller.giftCodes.disable({ ...scope(), codeId: code.id })).toMatchObject({ id: code.id, disabled: true, useCount: 1 });
    expect(await caller.giftCodes.disable({ ...scope(), codeId: code.id })).toMatchObject({ id: code.id, disabled: true, useCount: 1 });
  });
});
