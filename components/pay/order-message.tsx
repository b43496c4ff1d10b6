import { cspNonce } from "@/server/lib/csp-nonce";

/**
 * Tells the game window that opened the payment page how the order ended: `{ type: "gamecoin:order",
 * orderId, status }`, posted once to each target origin (see messageOriginsOf in
 * server/orders/checkout-page.ts). The browser delivers it only where the opener's origin is the
 * target, so posting to several origins tells no one else. Each post is tried on its own: one that
 * throws does not stop the others. The script carries the request's CSP nonce: the policy runs no
 * other inline script.
 */
export async function OrderMessage({ orderId, status, targetOrigins }: { orderId: string; status: string; targetOrigins: string[] }) {
  if (targetOrigins.length === 0) return null;
  const script = orderMessageScript(orderId, status, targetOrigins);
  return <script nonce={await cspNonce()} dangerouslySetInnerHTML={{ __html: script }} />;
}

/** The inline script: one postMessage per target origin, to the window that opened this page. */
export function orderMessageScript(orderId: string, status: string, targetOrigins: string[]): string {
  const message = JSON.stringify({ type: "gamecoin:order", orderId, status });
  const origins = JSON.stringify(targetOrigins);
  const script = `(function(){var o=window.opener;if(!o||o.closed)return;${origins}.forEach(function(t){try{o.postMessage(${message},t);}catch(e){}});})();`;
  // JSON.stringify output cannot close the script element once "<" is escaped (it only appears inside strings).
  return script.replace(/</g, "\\u003c");
}
