import { cspNonce } from "@/server/lib/csp-nonce";

/**
 * Tells the game window that opened the payment page how the order ended. The target origin is always
 * explicit except `*` in test when the checkout named none; the page never posts without one in live.
 * The script carries the request's CSP nonce: the policy runs no other inline script.
 */
export async function OrderMessage({ orderId, status, targetOrigin }: { orderId: string; status: string; targetOrigin: string | null }) {
  if (!targetOrigin) return null;
  const message = JSON.stringify({ type: "gamecoin:order", orderId, status });
  const origin = JSON.stringify(targetOrigin);
  const script = `(function(){try{if(window.opener&&!window.opener.closed){window.opener.postMessage(${message},${origin});}}catch(e){}})();`;
  // JSON.stringify output cannot close the script element: "<" only appears inside strings we control.
  return <script nonce={await cspNonce()} dangerouslySetInnerHTML={{ __html: script.replace(/</g, "\\u003c") }} />;
}
