import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderView } from "@/server/orders/order-view";
import { createTestGame, extRef, post, useDatabase, type ApiResponse, type TestGame } from "../harness";
import { apiError } from "../domain-helpers";
import { assertLedgerInvariants, balanceOf, checkout, helper, inventoryOf, orderRow } from "../order-helpers";

useDatabase();

const ROUNDS = 40;
/** Rounds run this many at a time, so the two writers of a round also compete with other rounds for the CPU. */
const AT_ONCE = 4;

let game: TestGame;
beforeAll(async () => {
  game = await createTestGame({
    catalog: {
      currencies: [{ code: "coins", name: "Coins", purchasable: true }],
      items: [{ sku: "sword", name: "Sword", type: "durable", maxOwned: 1 }],
      packs: [{ sku: "kit", name: "Kit", priceCents: 499, grants: [{ currency: "coins", amount: 100 }], items: [{ sku: "sword", quantity: 1 }] }],
    },
  });
});
afterAll(async () => {
  await assertLedgerInvariants(game);
});

type Round = { ref: string; orderId: string; paid: ApiResponse<OrderView>; granted: ApiResponse };

/** A fresh buyer with a pending order, then the payment and a grant of the same capped item at once. */
async function race(): Promise<Round> {
  const ref = extRef("racer");
  const created = await checkout(game.secretKey, ref, { packSku: "kit" });
  if (created.status !== 201) throw new Error(`checkout: ${created.status} ${JSON.stringify(created.body)}`);
  const orderId = created.body.order.id;
  const [paid, granted] = await Promise.all([
    helper(game.secretKey, orderId, "pay"),
    post(`/players/${ref}/inventory/grant`, game.secretKey, { sku: "sword", quantity: 1 }),
  ]);
  return { ref, orderId, paid, granted };
}

describe("a pack delivery racing a grant of the same capped item", () => {
  it(`${ROUNDS} rounds: the order is always fulfilled, exactly one sword is owned, and it is either the order's or the grant's`, async () => {
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i += AT_ONCE) {
      rounds.push(...(await Promise.all(Array.from({ length: AT_ONCE }, () => race()))));
    }
    for (const { ref, orderId, paid, granted } of rounds) {
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.status).toBe("fulfilled");
      expect(await inventoryOf(game.secretKey, ref)).toEqual({ sword: 1 });
      expect(await balanceOf(game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 100, bonus: 0, total: 100 });
      const delivered = (await orderRow(orderId)).deliveredItems;
      if (granted.status === 200) {
        // The grant's first insert won: the order delivered its coins and recorded no sword.
        expect(delivered).toEqual([]);
      } else {
        expect(granted.status).toBe(409);
        expect(granted.body).toEqual(apiError("LIMIT_REACHED", { maxOwned: 1, owned: 1 }));
        expect(delivered).toEqual([{ sku: "sword", quantity: 1 }]);
      }
    }
  });
});
