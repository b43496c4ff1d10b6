/**
 * Stripe Checkout's hosted page, reduced to what a browser test needs: the amount and product, a
 * "Pay" button (the session completes, its webhook is delivered, then the browser goes to
 * success_url) and a "Cancel" link back to cancel_url.
 */
import type { StripeMock } from "./mock";
import { sessionExtras, type Session } from "./objects";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function amount(session: Session): string {
  return new Intl.NumberFormat("en-IE", { style: "currency", currency: session.currency.toUpperCase() }).format(session.amount_total / 100);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><main>${body}</main></body></html>`;
}

export type PageResult = { status: number; html?: string; redirect?: string };

export function showSession(mock: StripeMock, id: string): PageResult {
  const session = mock.state.find<Session>(null, id, "checkout.session");
  if (!session) return { status: 404, html: page("Not found", "<h1>Something went wrong</h1><p>This Checkout Session does not exist.</p>") };
  if (session.status !== "open" || mock.state.now() >= session.expires_at) {
    return { status: 200, html: page("Session closed", `<h1>This Checkout Session is no longer available</h1><p>Status: ${escape(session.status)}</p>`) };
  }
  const product = sessionExtras.get(session)?.productName ?? "";
  const cancel = session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Cancel</a></p>` : "";
  return {
    status: 200,
    html: page(
      `Pay ${amount(session)}`,
      `<h1>Mock Stripe Checkout</h1>
<p data-testid="product">${escape(product)}</p>
<p data-testid="amount">${escape(amount(session))}</p>
<form method="post" action="/c/pay/${escape(session.id)}/pay"><button type="submit">Pay ${escape(amount(session))}</button></form>
${cancel}`,
    ),
  };
}

export async function paySessionFromPage(mock: StripeMock, id: string): Promise<PageResult> {
  const session = mock.state.find<Session>(null, id, "checkout.session");
  if (!session) return showSession(mock, id);
  try {
    // The webhook is delivered before the redirect, as a fast Stripe would; the app must not rely on it.
    await mock.paySession(id);
  } catch {
    return showSession(mock, id);
  }
  return { status: 303, redirect: session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id) };
}
