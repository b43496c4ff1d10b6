import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { credit, debit } from "@/server/wallet/ledger-moves";
import { listLedger } from "@/server/wallet/list-ledger";
import { ensurePlayer, testScope } from "../domain-helpers";
import { createTestGame, extRef, get, idem, post, useDatabase, type TestGame } from "../harness";

// A money move's answer (the Movement) has one builder: money_move_answer, in the money function, for
// the API's moves and the domain's alike. Its entry is ledger_entry_json's, which the ledger list also
// calls on the stored row, with the stored metadata's keys ordered in SQL. These tests pin the two to the
// same bytes, every field of the entry included.
useDatabase();

let game: TestGame;
beforeAll(async () => {
  game = await createTestGame();
});

// Out of order, of different lengths; array-index keys (JavaScript objects send those first, by value;
// "4294967295" is past the last index, so an ordinary key).
const metadata = { zeta: "1", alpha: "22", "10": "ten", b: "4", "9": "nine", "4294967295": "big" };
// The API takes ASCII keys only; a domain move's may hold any: a private-use character (U+E000) and one
// past U+FFFF, whose UTF-16 order and code-point order differ.
const domainMetadata = { ...metadata, "\u{e000}": "pua", "\u{1f600}": "smile" };

/** The entry's text inside a Movement's text: between `{"entry":` and `,"balance":`. */
function entryText(movementText: string): string {
  return movementText.slice('{"entry":'.length, movementText.indexOf(',"balance":{'));
}

describe("the Movement answer", () => {
  it("of an API spend: its entry is, byte for byte, the entry the ledger list sends", async () => {
    const ref = extRef();
    await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 9 }, idem());
    const spent = await post(`/players/${ref}/wallet/spend`, game.secretKey, { currency: "coins", amount: 4, reason: "hat \"x\"", metadata }, idem());
    expect(spent.status).toBe(200);
    const listed = await get(`/players/${ref}/ledger?limit=1`, game.secretKey);
    expect(listed.text).toBe(`{"entries":[${entryText(spent.text)}],"nextCursor":${JSON.stringify(listed.body.nextCursor)}}`);
  });

  it("of a purchase: the entry names its item in ref, as listed", async () => {
    const ref = extRef();
    await post(`/players/${ref}/wallet/grant`, game.secretKey, { currency: "coins", amount: 20 }, idem());
    const bought = await post(`/players/${ref}/purchases`, game.secretKey, { sku: "potion", quantity: 1 }, idem());
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({ entry: { ref: { itemSku: "potion" } } });
    const listed = await get(`/players/${ref}/ledger?limit=1`, game.secretKey);
    expect(listed.text).toContain(`"entries":[${entryText(bought.text)}]`);
  });

  it("of a domain move inside a transaction (an order's delivery): the order and the item in ref, as listed", async () => {
    const scope = await testScope(game);
    const playerId = await ensurePlayer(game, extRef());
    const db = await getDb();
    const details = { type: "purchase_credit" as const, reason: "pack", metadata: domainMetadata, orderId: "order-pin-1", itemSku: "potion" };
    const moved = await db.transaction((tx) => credit(tx, scope, { playerId, currency: "coins", paid: 3, bonus: 2, details }));
    expect(moved.entry.ref).toEqual({ orderId: "order-pin-1", itemSku: "potion" });
    const spent = await debit(db, scope, { playerId, currency: "coins", amount: 1, spendOrder: "bonus_first", details: { type: "adjustment", orderId: "order-pin-1" } });
    expect(spent.entry.ref).toEqual({ orderId: "order-pin-1" });
    const page = await listLedger(db, scope, { playerId, query: { limit: 10 } });
    expect(`[${page.entries.join(",")}]`).toBe(JSON.stringify([spent.entry, moved.entry]));
    expect(moved.balance).toEqual({ currency: "coins", paid: 3, bonus: 2, total: 5 });
  });
});
