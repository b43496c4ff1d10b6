import "server-only";
import type { Db } from "@/db/client";
import type { Environment } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { asAppError } from "@/server/lib/errors";
import { findOrder } from "@/server/orders/find-order";
import { toOrderView, type OrderView } from "@/server/orders/order-view";
import { getShopContents, type ShopContents } from "./shop-catalog";
import { findShopVisitor, type ShopVisitor } from "./shop-sessions";
import { findShop, type ShopFront } from "./shop-settings";

export type ShopPageData = {
  shop: ShopFront;
  visitor: ShopVisitor | null;
  contents: ShopContents | null;
  /** The order named by `?order=` after the payment page, when it is the visitor's own. */
  confirmation: OrderView | null;
};

/**
 * One shop page view: the shop (null when there is none or it is off), the signed-in visitor if any,
 * and only then what belongs to them. Nothing of another player is ever read: every query below is
 * keyed by the session's player.
 */
export async function openShopPage(
  db: Db,
  request: { slug: string; env: Environment; sessionCookie: string | undefined; orderId: string | undefined },
): Promise<ShopPageData | null> {
  const shop = await findShop(db, request.slug, request.env);
  if (!shop || !shop.settings.enabled) return null;
  const visitor = await findShopVisitor(db, shop.scope, request.sessionCookie);
  if (!visitor) return { shop, visitor: null, contents: null, confirmation: null };
  const contents = await getShopContents(db, { scope: shop.scope, player: visitor.player, now: clock.now() });
  let confirmation: OrderView | null = null;
  if (request.orderId) {
    try {
      confirmation = toOrderView(await findOrder(db, shop.scope, { orderId: request.orderId, playerId: visitor.player.id }));
    } catch (error) {
      // Another player's order, or none: nothing to confirm, and nothing said about it.
      if (asAppError(error)?.code !== "NOT_FOUND") throw error;
    }
  }
  return { shop, visitor, contents, confirmation };
}
