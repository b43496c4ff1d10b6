import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { notFound } from "@/server/lib/errors";
import { ID_PATTERN } from "@/server/lib/ids";
import { sha256Hex } from "@/server/lib/secrets";
import type { GameScope } from "@/server/lib/scope";
import type { OrderRow } from "./order-view";

export type FindOrderOptions = { orderId: string; forUpdate?: boolean; playerId?: string };

/** An order of this game and environment; another's (or a malformed id) is 404 like an unknown one. */
export async function findOrder(db: Db, scope: GameScope, { orderId, ...options }: FindOrderOptions): Promise<OrderRow> {
  const id = orderId.toLowerCase();
  if (!ID_PATTERN.test(id)) throw notFound("Order");
  const conditions = [eq(orders.id, id), eq(orders.gameId, scope.gameId), eq(orders.env, scope.env)];
  if (options.playerId) conditions.push(eq(orders.playerId, options.playerId));
  const query = db.select().from(orders).where(and(...conditions)).limit(1);
  const rows = options.forUpdate ? await query.for("update") : await query;
  const order = rows[0];
  if (!order) throw notFound("Order");
  return order;
}

/** The order behind a hosted-page token (the token is the only way in; the order id alone is not). */
export async function findOrderByCheckoutToken(db: Db, token: string): Promise<OrderRow | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const rows = await db.select().from(orders).where(eq(orders.checkoutTokenHash, sha256Hex(token))).limit(1);
  return rows[0] ?? null;
}
