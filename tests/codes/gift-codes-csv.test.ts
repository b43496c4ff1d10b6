import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import { createTestGame, useDatabase } from "@/tests/harness";
import { testScope } from "@/tests/domain-helpers";
import { csvField, csvLine } from "@/server/lib/csv";
import { giftCodesCsv } from "@/server/codes/gift-codes-csv";
import { insertCode } from "@/tests/gift-code-helpers";
import { issueGiftCodes } from "@/server/codes/issue-gift-codes";

useDatabase();

let scope: GameScope;

beforeAll(async () => {
  scope = await testScope(await createTestGame());
});

describe("csvField", () => {
  it("quotes only when needed and doubles quotes", () => {
    expect(csvField("ABCD-EFGH")).toBe("ABCD-EFGH");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rhere")).toBe('"cr\rhere"');
    expect(csvField("")).toBe("");
  });

  it("defuses spreadsheet formulas", () => {
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("-ABCD")).toBe("'-ABCD");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
  });

  it("ends each record with CRLF", () => {
    expect(csvLine(["a", "b,c", ""])).toBe('a,"b,c",\r\n');
  });
});

describe("giftCodesCsv", () => {
  it("exports the scope's codes newest first with a header", async () => {
    const db = await getDb();
    clock.freeze(new Date("2031-05-01T10:00:00Z"));
    try {
      const plain = await insertCode(scope, {
        code: "PLAIN-CODE",
        maxUses: 5,
        expiresAt: new Date("2031-06-01T00:00:00Z"),
        grants: [
          { currency: "coins", amount: 100 },
          { currency: "gems", amount: 5 },
        ],
        items: [{ sku: "potion", quantity: 2 }],
      });
      // A display code with every character CSV must escape (only possible by writing the row directly).
      await insertCode(scope, { code: 'ODD,"CODE"\nX', disabled: true, grants: [], items: [{ sku: "sku,with,commas", quantity: 1 }] });
      await insertCode(scope, { code: "LIVE-ONLY", env: "live" });
      const csv = await giftCodesCsv(db, scope);
      expect(csv).toBe(
        "code,max_uses,uses,expires_at,disabled,grants,items,created_at,batch_label\r\n" +
          '"ODD,""CODE""\nX",100,0,,true,,"sku,with,commas:1",2031-05-01T10:00:00.000Z,\r\n' +
          "PLAIN-CODE,5,0,2031-06-01T00:00:00.000Z,false,coins:100;gems:5,potion:2,2031-05-01T10:00:00.000Z,\r\n",
      );
      expect(await giftCodesCsv(db, scope, { search: "plain code" })).toBe(
        "code,max_uses,uses,expires_at,disabled,grants,items,created_at,batch_label\r\n" +
          "PLAIN-CODE,5,0,2031-06-01T00:00:00.000Z,false,coins:100;gems:5,potion:2,2031-05-01T10:00:00.000Z,\r\n",
      );
      expect(plain.useCount).toBe(0);
    } finally {
      clock.reset();
    }
  });

  it("pages through more than one batch", async () => {
    const other = await testScope(await createTestGame());
    const db = await getDb();
    await db.transaction((tx) => issueGiftCodes(tx, other, { count: 1000, maxUses: 1, expiresAt: null, grants: [{ currency: "coins", amount: 1 }], items: [] }));
    await db.transaction((tx) => issueGiftCodes(tx, other, { count: 5, maxUses: 1, expiresAt: null, grants: [{ currency: "coins", amount: 1 }], items: [] }));
    const lines = (await giftCodesCsv(db, other)).split("\r\n");
    expect(lines).toHaveLength(1 + 1005 + 1);
    expect(new Set(lines.slice(1, -1).map((l) => l.split(",")[0])).size).toBe(1005);
  });
});
