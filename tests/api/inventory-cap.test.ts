import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDb } from "@/server/db/connection";
import { inventory } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { MAX_OWNED_QUANTITY } from "@/server/inventory/schemas";
import { insertCode } from "@/tests/gift-code-helpers";
import { createTestGame, extRef, get, post, useDatabase, type TestGame } from "../harness";
import { apiError, creditBonus, ensurePlayer, ledgerCount, testScope } from "../domain-helpers";
import { assertLedgerInvariants, helper, inventoryOf, newOrder, orderRow, refund, wallet } from "../order-helpers";

useDatabase();

type Item = { sku: string; quantity: number; updatedAt: string };
const CAP = 1_000_000_000_000_000;
const TRILLION = 1_000_000_000_000;

let game: TestGame;
beforeAll(async () => {
  game = await createTestGame({
    catalog: {
      currencies: [{ code: "coins", name: "Coins", purchasable: true }],
      items: [
        { sku: "potion", name: "Potion", type: "consumable", price: { currency: "coins", amount: 1 } },
        { sku: "shield", name: "Shield", type: "durable", maxOwned: 3 },
        { sku: "relic", name: "Relic", type: "consumable", price: { currency: "coins", amount: 999_999_999_999 } },
      ],
      packs: [{ sku: "crate", name: "Crate", priceCents: 99, items: [{ sku: "potion", quantity: 5 }] }],
    },
  });
});
afterAll(async () => {
  await assertLedgerInvariants(game);
});

const grantItem = (ref: string, body: unknown) => post<{ item: Item }>(`/players/${ref}/inventory/grant`, game.secretKey, body);
const purchase = (ref: string, body: unknown) => post(`/players/${ref}/purchases`, game.secretKey, body);

/** Puts a player near the cap in one write (reaching it by grants of 10^12 takes a thousand requests). */
async function setOwned(playerId: string, sku: string, quantity: number): Promise<void> {
  const db = await getDb();
  const scope = await testScope(game);
  await db
    .insert(inventory)
    .values({ playerId, sku, gameId: scope.gameId, env: scope.env, quantity, updatedAt: clock.now() })
    .onConflictDoUpdate({ target: [inventory.playerId, inventory.sku], set: { quantity: sql`excluded.quantity` } });
}

