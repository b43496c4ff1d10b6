import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/server/db/connection";
import { creatorCodes, ledgerEntries, orders, outboxEvents, players, type OrderStatus } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import type { OrderRow, OrderView } from "@/server/orders/order-view";
import type { PlayerRow } from "@/server/players/player-view";
import { call, createTestGame, extRef, get, post, type ApiResponse, type TestGame } from "./harness";
import { gameIdOf } from "./domain-helpers";
import { assertLedgerChainsConsistent, assertLedgerMatchesBalances } from "./ledger-invariants";

export type CheckoutBody = { order: OrderView; checkoutUrl: string };
export type ErrorBody = { error: { code: string; message: string; details?: Record<string, unknown> } };
export type Balance = { currency: string; paid: number; bonus: number; total: number };
export type InventoryItem = { sku: string; quantity: number; updatedAt: string };
export type HelperMove = "pay" | "decline" | "cancel" | "expire" | "chargeback";

/** A catalog with every shape of pack the sales tests need (all always on sale unless stated). */
export const salesCatalog = {
  currencies: [
    { code: "coins", name: "Coins", purchasable: true },
    { code: "gold", name: "Gold", purchasable: true },
    { code: "gems", name: "Gems", purchasable: false },
  ],
  items: [
    { sku: "potion", name: "Potion", type: "consumable", price: { currency: "coins", amount: 10 } },
    { sku: "sword", name: "Sword", type: "durable", price: null, maxOwned: 1 },
    { sku: "shield", name: "Shield", type: "durable", price: null, maxOwned: 3 },
  ],
  packs: [
    // 499 cents: 500 paid coins, 50 bonus coins, 2 potions.
    { sku: "p500", name: "500 Coins", priceCents: 499, grants: [{ currency: "coins", amount: 500, bonus: 50 }], items: [{ sku: "potion", quantity: 2 }] },
    // Two currencies (listed out of alphabetical order) and no items.
    {
      sku: "duo",
      name: "Duo",
      priceCents: 1999,
      grants: [
        { currency: "gold", amount: 7, bonus: 0 },
        { currency: "coins", amount: 100, bonus: 25 },
      ],
    },
    // Items only: no wallet.credited.
    { sku: "gear", name: "Gear", priceCents: 999, items: [{ sku: "sword", quantity: 1 }, { sku: "shield", quantity: 2 }] },
    // Free.
    { sku: "free", name: "Free gift", priceCents: 0, grants: [{ currency: "coins", amount: 10, bonus: 5 }] },
    { sku: "draft-pack", name: "Draft", priceCents: 99, grants: [{ currency: "coins", amount: 1 }], status: "draft" },
    { sku: "old-pack", name: "Archived", priceCents: 99, grants: [{ currency: "coins", amount: 1 }], status: "archived" },
  ],
};

export function createSalesGame(settings?: Record<string, unknown>): Promise<TestGame> {
  return createTestGame({ catalog: salesCatalog, settings });
}

/** POST /players/{ref}/checkouts with a fresh Idempotency-Key unless one is given. */
export function checkout<T = CheckoutBody>(key: string, ref: string, body: Record<string, unknown>, idempotencyKey?: string): Promise<ApiResponse<T>> {
  return post<T>(`/players/${ref}/checkouts`, key, body, idempotencyKey);
}

