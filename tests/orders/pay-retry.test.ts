import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creatorCodes, orders, packs } from "@/db/schema";
import { getDb } from "@/server/db/connection";
import { AppError } from "@/server/lib/errors";
import { findOrderByCheckoutToken } from "@/server/orders/find-order";
import { retryRefusalOf, retryRefusals, payMessages } from "@/server/payments/pay-messages";
import { retryCheckout } from "@/server/payments/retry-checkout";
import { extRef, useDatabase } from "../harness";
import { gameIdOf } from "../domain-helpers";
import { assertLedgerInvariants, createSalesGame, helper, insertCreatorCodes, orderRow, ordersOfPlayer } from "../order-helpers";
import { pendingOrder, PUBLIC_URL, submit, type TestGame } from "../payments/checkout-helpers";

useDatabase();

let game: TestGame;
let gameId: string;
beforeAll(async () => {
  game = await createSalesGame();
  gameId = await gameIdOf(game);
});
afterAll(async () => {
  await assertLedgerInvariants(game);
});

async function setPack(sku: string, set: Partial<typeof packs.$inferInsert>): Promise<void> {
  await (await getDb()).update(packs).set(set).where(and(eq(packs.gameId, gameId), eq(packs.env, "test"), eq(packs.sku, sku)));
}

/** The token of the page a Location header points at. */
function tokenIn(location: string | null): string {
  const match = /\/pay\/([A-Za-z0-9_-]+)$/.exec(location ?? "");
  if (!match?.[1]) throw new Error(`not a payment page: ${location}`);
  return match[1];
}

