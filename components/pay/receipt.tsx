import { countryName } from "@/server/payments/countries";
import { formatEuros, formatRate, type PayLocale, type PayMessages } from "@/server/payments/pay-messages";
import type { CheckoutPageData } from "@/server/orders/checkout-page";

/** The receipt of a paid order: what was bought, for how much (VAT shown apart), and what it credited. */
export function Receipt({ page, locale, t }: { page: CheckoutPageData; locale: PayLocale; t: PayMessages }) {
  const { order } = page;
  const when = order.fulfilledAt ?? order.paidAt ?? order.createdAt;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(new Date(when));
  const rows: [string, string, string][] = [
    [t.title, page.packName, "receipt-pack"],
    [t.subtotal, formatEuros(order.netCents, locale), "receipt-net"],
    [t.vat(formatRate(order.vatRateBp, locale)), formatEuros(order.vatCents, locale), "receipt-vat"],
    [t.total, order.amountCents === 0 ? t.free : formatEuros(order.amountCents, locale), "receipt-total"],
    [t.receiptCountry, countryName(order.country, locale), "receipt-country"],
    [t.orderReference, order.id, "receipt-order"],
    [t.receiptDate, date, "receipt-date"],
  ];
  return (
    <section data-testid="receipt" className="mt-6 rounded-xl bg-slate-50 p-4 text-left text-sm">
      <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-600">{t.receipt}</h2>
      <dl className="mt-2 space-y-1">
        {rows.map(([label, value, testId]) => (
          <div key={testId} className="flex justify-between gap-4">
            <dt className="text-slate-600">{label}</dt>
            <dd data-testid={testId} className="min-w-0 break-words text-right font-medium text-slate-900">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-4 text-xs font-semibold uppercase tracking-wide text-slate-600">{t.credited}</h3>
      <ul data-testid="receipt-credited" className="mt-1 space-y-1 text-slate-800">
        {page.coins.map((coin) => (
          <li key={coin.name} className="flex justify-between">
            <span>{coin.name}</span>
            <span className="font-medium">
              {coin.amount.toLocaleString(locale)}
              {coin.bonus > 0 && ` + ${coin.bonus.toLocaleString(locale)} ${t.bonus}`}
            </span>
          </li>
        ))}
        {page.items.map((item) => (
          <li key={item.name} className="flex justify-between">
            <span>{item.name}</span>
            <span className="font-medium">× {item.quantity}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
