"use client";

import { useEffect } from "react";

/**
 * While a Stripe payment is being confirmed, the page asks the server every few seconds whether the
 * order moved, and reloads once when it did. A page that reloads itself every 3 seconds would throw a
 * screen-reader user back to its top each time (WCAG 2.2.1); without scripts, the <noscript> refresh
 * keeps the old behaviour so the buyer still sees the outcome.
 */
export function WaitForConfirmation({ url, seconds }: { url: string; seconds: number }) {
  useEffect(() => {
    let done = false;
    const timer = window.setInterval(async () => {
      try {
        const response = await fetch(url, { cache: "no-store" });
        // The confirmation page marks this state; any other answer (moved on, or an error) deserves the real page.
        if (!done && !(response.ok && (await response.text()).includes('data-status="confirming"'))) {
          done = true;
          window.location.replace(url);
        }
      } catch {
        // Offline for a moment: the next tick asks again.
      }
    }, seconds * 1000);
    return () => {
      done = true;
      window.clearInterval(timer);
    };
  }, [url, seconds]);
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${seconds};url=${url}`} />
    </noscript>
  );
}
