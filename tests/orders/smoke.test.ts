import { describe, expect, it } from "vitest";
import { call, createTestGame, extRef, get, post, useDatabase } from "../harness";

useDatabase();

describe("sales smoke", () => {
  it("checks out, pays, refunds", async () => {
    const game = await createTestGame({
      catalog: {
        currencies: [{ code: "coins", name: "Coins", purchasable: true }],
        items: [{ sku: "potion", name: "Potion", type: "consumable", price: { currency: "coins", amount: 10 } }],
        packs: [
          { sku: "p500", name: "500", priceCents: 499, grants: [{ currency: "coins", amount: 500, bonus: 50 }], items: [{ sku: "potion", quantity: 2 }], availability: { startsAt: null, endsAt: null, stock: 10, founder: false } },
        ],
      },
    });
    const player = extRef();
    const checkout = await post<{ order: { id: string; status: string; vatCents: number; country: string }; checkoutUrl: string }>(
      `/players/${player}/checkouts`,
      game.secretKey,
      { packSku: "p500", country: "FR" },
    );
    expect(checkout.status).toBe(201);
    expect(checkout.body.order).toMatchObject({ status: "pending", country: "FR", vatCents: 83 });
    const id = checkout.body.order.id;
    const paid = await call("POST", `/test-helpers/orders/${id}/pay`, { key: game.secretKey, body: { country: "NL" } });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: "fulfilled", country: "NL", vatRateBp: 2100 });
    const wallet = await get(`/players/${player}/wallet`, game.secretKey);
    expect(wallet.body).toMatchObject({ balances: [{ currency: "coins", paid: 500, bonus: 50 }] });
    await post(`/players/${player}/wallet/spend`, game.secretKey, { currency: "coins", amount: 520 });
    const refund = await call("POST", `/orders/${id}/refund`, { key: game.secretKey, body: { reason: "test" } });
    expect(refund.status).toBe(200);
    const after = await get(`/players/${player}/wallet`, game.secretKey);
    expect(after.body).toMatchObject({ balances: [{ currency: "coins", paid: -520, bonus: 0, total: -520 }] });
    const again = await call("POST", `/orders/${id}/refund`, { key: game.secretKey });
    expect(again.status).toBe(409);
    const catalog = await get<{ packs: { availability: { remaining: number } }[] }>(`/catalog`, game.secretKey);
    expect(catalog.body.packs[0]?.availability.remaining).toBe(9);
  });
});