describe("the owned quantity of an item is capped at 10^15", () => {
  it("is the same constant as the balance cap's value", () => {
    expect(MAX_OWNED_QUANTITY).toBe(CAP);
  });

  it("grants of 10^12 reach the cap exactly; one more unit is 409 LIMIT_REACHED and changes nothing", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await setOwned(playerId, "potion", CAP - 2 * TRILLION - 1);
    const below = await grantItem(ref, { sku: "potion", quantity: TRILLION });
    expect(below.status).toBe(200);
    expect(below.body.item.quantity).toBe(999_999_999_999_999 - TRILLION);
    const last = await grantItem(ref, { sku: "potion", quantity: TRILLION });
    expect(last.body.item.quantity).toBe(999_999_999_999_999);
    expect((await grantItem(ref, { sku: "potion" })).body.item.quantity).toBe(CAP);

    const over = await grantItem(ref, { sku: "potion", quantity: 1 });
    expect(over.status).toBe(409);
    expect(over.body).toEqual(apiError("LIMIT_REACHED", { limit: CAP, owned: CAP, requested: 1 }));
    const far = await grantItem(ref, { sku: "potion", quantity: TRILLION });
    expect(far.body).toEqual(apiError("LIMIT_REACHED", { limit: CAP, owned: CAP, requested: TRILLION }));
    expect(await inventoryOf(game.secretKey, ref)).toEqual({ potion: CAP });
  });

  it("a grant that would pass the cap from below is refused whole, not clamped", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await setOwned(playerId, "potion", CAP - 5);
    const response = await grantItem(ref, { sku: "potion", quantity: 6 });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("LIMIT_REACHED", { limit: CAP, owned: CAP - 5, requested: 6 }));
    expect(await inventoryOf(game.secretKey, ref)).toEqual({ potion: CAP - 5 });
  });

  it("maxOwned still answers with its own details", async () => {
    const ref = extRef();
    expect((await grantItem(ref, { sku: "shield", quantity: 3 })).status).toBe(200);
    const response = await grantItem(ref, { sku: "shield" });
    expect(response.body).toEqual(apiError("LIMIT_REACHED", { maxOwned: 3, owned: 3 }));
  });

  it("a purchase over the cap is 409 LIMIT_REACHED and takes no coins", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await creditBonus(game, playerId, "coins", 10);
    await setOwned(playerId, "potion", CAP - 1);
    const entries = await ledgerCount(playerId);
    const response = await purchase(ref, { sku: "potion", quantity: 2 });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("LIMIT_REACHED", { limit: CAP, owned: CAP - 1, requested: 2 }));
    expect(await wallet(game.secretKey, ref)).toEqual([{ currency: "coins", paid: 0, bonus: 10, total: 10 }]);
    expect(await ledgerCount(playerId)).toBe(entries);
    const fits = await purchase(ref, { sku: "potion", quantity: 1 });
    expect(fits.status).toBe(200);
    expect(await inventoryOf(game.secretKey, ref)).toEqual({ potion: CAP });
  });

  it("a paid pack is still delivered: its items stop at the cap and the order records what was delivered", async () => {
    const ref = extRef("buyer");
    const playerId = await ensurePlayer(game, ref);
    await setOwned(playerId, "potion", CAP - 2);
    const order = await newOrder(game.secretKey, "crate", ref);
    const paid = await helper(game.secretKey, order.id, "pay");
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe("fulfilled");
    expect((await orderRow(order.id)).deliveredItems).toEqual([{ sku: "potion", quantity: 2 }]);
    expect(await inventoryOf(game.secretKey, ref)).toEqual({ potion: CAP });
    // The refund takes back what was delivered, not what the pack lists.
    expect((await refund(game.secretKey, order.id)).status).toBe(200);
    expect(await inventoryOf(game.secretKey, ref)).toEqual({ potion: CAP - 2 });
  });

  it("a pack delivered at the cap adds nothing and is still fulfilled", async () => {
    const ref = extRef("buyer");
    const playerId = await ensurePlayer(game, ref);
    await setOwned(playerId, "potion", CAP);
    const order = await newOrder(game.secretKey, "crate", ref);
    const paid = await helper(game.secretKey, order.id, "pay");
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe("fulfilled");
    expect((await orderRow(order.id)).deliveredItems).toEqual([]);
    expect(await inventoryOf(game.secretKey, ref)).toEqual({ potion: CAP });
  });

  it("a gift code delivers up to the cap and reports the rest as skipped", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await setOwned(playerId, "potion", CAP - 3);
    const code = await insertCode(await testScope(game), { grants: [], items: [{ sku: "potion", quantity: 5 }] });
    const response = await post(`/players/${ref}/codes/redeem`, game.secretKey, { code: code.displayCode });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ grants: [], items: [{ sku: "potion", quantity: 3 }], skipped: [{ sku: "potion", quantity: 2 }] });
    expect(await inventoryOf(game.secretKey, ref)).toEqual({ potion: CAP });
  });

  it("the inventory read returns the capped quantity exactly", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await setOwned(playerId, "potion", CAP - 1);
    const response = await get<{ items: Item[] }>(`/players/${ref}/inventory`, game.secretKey);
    expect(response.body.items.map((i) => i.quantity)).toEqual([999_999_999_999_999]);
  });

  it("a cost past 2^53 is reported exactly, as a decimal string (a JSON number would be rounded)", async () => {
    const ref = extRef();
    const playerId = await ensurePlayer(game, ref);
    await creditBonus(game, playerId, "coins", 7);
    const response = await purchase(ref, { sku: "relic", quantity: 999_999_999_999 });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: "999999999998000000000001", available: 7 }));
  });
});
