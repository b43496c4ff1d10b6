import type { Environment } from "@/db/schema";
import { getDb } from "@/server/db/connection";
import { publicUrlOf } from "@/server/lib/public-url";
import { isLocale } from "@/server/orders/locales";
import { redeemShopLink } from "@/server/shop/shop-links";
import { shopPath } from "@/server/shop/shop-paths";
import { findShop } from "@/server/shop/shop-settings";
import { sessionCookieName, setCookie } from "./shop-cookies";

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

/**
 * Prefetches (a browser's speculative load, a link preview that says so) and HEAD requests must not
 * spend a single-use link: they get a neutral answer and the link stays usable for the real opening.
 */
function isPrefetch(request: Request): boolean {
  if (request.method === "HEAD") return true;
  const purpose = `${request.headers.get("sec-purpose") ?? ""} ${request.headers.get("purpose") ?? ""} ${request.headers.get("x-purpose") ?? ""}`.toLowerCase();
  return purpose.includes("prefetch") || purpose.includes("preview");
}

/**
 * GET /shop/<game>[/test]/enter/<token>: spends the link and answers 303 to the shop with the session
 * cookie; any refusal answers 303 to the shop's refusal page and sets nothing.
 */
export async function enterShop(request: Request, options: { slug: string; token: string; env: Environment }): Promise<Response> {
  const db = await getDb();
  const shop = await findShop(db, options.slug, options.env);
  if (!shop || !shop.settings.enabled) return new Response("Not found", { status: 404, headers: NO_STORE });
  const page = shopPath(shop.slug, options.env);
  if (isPrefetch(request)) return new Response(null, { status: 204, headers: NO_STORE });
  const lang = new URL(request.url).searchParams.get("lang");
  const outcome = await redeemShopLink(db, { scope: shop.scope, token: options.token });
  if (outcome.kind === "refused") {
    return new Response(null, { status: 303, headers: { Location: publicUrlOf(`${page}?refused=${outcome.reason}`), ...NO_STORE } });
  }
  const locale = lang && isLocale(lang) ? lang : outcome.locale;
  const cookie = setCookie({
    name: sessionCookieName(options.env),
    value: outcome.session.value,
    slug: shop.slug,
    maxAgeSeconds: (outcome.session.expiresAt.getTime() - Date.now()) / 1000,
  });
  const target = publicUrlOf(locale ? `${page}?lang=${locale}` : page);
  return new Response(null, { status: 303, headers: { Location: target, "Set-Cookie": cookie, ...NO_STORE } });
}
