import type { Db } from "@/db/client";
import { getDb } from "@/server/db/connection";
import { payMessages, type PayError, type RetryRefusal } from "@/server/payments/pay-messages";
import { trustedClientIp } from "@/server/lib/client-ip";
import { AppError, asAppError } from "@/server/lib/errors";
import { publicUrlOf } from "@/server/lib/public-url";
import { findOrderByCheckoutToken } from "@/server/orders/find-order";
import type { OrderRow } from "@/server/orders/order-view";
import { pickLocale } from "@/server/orders/locales";
import { cancelOnHostedPage } from "@/server/payments/cancel-checkout";
import { changeCheckoutCountry, PAYMENT_BEING_CONFIRMED } from "@/server/payments/checkout-country";
import { payOnHostedPage } from "@/server/payments/hosted-pay";
import { retryCheckout } from "@/server/payments/retry-checkout";
import { simulateOutcome } from "@/server/payments/simulate-outcome";
import { EuCountry } from "@/server/vat/eu-vat";

export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "no-store" };

function seeOther(path: string): Response {
  return new Response(null, { status: 303, headers: { Location: publicUrlOf(path), ...NO_STORE } });
}

/** Back to the payment page, which shows why nothing changed. */
function backWithError(page: string, error: Extract<PayError, "country">): Response {
  return seeOther(`${page}?error=${error}`);
}

/** The form's country, uppercased: undefined when the form sent none, null when it is not one of the 27 EU countries. */
function countryOf(form: FormData): string | null | undefined {
  const raw = form.get("country");
  if (raw === null) return undefined;
  const parsed = EuCountry.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * The hosted page's plain HTML forms post here (no client JavaScript needed). Every action is one call
 * to server/payments (the rules live there), then a 303 to the page, its confirmation, or Stripe.
 * A refusal never ends in an error page: the buyer is sent back to the page, which says what happened.
 */
export async function POST(request: Request, { params }: { params: Promise<{ token: string; action: string }> }): Promise<Response> {
  const { token, action } = await params;
  try {
    return await act(request, token, action);
  } catch (error) {
    const unavailable = asAppError(error);
    if (unavailable?.code !== "SERVICE_UNAVAILABLE") throw error;
    console.error("[pay] database unavailable:", error instanceof Error ? error.message : error);
    // The page itself needs the database too, so this answer stands alone, in the browser's language.
    const locale = pickLocale(null, request.headers.get("accept-language"));
    return new Response(payMessages[locale].errors.unavailable, {
      status: unavailable.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...unavailable.headers, ...NO_STORE },
    });
  }
}

async function act(request: Request, token: string, action: string): Promise<Response> {
  const db = await getDb();
  const order = await findOrderByCheckoutToken(db, token);
  if (!order) return new Response("Not found", { status: 404, headers: NO_STORE });
  const scope = { gameId: order.gameId, env: order.env };
  const form = await request.formData().catch(() => new FormData());
  const page = `/pay/${token}`;
  try {
    switch (action) {
      case "country": {
        const country = countryOf(form);
        if (!country) return backWithError(page, "country");
        await changeCheckoutCountry(db, scope, { orderId: order.id, country });
        // The page announces the new price; the fragment gives focus back to the select (no script needed).
        return seeOther(`${page}?updated=country#country`);
      }
      case "pay": {
        const country = countryOf(form);
        if (country === null) return backWithError(page, "country");
        const locale = pickLocale(order.locale, request.headers.get("accept-language"));
        const outcome = await payOnHostedPage(db, order, { country, consent: form.get("consent") === "yes", locale, token, clientIp: trustedClientIp(request.headers) });
        if (outcome.kind === "provider") return seeOther(outcome.url);
        // Paid at Stripe already: the confirmation page settles it and shows "being confirmed".
        if (outcome.kind === "confirming") return seeOther(`${page}/done?session_id=${encodeURIComponent(outcome.sessionId)}`);
        return seeOther(`${page}/done`);
      }
      case "decline":
        await simulateOutcome(db, scope, { orderId: order.id, outcome: "decline" });
        return seeOther(`${page}/done`);
      case "cancel":
        await cancelOnHostedPage(db, scope, order.id);
        return seeOther(`${page}/done`);
      case "retry":
        return await retry(db, order, page);
      default:
        return new Response("Not found", { status: 404, headers: NO_STORE });
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return seeOther(refusalPage(page, error));
  }
}

/** "Try again": the same page, or the new checkout's; a refusal is explained on this order's confirmation. */
async function retry(db: Db, order: OrderRow, page: string): Promise<Response> {
  try {
    const outcome = await retryCheckout(db, order);
    return seeOther(outcome.kind === "same" ? page : outcome.checkoutUrl);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    // Paid or expired meanwhile (another tab): the confirmation shows where it stands.
    if (error.code === "CONFLICT" && error.details?.status !== "retried") return seeOther(`${page}/done`);
    return seeOther(`${page}/done?retry=${retryRefusalOf(error)}`);
  }
}

function retryRefusalOf(error: AppError): RetryRefusal {
  switch (error.code) {
    case "PACK_SOLD_OUT":
      return "soldOut";
    case "PACK_NOT_AVAILABLE":
    case "NOT_FOUND":
      return "notAvailable";
    case "LIMIT_REACHED":
      return "limit";
    default:
      return "refused";
  }
}

function namesField(error: AppError, field: string): boolean {
  const fieldErrors = error.details?.fieldErrors;
  return typeof fieldErrors === "object" && fieldErrors !== null && field in fieldErrors;
}

/** Where a refused action sends the buyer: the page with the reason, or the confirmation when the order moved on. */
function refusalPage(page: string, error: AppError): string {
  if (error.code === "CONFLICT") {
    // A paid Stripe session the webhook has not confirmed yet: the country stays, the page says why.
    if (error.details?.reason === PAYMENT_BEING_CONFIRMED) return `${page}?error=confirming`;
    // The order moved on (paid in another tab, expired): show where it stands.
    return `${page}/done`;
  }
  if (error.code === "VALIDATION_FAILED") return `${page}?error=${namesField(error, "consent") ? "consent" : "country"}`;
  // The pack's coins would pass the balance cap: the whole payment rolled back.
  if (error.code === "LIMIT_REACHED") return `${page}?error=limit`;
  // A simulated outcome outside test (a forged form): nothing happens, the page is shown again.
  if (error.code === "FORBIDDEN") return page;
  return `${page}?error=refused`;
}
