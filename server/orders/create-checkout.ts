import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { applyCreatorCode, creatorShareCents, type AppliedCreatorCode } from "@/server/codes/creator-codes";
import type { GameSettings } from "@/server/games/game-settings";
import { AppError } from "@/server/lib/errors";
import { clock } from "@/server/lib/clock";
import { config } from "@/server/lib/config";
import { newId } from "@/server/lib/ids";
import { newSecret, sha256Hex } from "@/server/lib/secrets";
import type { GameScope } from "@/server/lib/scope";
import { FREE_PROVIDER_NAME, paymentProviderFor } from "@/server/payments/provider-for";
import { assertNotBlocked } from "@/server/players/find-player";
import type { PlayerRow } from "@/server/players/player-view";
import { checkoutCountry, isFallbackCountry, vatFor } from "@/server/vat/eu-vat";
import type { Locale } from "./locales";
import { OrderSchema, toOrderView } from "./order-view";
import { packSnapshot } from "./pack-snapshot";
import { assertPackSellable } from "./selling-rules";

export type CheckoutInput = {
  packSku: string;
  successUrl?: string;
  cancelUrl?: string;
  country?: string;
  locale?: Locale;
  /** Normalized already (upper case). */
  creatorCode?: string;
  /** The origin the confirmation page posts its message to. */
  returnOrigin?: string | null;
};

/** SPEC Checkout, defined once (server/api registers it as a component). */
export const CheckoutSchema = z.object({ order: OrderSchema, checkoutUrl: z.url() });
export type CheckoutView = z.infer<typeof CheckoutSchema>;

export function hostedPageUrl(token: string): string {
  return `${config().publicUrl}/pay/${token}`;
}

function orderLifetimeMs(): number {
  return config().CHECKOUT_EXPIRY_MINUTES * 60_000;
}

export type CreateCheckoutOptions = { settings: Pick<GameSettings, "prelaunch" | "launchAt">; player: PlayerRow; input: CheckoutInput; clientIp: string | null };

/**
 * A pending order holding one unit of stock, and the URL of the page where the buyer pays.
 * Runs in the caller's transaction (the request's, with its idempotency record).
 */
export async function createCheckout(db: Db, scope: GameScope, { settings, player, input, ...who }: CreateCheckoutOptions): Promise<CheckoutView> {
  assertNotBlocked(player);
  const now = clock.now();
  let creator: AppliedCreatorCode | null = null;
  if (input.creatorCode !== undefined) {
    creator = await applyCreatorCode(db, scope.gameId, { normalizedCode: input.creatorCode, playerId: player.id, clientIp: who.clientIp });
  }
  const pack = await assertPackSellable(db, scope, { settings, packSku: input.packSku, playerId: player.id, now });
  const provider = await paymentProviderFor(db, scope);
  if (pack.priceCents > 0 && !provider) {
    throw new AppError("PAYMENT_FAILED", `No payment provider is configured for the ${scope.env} environment.`);
  }
  const vat = vatFor(pack.priceCents, checkoutCountry(input.country, player.country), now);
  const token = newSecret("", 32);
  const returnOrigin = input.returnOrigin ?? originOf(input.successUrl) ?? originOf(input.cancelUrl);
  const inserted = await db
    .insert(orders)
    .values({
      id: newId(),
      gameId: scope.gameId,
      env: scope.env,
      playerId: player.id,
      status: "pending",
      ...packSnapshot(pack),
      country: vat.country,
      countryIsFallback: isFallbackCountry(input.country, player.country),
      vatRateBp: vat.vatRateBp,
      vatCents: vat.vatCents,
      netCents: vat.netCents,
      locale: input.locale ?? null,
      successUrl: input.successUrl ?? null,
      cancelUrl: input.cancelUrl ?? null,
      returnOrigin: returnOrigin ?? null,
      checkoutTokenHash: sha256Hex(token),
      creatorCode: creator?.code ?? null,
      creatorName: creator?.creatorName ?? null,
      creatorRateBp: creator?.rateBp ?? null,
      creatorShareCents: creator ? creatorShareCents(vat.netCents, creator.rateBp) : null,
      provider: pack.priceCents === 0 ? FREE_PROVIDER_NAME : (provider?.name ?? FREE_PROVIDER_NAME),
      createdAt: now,
      expiresAt: new Date(now.getTime() + orderLifetimeMs()),
      updatedAt: now,
    })
    .returning();
  const order = inserted[0];
  if (!order) throw new AppError("INTERNAL_ERROR", "The order could not be created.");
  const pageUrl = hostedPageUrl(token);
  return { order: toOrderView(order), checkoutUrl: provider ? provider.paymentPageUrl(order, pageUrl) : pageUrl };
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
