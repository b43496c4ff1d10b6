import { describe, expect, it } from "vitest";
import { GamecoinError, GamecoinServer } from "@/sdk/src/index";
import { newId } from "@/server/lib/ids";
import { createTestGame, useDatabase } from "../harness";
import { PACK_CATALOG, recordingFetch, sdkBaseUrl } from "./app-server";

useDatabase();

async function serverFor(secretKey: string, fetchImpl?: typeof fetch): Promise<GamecoinServer> {
  return new GamecoinServer({ secretKey, baseUrl: await sdkBaseUrl(), ...(fetchImpl ? { fetch: fetchImpl } : {}) });
}

/** The test helper route the hosted payment page would hit: the order is paid and fulfilled. */
async function payInTestMode(secretKey: string, orderId: string): Promise<Response> {
  return fetch(`${await sdkBaseUrl()}/test-helpers/orders/${orderId}/pay`, { method: "POST", headers: { authorization: `Bearer ${secretKey}` } });
}

describe("GamecoinServer: a full backend scenario with ext: players", () => {
  it("upserts, grants, spends, buys, checks out, pays, reads and refunds, the ext: id passed as plain text", async () => {
    const game = await createTestGame({ catalog: PACK_CATALOG });
    const { fetch: recorded, attempts } = recordingFetch();
    const server = await serverFor(game.secretKey, recorded);
    // Space, slash, colon and a non-ASCII letter: the SDK URL-encodes the id exactly once.
    const ownId = `player 42/é:${newId()}`;
    const player = `ext:${ownId}`;

    const upserted = await server.upsertPlayer(player, { displayName: "Ada", country: "FR" });
    expect(upserted).toMatchObject({ externalId: ownId, kind: "external", displayName: "Ada", country: "FR", blocked: false });
    expect(attempts[0]?.url).toBe(`${await sdkBaseUrl()}/players/ext:${encodeURIComponent(ownId)}`);
    expect(attempts[0]?.method).toBe("PUT");
    expect(await server.getPlayer(player)).toEqual(upserted);
    expect(await server.getPlayer(upserted.id)).toEqual(upserted);

    const granted = await server.grantCurrency(player, { currency: "coins", amount: 100, reason: "welcome" });
    expect(granted.balance).toEqual({ currency: "coins", paid: 0, bonus: 100, total: 100 });
    expect(granted.entry).toMatchObject({ type: "grant", paidDelta: 0, bonusDelta: 100, reason: "welcome" });
    const grantAttempt = attempts.at(-1);
    expect(grantAttempt?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);

    const spent = await server.spendCurrency(player, { currency: "coins", amount: 30 });
    expect(spent.balance).toEqual({ currency: "coins", paid: 0, bonus: 70, total: 70 });

    const bought = await server.createPurchase(player, { sku: "potion", quantity: 2 });
    expect(bought.balance.total).toBe(50);
    expect(bought.item).toMatchObject({ sku: "potion", quantity: 2 });
    expect(await server.grantItem(player, { sku: "sword" })).toMatchObject({ item: { sku: "sword", quantity: 1 } });
    expect(await server.consumeItem(player, { sku: "potion" })).toMatchObject({ item: { sku: "potion", quantity: 1 } });
    const inventory = await server.listInventory(player);
    expect(inventory.items.map((i) => [i.sku, i.quantity]).sort()).toEqual([["potion", 1], ["sword", 1]]);

    const token = await server.createPlayerToken(player);
    expect(token.token.startsWith("svc_pt_")).toBe(true);

    const checkout = await server.createCheckout(player, { packSku: "p500" });
    expect(checkout.order).toMatchObject({ status: "pending", playerId: upserted.id, country: "FR", amountCents: 499 });
    expect(checkout.checkoutUrl).toMatch(/^https?:\/\/.+\/pay\//);
    const paid = await payInTestMode(game.secretKey, checkout.order.id);
    expect(paid.status).toBe(200);
    const order = await server.getOrder(checkout.order.id);
    expect(order).toMatchObject({ id: checkout.order.id, status: "fulfilled" });
    expect(order.fulfilledAt).not.toBeNull();

    const wallet = await server.getWallet(player);
    expect(wallet.balances).toEqual([{ currency: "coins", paid: 500, bonus: 100, total: 600 }]);
    const ledger = await server.listLedger(player, { currency: "coins", limit: 2 });
    expect(ledger.entries.map((e) => e.type)).toEqual(["purchase_credit", "spend"]);
    expect(ledger.nextCursor).not.toBeNull();
    const next = await server.listLedger(player, { currency: "coins", limit: 2, cursor: ledger.nextCursor ?? undefined });
    expect(next.entries.map((e) => e.type)).toEqual(["spend", "grant"]);

    const refunded = await server.refundOrder(checkout.order.id, { reason: "support ticket" });
    expect(refunded).toMatchObject({ id: checkout.order.id, status: "refunded" });
    expect(refunded.refundedAt).not.toBeNull();
    // The refund takes back what the pack gave, its bonus included.
    expect((await server.getWallet(player)).balances).toEqual([{ currency: "coins", paid: 0, bonus: 50, total: 50 }]);

    const catalog = await server.getCatalog();
    expect(catalog.packs.map((p) => p.sku)).toEqual(["p500"]);
  });

  it("a caller-supplied Idempotency-Key replays the first answer instead of granting twice", async () => {
    const game = await createTestGame({ catalog: PACK_CATALOG });
    const server = await serverFor(game.secretKey);
    const player = `ext:${newId()}`;
    const key = `grant-${newId()}`;
    const first = await server.grantCurrency(player, { currency: "coins", amount: 5 }, { idempotencyKey: key });
    const again = await server.grantCurrency(player, { currency: "coins", amount: 5 }, { idempotencyKey: key });
    expect(again).toEqual(first);
    expect((await server.getWallet(player)).balances[0]?.total).toBe(5);
  });
});

describe("GamecoinServer: errors", () => {
  it("a 409 rejects with GamecoinError: status, code and details", async () => {
    const game = await createTestGame({ catalog: PACK_CATALOG });
    const server = await serverFor(game.secretKey);
    const error = await server.spendCurrency(`ext:${newId()}`, { currency: "coins", amount: 7 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GamecoinError);
    expect(error).toMatchObject({ status: 409, code: "INSUFFICIENT_FUNDS", details: { required: 7, available: 0 }, fieldErrors: {} });
  });

  it("a 400 carries fieldErrors, and is not retried", async () => {
    const game = await createTestGame({ catalog: PACK_CATALOG });
    const { fetch: recorded, attempts } = recordingFetch();
    const server = await serverFor(game.secretKey, recorded);
    const error = await server.grantCurrency(`ext:${newId()}`, { currency: "coins", amount: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GamecoinError);
    const gamecoinError = error as GamecoinError;
    expect(gamecoinError.status).toBe(400);
    expect(gamecoinError.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(gamecoinError.fieldErrors)).toEqual(["amount"]);
    expect(gamecoinError.fieldErrors.amount?.length).toBeGreaterThan(0);
    expect(attempts).toHaveLength(1);
  });

  it("a 404 on a read of an unknown ext: player, and a wrong key is 401", async () => {
    const game = await createTestGame();
    const server = await serverFor(game.secretKey);
    await expect(server.getWallet(`ext:${newId()}`)).rejects.toMatchObject({ status: 404, code: "NOT_FOUND" });
    const stranger = await serverFor("svc_sk_test_unknown");
    await expect(stranger.getCatalog()).rejects.toMatchObject({ status: 401, code: "UNAUTHENTICATED" });
  });
});

/** Compile-time checks (`npm run typecheck` covers tests): bodies and answers are typed from the OpenAPI document. */
export function _typedFromTheDocument(server: GamecoinServer): void {
  // @ts-expect-error amount is a number
  void server.grantCurrency("ext:a", { currency: "coins", amount: "1" });
  // @ts-expect-error a grant has no paid field (SPEC: refused as unknown)
  void server.grantCurrency("ext:a", { currency: "coins", amount: 1, paid: 1 });
  // @ts-expect-error getOrder takes the order id
  void server.getOrder();
  const _status: Promise<"pending" | "paid" | "fulfilled" | "refunded" | "chargeback" | "failed" | "canceled" | "expired"> = server
    .getOrder("0123456789abcdef01234567")
    .then((order) => order.status);
}
