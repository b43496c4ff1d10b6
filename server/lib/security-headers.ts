import "server-only";
/**
 * The security headers of every answer, built in one place: `proxy.ts` puts them on everything
 * Next.js serves (pages, route handlers, static files), `server/api/node-adapter.ts` on the API answers
 * the Node server gives itself in production.
 */

import { config } from "./config";

/** Where the hosted payment page may send the buyer's form: Stripe Checkout and Mollie's checkout collect real payments. */
export const PAYMENT_FORM_TARGETS = ["https://checkout.stripe.com", "https://www.mollie.com"] as const;

/**
 * The payment page's form targets. Pay answers 303 to the Checkout Session's URL, and browsers apply
 * `form-action` to a form's redirects too. When STRIPE_API_BASE points at a Stripe-compatible server
 * (tests, staging), its sessions' pages are on that server, so its origin is allowed as well.
 */
export function paymentFormTargets(stripeApiBase?: string, mollieApiBase?: string): string[] {
  const real = new Set(["https://api.stripe.com", "https://api.mollie.com"]);
  const local = [stripeApiBase, mollieApiBase].flatMap((base) => (base ? [new URL(base).origin] : [])).filter((origin) => !real.has(origin));
  return [...new Set([...PAYMENT_FORM_TARGETS, ...local])];
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function servesHttps(publicUrl: string): boolean {
  return publicUrl.toLowerCase().startsWith("https://");
}

export function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

/** The hosted payment page and its form targets: their URL holds the checkout token. */
export function isPaymentPath(path: string): boolean {
  return path === "/pay" || path.startsWith("/pay/");
}

/**
 * For every answer, JSON included. HSTS only when the public address is https: sent over plain http a
 * browser ignores it, and sent by an http-only deployment it would promise TLS nobody serves.
 * No includeSubDomains: the operator's other hosts are not ours to pin to https.
 */
export function baseSecurityHeaders(publicUrl: string): Record<string, string> {
  const headers: Record<string, string> = { "X-Content-Type-Options": "nosniff" };
  if (servesHttps(publicUrl)) headers["Strict-Transport-Security"] = `max-age=${ONE_YEAR_SECONDS}`;
  return headers;
}

export type PolicyOptions = {
  /** A fresh random value per request; Next.js finds it in the request's CSP and puts it on its scripts. */
  nonce: string;
  /** `npm run dev`: React's dev tools need eval and Next.js injects styles without a nonce. */
  dev: boolean;
  https: boolean;
  paymentPage: boolean;
  /** Shop pages also load images over https (the studio's logo). */
  shopPage?: boolean;
  /** config().STRIPE_API_BASE; see paymentFormTargets. */
  stripeApiBase?: string;
  /** config().MOLLIE_API_BASE; a local Mollie-compatible server's checkout pages are on its origin. */
  mollieApiBase?: string;
};

/**
 * The strict policy of the Next.js CSP guide: only scripts carrying this request's nonce run, and what
 * they load ('strict-dynamic'); no plugins, no <base>, no framing. Style attributes stay allowed
 * (`style-src-attr`): React and recharts server-render `style="…"` (the revenue chart's height), and
 * an attribute cannot run script; <style> and stylesheets still need the nonce or our own origin.
 */
export function contentSecurityPolicy({ nonce, dev, https, paymentPage, shopPage, stripeApiBase, mollieApiBase }: PolicyOptions): string {
  const formTargets = paymentPage ? ["'self'", ...paymentFormTargets(stripeApiBase, mollieApiBase)] : ["'self'"];
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    dev ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    shopPage ? "img-src 'self' data: https:" : "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action ${formTargets.join(" ")}`,
    "frame-ancestors 'none'",
  ];
  // On a plain-http deployment this would send the page's own requests to an https port nobody serves.
  if (https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** The hosted web shop: it shows the studio's logo, from the studio's own https host. */
export function isShopPath(path: string): boolean {
  return path === "/shop" || path.startsWith("/shop/");
}

/**
 * Pages (everything Next.js serves outside /api). The payment page sends no Referer at all: its URL
 * holds the checkout token. Other pages keep it on our own origin, so no dashboard or invitation URL
 * reaches another site, while same-origin requests still carry their Origin (a `no-referrer` page
 * sends `Origin: null` with its POSTs).
 */
export function pageSecurityHeaders(options: { path: string; nonce: string; publicUrl: string; dev: boolean }): Record<string, string> & { "Content-Security-Policy": string } {
  const paymentPage = isPaymentPath(options.path);
  return {
    ...baseSecurityHeaders(options.publicUrl),
    "Content-Security-Policy": contentSecurityPolicy({
      nonce: options.nonce,
      dev: options.dev,
      https: servesHttps(options.publicUrl),
      paymentPage,
      shopPage: isShopPath(options.path),
      stripeApiBase: config().STRIPE_API_BASE,
      mollieApiBase: config().MOLLIE_API_BASE,
    }),
    "X-Frame-Options": "DENY",
    "Referrer-Policy": paymentPage ? "no-referrer" : "same-origin",
  };
}
