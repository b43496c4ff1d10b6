"use client";

import { useEffect, useRef, useState } from "react";

/** One country's figures, formatted by the server in the page's language. */
export type ShownPrice = { net: string; vatLabel: string; vat: string; announcement: string };

export type CountryPriceProps = {
  options: { code: string; name: string }[];
  initialCountry: string;
  prices: Record<string, ShownPrice>;
  total: string;
  updateAction: string;
  labels: { country: string; updateCountry: string; vatNote: string; subtotal: string; total: string };
  /** Said once after hydration: the page came back from "Update price" with the new figures. */
  initialAnnouncement: string | null;
};

/** Time after the last change before the new total is said: walking the list says only where it stops. */
const ANNOUNCE_DELAY_MS = 400;

/**
 * The country select and the price it gives, inside the Pay form: Pay posts the country on screen and
 * the server charges exactly that one. Without scripts the price is the server's for the preselected
 * country, and "Update price" (the same form, posted to the country action) recomputes it. With
 * scripts the figures follow the select at once, from the server's own table of every country, and
 * the polite live region says the new total. Changing the select never submits (WCAG 3.2.2).
 */
export function CountryPrice({ options, initialCountry, prices, total, updateAction, labels, initialAnnouncement }: CountryPriceProps) {
  const [country, setCountry] = useState(initialCountry);
  const [said, setSaid] = useState("");
  const select = useRef<HTMLSelectElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const price = prices[country] ?? prices[initialCountry];

  function announce(message: string, delayMs: number): void {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setSaid(message), delayMs);
  }

  useEffect(() => {
    // A country picked before hydration stays picked, and the figures follow it.
    const picked = select.current?.value;
    if (picked && picked !== initialCountry && prices[picked]) setCountry(picked);
    if (initialAnnouncement) {
      const active = document.activeElement;
      if (!active || active === document.body) select.current?.focus();
      // A region already full when the page loads is not read: the text arrives after a short pause.
      announce(initialAnnouncement, 250);
    }
    return () => window.clearTimeout(timer.current);
    // Once, on hydration: later changes come through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onChange(code: string): void {
    setCountry(code);
    const next = prices[code];
    if (next) announce(next.announcement, ANNOUNCE_DELAY_MS);
  }

  return (
    <>
      <div className="mt-5">
        <label className="block text-sm font-medium text-slate-800" htmlFor="country">
          {labels.country}
        </label>
        <div className="mt-1 flex gap-2">
          <select
            ref={select}
            id="country"
            name="country"
            value={country}
            onChange={(event) => onChange(event.target.value)}
            // A reload shows the server's country and price; a restored selection would disagree with them.
            autoComplete="off"
            aria-describedby="vat-note"
            data-testid="country"
            className="min-w-0 flex-1 rounded-md border border-slate-400 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-300"
          >
            {options.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
          <button
            type="submit"
            formAction={updateAction}
            // The consent box is for paying, not for seeing a price.
            formNoValidate
            data-testid="update-country"
            className="shrink-0 rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-indigo-300"
          >
            {labels.updateCountry}
          </button>
        </div>
        <p id="vat-note" className="mt-1 text-xs text-slate-600">
          {labels.vatNote}
        </p>
      </div>

      <dl id="price" className="mt-5 space-y-1 border-t border-slate-200 pt-4 text-sm">
        <div className="flex justify-between gap-3 text-slate-700">
          <dt>{labels.subtotal}</dt>
          <dd data-testid="net">{price?.net}</dd>
        </div>
        <div className="flex justify-between gap-3 text-slate-700">
          <dt data-testid="vat-label">{price?.vatLabel}</dt>
          <dd data-testid="vat">{price?.vat}</dd>
        </div>
        <div className="flex justify-between gap-3 pt-2 text-base font-bold text-slate-900">
          <dt>{labels.total}</dt>
          <dd data-testid="total">{total}</dd>
        </div>
      </dl>
      <p role="status" aria-live="polite" data-testid="price-announcement" className="sr-only">
        {said}
      </p>
    </>
  );
}
