import { beforeAll, describe, expect, it } from "vitest";
import { createTestGame, extRef, get, post, useDatabase, type TestGame } from "../harness";
import { apiError, creditBonus, ensurePlayer, validationFailed } from "../domain-helpers";

useDatabase();

type Entry = {
  id: string;
  type: string;
  currency: string;
  paidDelta: number;
  bonusDelta: number;
  balanceAfter: { paid: number; bonus: number; total: number };
  reason: string | null;
  metadata: Record<string, string>;
  ref: Record<string, string>;
  createdAt: string;
};
type Page = { entries: Entry[]; nextCursor: string | null };

let game: TestGame;
/** 25 entries: coins grants of 1..15 alternate with gems grants of 1..10 where i is even, then one purchase. */
let ref: string;
let allNewestFirst: Entry[];

beforeAll(async () => {
  game = await createTestGame();
  ref = extRef("ledger");
  let gems = 0;
  for (let i = 1; i <= 24; i += 1) {
    const currency = i % 2 === 0 && gems < 10 ? "gems" : "coins";
    if (currency === "gems") gems += 1;
    const response = await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency, amount: i, reason: `grant ${i}`, metadata: { n: String(i) } });
    expect(response.status).toBe(200);
  }
  expect((await post(`/players/${ref}/purchases`, game.secretKey, { sku: "potion", quantity: 2 })).status).toBe(200);
  const full = await get<Page>(`/players/${ref}/ledger?limit=100`, game.secretKey);
  allNewestFirst = full.body.entries;
});

const page = (query: string, player = ref) => get<Page>(`/players/${player}/ledger${query}`, game.secretKey);

