import type { Checkout, Order } from "./types.js";

export type BuyPackOptions = {
  /** Where the payment page's "Back to the game" link leads (https, this page's origin). */
  successUrl?: string;
  cancelUrl?: string;
  /** `fr`, `en` or `nl`; by default the browser's language. */
  locale?: "fr" | "en" | "nl";
  /** A creator code typed by the buyer. */
  creatorCode?: string;
  /** Reuse to resume the same checkout (default: a new key per call). */
  idempotencyKey?: string;
  /** `window.open` features of the payment window (default a centered 480×720 popup). */
  windowFeatures?: string;
  /** After the window closes without a message, how long to keep reading the order for an outcome (default 10 000 ms). */
  closedPollMs?: number;
  /** The window to open from (default `globalThis.window`); for tests and iframes. */
  window?: Window;
};

const ORDER_MESSAGE = "gamecoin:order";

function defaultFeatures(win: Window): string {
  const width = 480;
  const height = 720;
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2));
  return `popup,width=${width},height=${height},left=${left},top=${top}`;
}

/** Opens the (blank) payment window now, inside the click; null when there is no window or it was blocked. */
export function openPaymentWindow(options: BuyPackOptions): Window | null {
  const win = options.window ?? (globalThis as { window?: Window }).window;
  if (!win) return null;
  // No noopener: the payment page reports the outcome to its opener.
  return win.open("about:blank", "_blank", options.windowFeatures ?? defaultFeatures(win));
}

function isOrderMessage(data: unknown, orderId: string): boolean {
  if (typeof data !== "object" || data === null) return false;
  const message = data as { type?: unknown; orderId?: unknown };
  return message.type === ORDER_MESSAGE && message.orderId === orderId;
}

/**
 * The order once the payment page reports it: a `gamecoin:order` message from the payment page's origin
 * (the checkout URL's) and from that window, for this order; or, when the window closes without one,
 * the order read until it leaves `pending` or closedPollMs pass.
 */
/** The order a payment window was opened for, and how to read it again. */
export type WatchedOrder = { checkout: Checkout; getOrder: (orderId: string) => Promise<Order> };

export function awaitOrderOutcome(popup: Window, { checkout, getOrder }: WatchedOrder, options: BuyPackOptions): Promise<Order> {
  const win = options.window ?? (globalThis as { window?: Window }).window;
  const paymentOrigin = new URL(checkout.checkoutUrl).origin;
  const orderId = checkout.order.id;
  return new Promise<Order>((resolve, reject) => {
    let settled = false;
    const finish = (work: () => Promise<Order>) => {
      if (settled) return;
      settled = true;
      win?.removeEventListener("message", onMessage);
      clearInterval(closedWatch);
      work().then(resolve, reject);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== paymentOrigin || event.source !== popup || !isOrderMessage(event.data, orderId)) return;
      finish(() => getOrder(orderId));
    };
    const closedWatch = setInterval(() => {
      if (popup.closed) finish(() => pollUntilSettled(orderId, getOrder, options.closedPollMs ?? 10_000));
    }, 500);
    win?.addEventListener("message", onMessage);
  });
}

async function pollUntilSettled(orderId: string, getOrder: (orderId: string) => Promise<Order>, budgetMs: number): Promise<Order> {
  const deadline = Date.now() + budgetMs;
  for (;;) {
    const order = await getOrder(orderId);
    if (order.status !== "pending" || Date.now() >= deadline) return order;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
