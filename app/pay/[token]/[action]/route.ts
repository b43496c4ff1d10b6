import { getDb } from "@/db/client";
import { AppError } from "@/server/lib/errors";
import { chooseOrderCountry } from "@/server/orders/choose-country";
import { closeOrder } from "@/server/orders/close-order";
import { findOrderByCheckoutToken } from "@/server/orders/find-order";
import { payOrder } from "@/server/orders/pay-order";
import { paymentProviderFor } from "@/server/payments/provider-for";
import { isEuCountry } from "@/server/vat/eu-vat";

export const dynamic = "force-dynamic";

function seeOther(request: Request, path: string): Response {
  return new Response(null, { status: 303, headers: { Location: new URL(path, request.url).toString(), "Cache-Control": "no-store" } });
}

/**
 * The hosted page's plain HTML forms post here (no client JavaScript needed). Every action calls the
 * same order functions as the test helpers, then sends the buyer back to the page or its confirmation.
 */
export async function POST(request: Request, { params }: { params: Promise<{ token: string; action: string }> }): Promise<Response> {
  const { token, action } = await params;
  const db = await getDb();
  const order = await findOrderByCheckoutToken(db, token);
  if (!order) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const scope = { gameId: order.gameId, env: order.env };
  const form = await request.formData().catch(() => new FormData());
  const country = String(form.get("country") ?? "").toUpperCase();
  const page = `/pay/${token}`;
  try {
    switch (action) {
      case "country":
        if (isEuCountry(country)) await chooseOrderCountry(db, scope, order.id, country);
        return seeOther(request, page);
      case "pay": {
        // A paid pack can only be paid here through the simulator; a real provider collects on its own page.
        const provider = paymentProviderFor(order.env);
        if (order.amountCents > 0 && !provider?.simulated) return seeOther(request, page);
        await payOrder(db, scope, order.id, isEuCountry(country) ? { country } : {});
        return seeOther(request, `${page}/done`);
      }
      case "decline":
        if (!paymentProviderFor(order.env)?.simulated) return seeOther(request, page);
        await closeOrder(db, scope, order.id, "decline");
        return seeOther(request, `${page}/done`);
      case "cancel":
        await closeOrder(db, scope, order.id, "cancel");
        return seeOther(request, `${page}/done`);
      default:
        return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
    }
  } catch (error) {
    // The order moved on (paid in another tab, expired): show where it stands.
    if (error instanceof AppError && error.code === "CONFLICT") return seeOther(request, `${page}/done`);
    throw error;
  }
}
