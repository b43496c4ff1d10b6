import { getDb } from "@/db/client";
import { payMessages, type PayError } from "@/components/pay/messages";
import { AppError, asAppError } from "@/server/lib/errors";
import { chooseOrderCountry } from "@/server/orders/choose-country";
import { closeOrder } from "@/server/orders/close-order";
import { findOrderByCheckoutToken } from "@/server/orders/find-order";
import { pickLocale } from "@/server/orders/locales";
import { payOrder } from "@/server/orders/pay-order";
import { paymentProviderFor } from "@/server/payments/provider-for";
import { EuCountry } from "@/server/vat/eu-vat";

export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "no-store" };

function seeOther(request: Request, path: string): Response {
  return new Response(null, { status: 303, headers: { Location: new URL(path, request.url).toString(), ...NO_STORE } });
}

/** Back to the payment page, which shows why nothing changed. */
function backWithError(request: Request, page: string, error: PayError): Response {
  return seeOther(request, `${page}?error=${error}`);
}

/** The form's country, uppercased: undefined when the form sent none, null when it is not one of the 27 EU countries. */
function countryOf(form: FormData): string | null | undefined {
  const raw = form.get("country");
  if (raw === null) return undefined;
  const parsed = EuCountry.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * The hosted page's plain HTML forms post here (no client JavaScript needed). Every action calls the
 * same order functions as the test helpers, then sends the buyer back to the page or its confirmation.
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
        if (!country) return backWithError(request, page, "country");
        await chooseOrderCountry(db, scope, order.id, country);
        return seeOther(request, page);
      }
      case "pay": {
        // A paid pack can only be paid here through the simulator; a real provider collects on its own page.
        const provider = await paymentProviderFor(db, scope);
        if (order.amountCents > 0 && !provider?.simulated) return seeOther(request, page);
        const country = countryOf(form);
        if (country === null) return backWithError(request, page, "country");
        await payOrder(db, scope, order.id, country === undefined ? {} : { country });
        return seeOther(request, `${page}/done`);
      }
      case "decline":
        if (!(await paymentProviderFor(db, scope))?.simulated) return seeOther(request, page);
        await closeOrder(db, scope, order.id, "decline");
        return seeOther(request, `${page}/done`);
      case "cancel":
        await closeOrder(db, scope, order.id, "cancel");
        return seeOther(request, `${page}/done`);
      default:
        return new Response("Not found", { status: 404, headers: NO_STORE });
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    // The order moved on (paid in another tab, expired): show where it stands.
    if (error.code === "CONFLICT") return seeOther(request, `${page}/done`);
    if (error.code === "VALIDATION_FAILED") return backWithError(request, page, "country");
    // The pack's coins would pass the balance cap: the whole payment rolled back.
    if (error.code === "LIMIT_REACHED") return backWithError(request, page, "limit");
    return backWithError(request, page, "refused");
  }
}
