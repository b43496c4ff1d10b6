"use client";

import { useEffect, useState } from "react";

/**
 * After the buyer pressed "Update price", the page comes back with the new figures. A screen reader
 * would not read a live region that is already full when the page loads, so the message is put into
 * the (empty, rendered) region just after hydration; focus goes back to the country select, where the
 * buyer was, unless the browser already put it somewhere (the redirect's `#country` does that too).
 */
export function PriceAnnouncement({ message, focusId }: { message: string; focusId: string }) {
  const [said, setSaid] = useState("");
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) document.getElementById(focusId)?.focus();
    // A short pause lets assistive technology register the empty region before its text arrives.
    const timer = window.setTimeout(() => setSaid(message), 250);
    return () => window.clearTimeout(timer);
  }, [message, focusId]);
  return (
    <p role="status" aria-live="polite" data-testid="price-announcement" className="sr-only">
      {said}
    </p>
  );
}
