import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { Sku } from "@/server/catalog/catalog-codes";
import { TypedCreatorCode } from "@/server/codes/creator-codes";
import { getGame } from "@/server/games/game-settings";
import { config } from "@/server/lib/config";
import { validationError } from "@/server/lib/errors";
import { toFieldErrors } from "@/server/lib/field-errors";
import { publicUrlOf } from "@/server/lib/public-url";
import type { GameScope } from "@/server/lib/scope";
import { createCheckout } from "@/server/orders/create-checkout";
import type { Locale } from "@/server/orders/locales";
import type { PlayerRow } from "@/server/players/player-view";
import { shopPath } from "./shop-paths";

/** The shop's Buy form: the pack, and a creator code the buyer may type (empty means none). */
export const ShopBuyForm = z.strictObject({
  packSku: Sku,
  creatorCode: z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), TypedCreatorCode.optional()),
});

export type ShopBuy = {
  scope: GameScope;
  slug: string;
  player: PlayerRow;
  form: unknown;
  locale: Locale;
  clientIp: string | null;
};

/**
 * Buy from the shop: the API's own checkout (windows, stock, per-player limits, creator codes: one
 * rule book), whose return addresses lead back to the shop with the order, so the shop can confirm it.
 * Answers the address of the payment page. Refusals are the checkout's AppErrors.
 */
export async function buyFromShop(db: Db, buy: ShopBuy): Promise<{ checkoutUrl: string; orderId: string }> {
  const parsed = ShopBuyForm.safeParse(buy.form);
  if (!parsed.success) throw validationError(toFieldErrors(parsed.error));
  const { settings } = await getGame(db, buy.scope.gameId);
  const shop = publicUrlOf(shopPath(buy.slug, buy.scope.env));
  return db.transaction(async (tx) => {
    const checkout = await createCheckout(tx, buy.scope, {
      settings,
      player: buy.player,
      input: { packSku: parsed.data.packSku, creatorCode: parsed.data.creatorCode, locale: buy.locale, returnOrigin: new URL(config().publicUrl).origin },
      clientIp: buy.clientIp,
    });
    const orderId = checkout.order.id;
    // The order's id is only known now: the return addresses name it, and commit with the order.
    const back = `${shop}?order=${orderId}`;
    await tx.update(orders).set({ successUrl: back, cancelUrl: back }).where(eq(orders.id, orderId));
    return { checkoutUrl: checkout.checkoutUrl, orderId };
  });
}