/** A 201 checkout, or a thrown error naming what came back instead. */
export async function newOrder(key: string, packSku: string, ref: string = extRef("buyer"), extra: Record<string, unknown> = {}): Promise<OrderView> {
  const response = await checkout(key, ref, { packSku, ...extra });
  if (response.status !== 201) throw new Error(`checkout ${packSku}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.order;
}

/** POST /test-helpers/orders/{id}/{move}. */
export function helper<T = OrderView>(key: string, orderId: string, move: HelperMove, body?: unknown): Promise<ApiResponse<T>> {
  return call<T>("POST", `/test-helpers/orders/${orderId}/${move}`, { key, body });
}

/** POST /orders/{id}/refund (no Idempotency-Key: not idempotent by key). */
export function refund<T = OrderView>(key: string, orderId: string, body?: unknown): Promise<ApiResponse<T>> {
  return call<T>("POST", `/orders/${orderId}/refund`, { key, body });
}

export function getOrder<T = OrderView>(key: string, orderId: string): Promise<ApiResponse<T>> {
  return get<T>(`/orders/${orderId}`, key);
}

export async function wallet(key: string, ref: string): Promise<Balance[]> {
  const response = await get<{ balances: Balance[] }>(`/players/${ref}/wallet`, key);
  if (response.status !== 200) throw new Error(`wallet ${ref}: ${response.status}`);
  return response.body.balances;
}

export async function balanceOf(key: string, ref: string, currency: string): Promise<Balance | undefined> {
  return (await wallet(key, ref)).find((b) => b.currency === currency);
}

/** Owned quantities by sku (the inventory list only holds items above 0). */
export async function inventoryOf(key: string, ref: string): Promise<Record<string, number>> {
  const response = await get<{ items: InventoryItem[] }>(`/players/${ref}/inventory`, key);
  if (response.status !== 200) throw new Error(`inventory ${ref}: ${response.status}`);
  return Object.fromEntries(response.body.items.map((i) => [i.sku, i.quantity]));
}

export async function remainingOf(key: string, packSku: string): Promise<number | null | undefined> {
  const response = await get<{ packs: { sku: string; availability: { remaining: number | null } | null }[] }>(`/catalog`, key);
  return response.body.packs.find((p) => p.sku === packSku)?.availability?.remaining;
}

export async function orderRow(orderId: string): Promise<OrderRow> {
  const db = await getDb();
  const rows = await db.select().from(orders).where(eq(orders.id, orderId));
  const row = rows[0];
  if (!row) throw new Error(`no order ${orderId}`);
  return row;
}

export async function ordersOfPlayer(playerId: string): Promise<OrderRow[]> {
  const db = await getDb();
  return db.select().from(orders).where(eq(orders.playerId, playerId)).orderBy(asc(orders.id));
}

export async function countOrders(gameId: string): Promise<number> {
  const db = await getDb();
  const rows = await db.select({ n: sql<string>`count(*)::text` }).from(orders).where(eq(orders.gameId, gameId));
  return Number(rows[0]?.n ?? 0);
}

/** The state a provider's asynchronous confirmation would leave (no route leads there in `test`). */
export async function setOrderStatus(orderId: string, status: OrderStatus): Promise<void> {
  const db = await getDb();
  const now = clock.now();
  await db
    .update(orders)
    .set({ status, updatedAt: now, ...(status === "paid" ? { paidAt: now } : {}) })
    .where(eq(orders.id, orderId));
}

export type OutboxRow = typeof outboxEvents.$inferSelect;

/**
 * The order's outbox events in the order they were recorded. Events of one transaction can share a
 * millisecond and their ids are named, not timed, so ties go by the transaction that wrote them (xmin)
 * and by the command within it (cmin): that is the order of the writes itself. Not ctid: an insert
 * lands wherever the free-space map finds room, so after other tests' deletes a later event can sit on
 * an earlier page (CI once saw wallet.credited before order.fulfilled that way).
 */
export async function outboxOf(orderId: string): Promise<OutboxRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(outboxEvents)
    .where(eq(outboxEvents.orderId, orderId))
    .orderBy(asc(outboxEvents.createdAt), sql`xmin::text::bigint`, sql`cmin::text::bigint`);
}

export type LedgerRow = typeof ledgerEntries.$inferSelect;

/** Ledger entries that refer to the order, oldest first. */
export async function ledgerOfOrder(orderId: string): Promise<LedgerRow[]> {
  const db = await getDb();
  return db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId)).orderBy(asc(ledgerEntries.id));
}

export async function playerRow(playerId: string): Promise<PlayerRow> {
  const db = await getDb();
  const rows = await db.select().from(players).where(eq(players.id, playerId));
  const row = rows[0];
  if (!row) throw new Error(`no player ${playerId}`);
  return row;
}

/** Creator codes of a game (createTestGame takes none), stored as the fixture loader stores them. */
export async function insertCreatorCodes(game: TestGame, codes: { code: string; creatorName: string; rateBp: number; active?: boolean }[]): Promise<void> {
  const db = await getDb();
  const gameId = await gameIdOf(game);
  const now = clock.now();
  await db.insert(creatorCodes).values(codes.map((c) => ({ gameId, code: c.code, creatorName: c.creatorName, rateBp: c.rateBp, active: c.active ?? true, createdAt: now, updatedAt: now })));
}

/** Both ledger invariants for a game: balances equal ledger sums, and each balanceAfter chains. */
export async function assertLedgerInvariants(game: TestGame): Promise<void> {
  const gameId = await gameIdOf(game);
  await assertLedgerMatchesBalances(gameId);
  await assertLedgerChainsConsistent(gameId);
}

/** VAT included in a gross price, recomputed here independently with BigInt (half up). */
export function expectedVat(amountCents: number, rateBp: number): { vatCents: number; netCents: number } {
  const numerator = BigInt(amountCents) * BigInt(rateBp);
  const denominator = BigInt(10_000 + rateBp);
  let vat = numerator / denominator;
  if ((numerator % denominator) * 2n >= denominator) vat += 1n;
  return { vatCents: Number(vat), netCents: amountCents - Number(vat) };
}

/** Outbox rows of one game, to prove that nothing at all was written. */
export async function outboxCountOfGame(gameId: string): Promise<number> {
  const db = await getDb();
  const rows = await db.select({ n: sql<string>`count(*)::text` }).from(outboxEvents).where(and(eq(outboxEvents.gameId, gameId)));
  return Number(rows[0]?.n ?? 0);
}