/** A checkout through the API, then the hosted page's decline (or cancel) button. */
async function finalOrder(outcome: "decline" | "cancel", body: Record<string, unknown> = {}, ref = extRef("retry")) {
  const order = await pendingOrder(game.secretKey, ref, { successUrl: "https://game.example/ok", cancelUrl: "https://game.example/ko", locale: "nl", ...body });
  const response = await submit(order.token, outcome, {});
  expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}/done`);
  return order;
}

describe("Try again after a decline or a cancel", () => {
  it.each(["decline", "cancel"] as const)("after %s: a new pending order for the same player, pack, country, language and return URLs; its page pays", async (outcome) => {
    const old = await finalOrder(outcome, { country: "DE" });
    const oldRow = await orderRow(old.orderId);
    expect(oldRow.status).toBe(outcome === "decline" ? "failed" : "canceled");

    const response = await submit(old.token, "retry", {});
    expect(response.status).toBe(303);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const token = tokenIn(response.headers.get("location"));
    expect(token).not.toBe(old.token);
    const fresh = await findOrderByCheckoutToken(await getDb(), token);
    expect(fresh).not.toBeNull();
    expect(fresh).toMatchObject({
      status: "pending",
      playerId: oldRow.playerId,
      packSku: "p500",
      amountCents: 499,
      country: "DE",
      vatRateBp: 1900,
      locale: "nl",
      successUrl: "https://game.example/ok",
      cancelUrl: "https://game.example/ko",
    });
    // The old order stays as it ended.
    expect((await orderRow(old.orderId)).status).toBe(oldRow.status);

    const paid = await submit(token, "pay", { consent: "yes", country: "AT" });
    expect(paid.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${token}/done`);
    expect(await orderRow(fresh?.id ?? "")).toMatchObject({ status: "fulfilled", country: "AT", vatRateBp: 2000 });
  });

  it("pressed twice (a double click, a second tab): one new order, both presses lead to its page", async () => {
    const old = await finalOrder("decline");
    const { playerId } = await orderRow(old.orderId);
    const [first, second] = await Promise.all([submit(old.token, "retry", {}), submit(old.token, "retry", {})]);
    const third = await submit(old.token, "retry", {});
    const locations = [first, second, third].map((r) => r.headers.get("location"));
    expect(new Set(locations).size).toBe(1);
    expect(locations[0]).toMatch(new RegExp(`^${PUBLIC_URL}/pay/[A-Za-z0-9_-]+$`));
    expect((await ordersOfPlayer(playerId)).map((o) => o.status).sort()).toEqual(["failed", "pending"]);
  });

  it("a pending order that can still be paid: back to its own page, no new order", async () => {
    const order = await pendingOrder(game.secretKey, extRef("retry-pending"));
    const { playerId } = await orderRow(order.orderId);
    const response = await submit(order.token, "retry", {});
    expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}`);
    expect(await ordersOfPlayer(playerId)).toHaveLength(1);
  });

  it.each([
    ["paid", "pay"],
    ["expired", "expire"],
  ] as const)("a %s order is not tried again: to its confirmation, no new order", async (_label, move) => {
    const order = await pendingOrder(game.secretKey, extRef("retry-final"));
    expect((await helper(game.secretKey, order.orderId, move)).status).toBe(200);
    const { playerId } = await orderRow(order.orderId);
    const response = await submit(order.token, "retry", {});
    expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}/done`);
    expect(await ordersOfPlayer(playerId)).toHaveLength(1);
    const refusal = await retryCheckout(await getDb(), await orderRow(order.orderId)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "CONFLICT", status: 409 });
  });

  it("the same rules as a checkout: sold out, off sale, per-player limit; the refusal is named on the confirmation and nothing is created", async () => {
    await setPack("duo", { maxPerPlayer: 1 });
    const ref = extRef("retry-rules");
    const old = await finalOrder("decline", { packSku: "duo" }, ref);
    const { playerId } = await orderRow(old.orderId);
    const done = `${PUBLIC_URL}/pay/${old.token}/done`;
    try {
      // Another order of the pack, paid: the player's one is used up.
      const other = await pendingOrder(game.secretKey, ref, { packSku: "duo" });
      await submit(other.token, "pay", { consent: "yes", country: "FR" });
      expect((await submit(old.token, "retry", {})).headers.get("location")).toBe(`${done}?retry=limit`);
      await setPack("duo", { maxPerPlayer: null, limited: true, stock: 1 });
      expect((await submit(old.token, "retry", {})).headers.get("location")).toBe(`${done}?retry=soldOut`);
      await setPack("duo", { limited: true, stock: null, endsAt: new Date(Date.now() - 60_000) });
      expect((await submit(old.token, "retry", {})).headers.get("location")).toBe(`${done}?retry=notAvailable`);
      expect((await ordersOfPlayer(playerId)).map((o) => o.status).sort()).toEqual(["failed", "fulfilled"]);
    } finally {
      await setPack("duo", { maxPerPlayer: null, limited: false, stock: null, endsAt: null });
    }
  });

  it("keeps the creator code while it is valid, and drops it (not the purchase) once it was withdrawn", async () => {
    await insertCreatorCodes(game, [
      { code: "KEEPME", creatorName: "Keeper", rateBp: 1000 },
      { code: "GONE", creatorName: "Gone", rateBp: 500 },
    ]);
    // Codes come with client checkouts; the old order is given one as such a checkout records it.
    const withCode = async (code: string, rateBp: number) => {
      const order = await finalOrder("cancel");
      await (await getDb()).update(orders).set({ creatorCode: code, creatorName: code, creatorRateBp: rateBp, creatorShareCents: 0 }).where(eq(orders.id, order.orderId));
      return order;
    };
    const kept = await withCode("KEEPME", 1000);
    const keptNew = await findOrderByCheckoutToken(await getDb(), tokenIn((await submit(kept.token, "retry", {})).headers.get("location")));
    expect(keptNew).toMatchObject({ status: "pending", creatorCode: "KEEPME", creatorName: "Keeper", creatorRateBp: 1000 });

    const dropped = await withCode("GONE", 500);
    await (await getDb()).update(creatorCodes).set({ active: false }).where(and(eq(creatorCodes.gameId, gameId), eq(creatorCodes.code, "GONE")));
    const droppedNew = await findOrderByCheckoutToken(await getDb(), tokenIn((await submit(dropped.token, "retry", {})).headers.get("location")));
    expect(droppedNew).toMatchObject({ status: "pending", creatorCode: null, creatorRateBp: null });
  });

  it("reads only the known refusals from the query, each in French, English and Dutch", () => {
    for (const name of retryRefusals) expect(retryRefusalOf(name)).toBe(name);
    for (const other of ["", "LIMIT", "toString", ["limit"], undefined]) expect(retryRefusalOf(other)).toBeNull();
    for (const name of retryRefusals) {
      const texts = (["fr", "en", "nl"] as const).map((locale) => payMessages[locale].retryErrors[name]);
      expect(new Set(texts).size, name).toBe(3);
    }
    expect(new Set((["fr", "en", "nl"] as const).map((locale) => payMessages[locale].tryAgain)).size).toBe(3);
  });
});
