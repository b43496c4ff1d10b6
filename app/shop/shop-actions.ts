import type { Environment } from "@/db/schema";
import { getDb } from "@/server/db/connection";
import { trustedClientIp } from "@/server/lib/client-ip";
import { config } from "@/server/lib/config";
import { crossSiteRefusal, isCrossSiteRequest, requestSourceOf } from "@/server/lib/cross-site";
import { AppError, asAppError } from "@/server/lib/errors";
import { publicUrlOf } from "@/server/lib/public-url";
import { pickLocale, type Locale } from "@/server/orders/locales";
import { errorResponse } from "@/server/api/http";
import { buyFromShop } from "@/server/shop/shop-checkout";
import { requestShopSignInCode, verifyShopSignInCode } from "@/server/shop/shop-email-sign-in";
import type { ShopError } from "@/server/shop/shop-messages";
import { shopPath } from "@/server/shop/shop-paths";
import { endShopSession, findShopVisitor } from "@/server/shop/shop-sessions";
import { findShop, type ShopFront } from "@/server/shop/shop-settings";
import { clearCookie, cookieValue, emailCookieName, sessionCookieName, setCookie } from "./shop-cookies";

const NO_STORE = { "Cache-Control": "no-store" };
const CODE_STEP_SECONDS = 10 * 60;

function seeOther(location: string, cookies: string[] = []): Response {
  const headers = new Headers({ Location: publicUrlOf(location), ...NO_STORE });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 303, headers });
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

function namesField(error: AppError, field: string): boolean {
  const fieldErrors = error.details?.fieldErrors;
  return typeof fieldErrors === "object" && fieldErrors !== null && field in fieldErrors;
}

/** What the shop says about a refused buy or sign-in step. */
function shopErrorOf(error: AppError): ShopError {
  switch (error.code) {
    case "PACK_SOLD_OUT":
      return "soldOut";
    case "PACK_NOT_AVAILABLE":
    case "NOT_FOUND":
      return "notAvailable";
    case "LIMIT_REACHED":
      return "limit";
    case "PAYMENT_FAILED":
      return "payment";
    case "PLAYER_BLOCKED":
      return "signIn";
    case "RATE_LIMITED":
      return "rateLimited";
    case "VALIDATION_FAILED":
      if (namesField(error, "creatorCode")) return "creatorCode";
      if (namesField(error, "code")) return "code";
      return "refused";
    default:
      return "refused";
  }
}

type Act = { request: Request; shop: ShopFront; env: Environment; form: FormData; locale: Locale };

async function act(action: string, context: Act): Promise<Response> {
  const { request, shop, env, form } = context;
  const db = await getDb();
  const page = shopPath(shop.slug, env);
  const cookies = request.headers.get("cookie");
  const session = cookieValue(cookies, sessionCookieName(env));
  const clientIp = trustedClientIp(request.headers);
  switch (action) {
    case "buy": {
      const visitor = await findShopVisitor(db, shop.scope, session);
      if (!visitor) return seeOther(`${page}?error=signIn`);
      const form_ = { packSku: text(form, "packSku"), creatorCode: text(form, "creatorCode") };
      const { checkoutUrl } = await buyFromShop(db, { scope: shop.scope, slug: shop.slug, player: visitor.player, form: form_, locale: visitor.locale ?? context.locale, clientIp });
      return seeOther(checkoutUrl);
    }
    case "code": {
      const email = text(form, "email").trim().toLowerCase();
      await requestShopSignInCode(db, { scope: shop.scope, clientIp, email, locale: context.locale });
      const remember = setCookie({ name: emailCookieName(env), value: encodeURIComponent(email), slug: shop.slug, maxAgeSeconds: CODE_STEP_SECONDS });
      return seeOther(`${page}?signin=code`, [remember]);
    }
    case "verify": {
      const email = decodeURIComponent(cookieValue(cookies, emailCookieName(env)) ?? "");
      const outcome = await verifyShopSignInCode(db, { scope: shop.scope, clientIp, email, code: text(form, "code").trim() });
      if (outcome.kind === "no-player") return seeOther(`${page}?error=noPlayer`, [clearCookie(emailCookieName(env), shop.slug)]);
      if (outcome.kind === "blocked") return seeOther(`${page}?refused=blocked`, [clearCookie(emailCookieName(env), shop.slug)]);
      const signedIn = setCookie({
        name: sessionCookieName(env),
        value: outcome.session.value,
        slug: shop.slug,
        maxAgeSeconds: (outcome.session.expiresAt.getTime() - Date.now()) / 1000,
      });
      return seeOther(page, [signedIn, clearCookie(emailCookieName(env), shop.slug)]);
    }
    case "restart":
      return seeOther(page, [clearCookie(emailCookieName(env), shop.slug)]);
    case "sign-out":
      await endShopSession(db, shop.scope, session);
      return seeOther(page, [clearCookie(sessionCookieName(env), shop.slug)]);
    default:
      return new Response("Not found", { status: 404, headers: NO_STORE });
  }
}

/**
 * POST /shop/<game>[/test]/act/<action>: the shop's plain HTML forms (no script needed). A post from
 * another site is refused here as well as in proxy.ts: the session cookie is SameSite=Lax, and the
 * Origin / Sec-Fetch-Site check covers browsers that send the cookie anyway (same-site subdomains).
 */
export async function shopAction(request: Request, options: { slug: string; action: string; env: Environment }): Promise<Response> {
  const { publicUrl, NODE_ENV } = config();
  if (isCrossSiteRequest(requestSourceOf(request.headers), { publicUrl, dev: NODE_ENV === "development" })) return errorResponse(crossSiteRefusal());
  const db = await getDb();
  const shop = await findShop(db, options.slug, options.env);
  if (!shop || !shop.settings.enabled) return new Response("Not found", { status: 404, headers: NO_STORE });
  const form = await request.formData().catch(() => new FormData());
  const lang = text(form, "lang");
  const locale = pickLocale(lang || null, request.headers.get("accept-language"));
  const page = shopPath(shop.slug, options.env);
  try {
    return await act(options.action, { request, shop, env: options.env, form, locale });
  } catch (error) {
    const refusal = asAppError(error);
    if (!refusal || refusal.status >= 500) throw error;
    const step = options.action === "verify" ? "&signin=code" : "";
    const anchor = options.action === "buy" ? "#packs" : "#sign-in";
    return seeOther(`${page}?error=${shopErrorOf(refusal)}${step}${lang ? `&lang=${lang}` : ""}${anchor}`);
  }
}
