import type { PayMessages } from "@/server/payments/pay-messages";
import type { ReceiptFacts } from "@/server/payments/receipt-facts";

/**
 * The receipt a buyer keeps (a durable medium, Directive 2011/83/EU art. 8(7)): printable as it is,
 * the print stylesheet being Tailwind's `print:` variants (no frame, no shadow, black on white).
 */
export function ReceiptDocument({ facts, t }: { facts: ReceiptFacts; t: PayMessages }) {
  const { seller } = facts;
  const rows: [string, string, string][] = [
    [t.receiptItem, facts.packName, "receipt-pack"],
    [t.subtotal, facts.net, "receipt-net"],
    [facts.vatLabel, facts.vat, "receipt-vat"],
    [t.total, facts.total, "receipt-total"],
    [t.receiptCountry, facts.country, "receipt-country"],
    [t.orderReference, facts.orderId, "receipt-order"],
    [t.receiptDate, facts.date, "receipt-date"],
  ];
  return (
    <article data-testid="receipt-document" className="text-sm text-slate-900 print:text-black">
      <h1 className="text-2xl font-bold">{t.receiptPageTitle(facts.gameName)}</h1>
      {facts.refunded && (
        <p data-testid="receipt-refunded" className="mt-2 font-medium text-rose-800 print:text-black">
          {facts.refunded}
        </p>
      )}
      <section aria-labelledby="receipt-seller" className="mt-4">
        <h2 id="receipt-seller" className="text-xs font-semibold uppercase tracking-wide text-slate-600 print:text-black">
          {t.seller}
        </h2>
        <p data-testid="receipt-seller-name">{seller.name ?? facts.gameName}</p>
        {seller.address && <p className="whitespace-pre-line">{seller.address}</p>}
        {seller.vatNumber && (
          <p data-testid="receipt-seller-vat">
            {t.sellerVat}: {seller.vatNumber}
          </p>
        )}
        {seller.email && <p>{seller.email}</p>}
      </section>
      <dl className="mt-4 space-y-1 border-t border-slate-200 pt-3">
        {rows.map(([label, value, testId]) => (
          <div key={testId} className="flex justify-between gap-4">
            <dt className="text-slate-600 print:text-black">{label}</dt>
            <dd data-testid={testId} className="min-w-0 break-words text-right font-medium">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-4 text-xs font-semibold uppercase tracking-wide text-slate-600 print:text-black">{t.credited}</h2>
      <ul data-testid="receipt-credited" className="mt-1 list-disc pl-5">
        {facts.credited.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <section aria-labelledby="receipt-waiver" className="mt-4 rounded-lg bg-slate-50 p-3 print:bg-white print:p-0">
        <h2 id="receipt-waiver" className="text-xs font-semibold uppercase tracking-wide text-slate-600 print:text-black">
          {facts.consent.heading}
        </h2>
        <p data-testid="receipt-waiver" data-version={facts.consent.version ?? ""} className="mt-1">
          {facts.consent.text}
        </p>
      </section>
      <p className="mt-4 text-xs text-slate-600 print:hidden">{t.receiptPrintHint}</p>
    </article>
  );
}
