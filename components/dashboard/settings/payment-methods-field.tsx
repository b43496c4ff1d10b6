"use client";

export const METHODS = ["card", "bancontact", "ideal", "applepay", "googlepay", "paypal"] as const;
export type Method = (typeof METHODS)[number];

const methodLabel: Record<Method, string> = {
  card: "Card",
  bancontact: "Bancontact",
  ideal: "iDEAL | Wero",
  applepay: "Apple Pay",
  googlepay: "Google Pay",
  paypal: "PayPal",
};

/**
 * The methods offered on the hosted page. "Provider's default" leaves the choice to the studio's
 * Stripe or Mollie account; otherwise the ticked ones are asked of the provider.
 */
export function MethodsField({ env, methods, onChange, error }: { env: string; methods: Method[] | null; onChange: (next: Method[] | null) => void; error?: string[] }) {
  const chosen = methods ?? [];
  return (
    <fieldset className="space-y-2 text-sm" aria-describedby={error ? `methods-error-${env}` : undefined}>
      <legend className="font-medium text-slate-800">Payment methods</legend>
      <label className="flex items-center gap-2">
        <input type="checkbox" data-testid={`methods-default-${env}`} checked={methods === null} onChange={(e) => onChange(e.target.checked ? null : ["card"])} /> The
        provider&apos;s default (as set in its dashboard)
      </label>
      {methods !== null && (
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {METHODS.map((method) => (
            <label key={method} className="flex items-center gap-2">
              <input
                type="checkbox"
                name="methods"
                value={method}
                checked={chosen.includes(method)}
                onChange={(e) => onChange(e.target.checked ? METHODS.filter((m) => m === method || chosen.includes(m)) : chosen.filter((m) => m !== method))}
              />
              {methodLabel[method]}
            </label>
          ))}
        </div>
      )}
      {error && (
        <p id={`methods-error-${env}`} role="alert" className="text-xs text-rose-700">
          {error.join(" ")}
        </p>
      )}
    </fieldset>
  );
}