describe("listLedger", () => {
  it("holds every entry of the player, newest first, ids and createdAt descending", async () => {
    expect(allNewestFirst).toHaveLength(25);
    const ids = allNewestFirst.map((e) => e.id);
    expect(ids).toEqual([...ids].sort().reverse());
    const times = allNewestFirst.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(allNewestFirst[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      type: "spend",
      currency: "coins",
      paidDelta: 0,
      bonusDelta: -20,
      balanceAfter: { paid: 0, bonus: expect.any(Number), total: expect.any(Number) },
      reason: null,
      metadata: {},
      ref: { itemSku: "potion" },
      createdAt: expect.any(String),
    });
    expect(allNewestFirst[1]).toMatchObject({ type: "grant", currency: "coins", bonusDelta: 24, reason: "grant 24", metadata: { n: "24" }, ref: {} });
    expect(allNewestFirst[24]).toMatchObject({ type: "grant", currency: "coins", bonusDelta: 1, balanceAfter: { paid: 0, bonus: 1, total: 1 } });
  });

  it("returns 20 entries by default, with a cursor to the rest", async () => {
    const first = await page("");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.body.entries).toEqual(allNewestFirst.slice(0, 20));
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await page(`?cursor=${encodeURIComponent(first.body.nextCursor ?? "")}`);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ entries: allNewestFirst.slice(20), nextCursor: null });
  });

  it("a cursor walk visits every entry once, in order, and ends with nextCursor null", async () => {
    const seen: Entry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor === null ? "?limit=7" : `?limit=7&cursor=${encodeURIComponent(cursor)}`;
      const response = await page(query);
      expect(response.status).toBe(200);
      expect(response.body.entries.length).toBeLessThanOrEqual(7);
      seen.push(...response.body.entries);
      cursor = response.body.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(4);
    expect(seen.map((e) => e.id)).toEqual(allNewestFirst.map((e) => e.id));
    expect(new Set(seen.map((e) => e.id)).size).toBe(25);
  });

  it("a last page that is exactly full has nextCursor null", async () => {
    const exact = await page("?limit=25");
    expect(exact.body.entries).toHaveLength(25);
    expect(exact.body.nextCursor).toBeNull();
    const fiveByFive = await page("?limit=5");
    let cursor = fiveByFive.body.nextCursor;
    for (let i = 0; i < 3; i += 1) cursor = (await page(`?limit=5&cursor=${cursor}`)).body.nextCursor;
    const last = await page(`?limit=5&cursor=${cursor}`);
    expect(last.body.entries).toEqual(allNewestFirst.slice(20, 25));
    expect(last.body.nextCursor).toBeNull();
  });

  it("limit accepts 1 to 100", async () => {
    const one = await page("?limit=1");
    expect(one.body.entries).toEqual(allNewestFirst.slice(0, 1));
    expect(one.body.nextCursor).toEqual(expect.any(String));
    const hundred = await page("?limit=100");
    expect(hundred.body).toEqual({ entries: allNewestFirst, nextCursor: null });
  });

  it.each(["0", "101", "abc", "1.5", "-1", ""])("limit=%s is 400 VALIDATION_FAILED on limit", async (limit) => {
    const response = await page(`?limit=${limit}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ limit: [expect.any(String)] }));
  });

  it.each([
    ["garbage", "not-a-cursor"],
    ["a plain id", "0123456789abcdef01234567"],
    ["base64 of something else", Buffer.from("v2:0123456789abcdef01234567").toString("base64url")],
    ["too long", "a".repeat(201)],
  ])("a bad cursor (%s) is 400 VALIDATION_FAILED on cursor", async (_label, cursor) => {
    const response = await page(`?cursor=${encodeURIComponent(cursor)}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ cursor: expect.arrayContaining([expect.any(String)]) }));
  });

  it("filters by currency, with paging inside the filter", async () => {
    const gemsAll = allNewestFirst.filter((e) => e.currency === "gems");
    expect(gemsAll).toHaveLength(10);
    const first = await page("?currency=gems&limit=6");
    expect(first.status).toBe(200);
    expect(first.body.entries).toEqual(gemsAll.slice(0, 6));
    const second = await page(`?currency=gems&limit=6&cursor=${first.body.nextCursor}`);
    expect(second.body).toEqual({ entries: gemsAll.slice(6), nextCursor: null });
    const coins = await page("?currency=coins&limit=100");
    expect(coins.body.entries).toEqual(allNewestFirst.filter((e) => e.currency === "coins"));
  });

  it("a well-formed currency without entries gives an empty page; a malformed one is 400", async () => {
    expect((await page("?currency=stars")).body).toEqual({ entries: [], nextCursor: null });
    const malformed = await page("?currency=GEMS");
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual(validationFailed({ currency: [expect.any(String)] }));
  });

  it("an unknown query parameter is 400", async () => {
    const response = await page("?type=grant");
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ type: [expect.any(String)] }));
  });

  it("shows only this player's entries, only in this environment", async () => {
    const other = extRef();
    await post(`/players/${other}/wallet/grant`, game.secretKey, { currency: "coins", amount: 1 });
    await post(`/players/${ref}/wallet/grant`, game.liveSecretKey, { currency: "coins", amount: 1 });
    expect((await page("?limit=100")).body.entries).toEqual(allNewestFirst);
    const otherPage = await page("", other);
    expect(otherPage.body.entries).toHaveLength(1);
    const live = await get<Page>(`/players/${ref}/ledger`, game.liveSecretKey);
    expect(live.body.entries).toHaveLength(1);
    expect(live.body.entries[0]?.id).not.toBe(allNewestFirst[0]?.id);
  });

  it("a player with no entries has an empty ledger; an unknown player is 404", async () => {
    const fresh = extRef();
    await post(`/players/${fresh}/tokens`, game.secretKey);
    expect((await page("", fresh)).body).toEqual({ entries: [], nextCursor: null });
    const unknown = await page("", extRef());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(apiError("NOT_FOUND"));
  });
});

describe("ledger ids", () => {
  it("follow the order of the moves, and end in a sequence number rather than random digits", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    const made: string[] = [];
    for (let i = 0; i < 60; i += 1) made.push((await creditBonus(game, playerId, "coins", 1)).entry.id);
    expect([...made].sort()).toEqual(made);
    // Within one clock tick (PGlite's clock has milliseconds only) the sequence keeps the order.
    const sequence = made.map((id) => parseInt(id.slice(16), 16));
    expect(sequence.every((n, i) => i === 0 || n > (sequence[i - 1] ?? 0))).toBe(true);
  });
});
