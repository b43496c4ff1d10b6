import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import type { VatBreakdown } from "@/server/vat/eu-vat";
import { countriesByName, countryName } from "@/server/payments/countries";
import { formatEuros, formatRate, payErrorOf, payMessages, type PayLocale } from "@/server/payments/pay-messages";
import { PayShell } from "@/components/pay/pay-shell";
import { CountryPrice, type ShownPrice } from "@/components/pay/country-price";
import { SellerBlock } from "@/components/pay/seller-block";
import { checkoutPageFor, payMetadata } from "../page-locale";

export const dynamic = "force-dynamic";
export async function generateMetadata({ params }: { params: Promise<{ token: string }> }): Promise<Metadata> {
  return payMetadata((await params).token);
}

export default async function CheckoutPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await params;
  const query = await searchParams;
  const error = payErrorOf(query.error);
  const page = await checkoutPageFor(token);
  if (!page) notFound();
  if (page.order.status !== "pending" || page.expired) redirect(`/pay/${token}/done`);
  const { locale } = page;
  const t = payMessages[locale];
  const { order } = page;
  const free = order.amountCents === 0;
  // A sale of digital content needs the buyer's express consent (EU consumer law); the simulator asks too, as a rehearsal.
  const askConsent = !free;
  const action = (name: string) => `/pay/${token}/${name}`;
  // Set by the country form's redirect: the figures below are the chosen country's, say so once.
  const priceUpdated = !error && query.updated === "country";
  const total = free ? t.free : formatEuros(order.amountCents, locale);
  const prices = pricesShown(page.prices, locale, total);
  const expiry = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" }).format(new Date(page.expiresAt));

  return (
    <PayShell lang={locale} gameName={page.gameName} secureLabel={t.secureCheckout} testBanner={page.scope.env === "test" ? t.testBanner : null}>
      <div>
        <p className="text-xs font-semibold uppercase tracking-widest text-indigo-700">{t.title}</p>
        <h1 className="mt-1 break-words text-2xl font-bold text-slate-900" data-testid="pack-name">
          {page.packName}
        </h1>

        {error && (
          <p role="alert" data-testid="pay-error" className="mt-4 rounded-md border border-rose-200 bg-rose-50 p-3 text-sm text-rose-900">
            {t.errors[error]}
          </p>
        )}

        <section className="mt-5 rounded-xl bg-slate-50 p-4">
          <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-600">{t.contents}</h2>
          <ul className="mt-2 space-y-1 text-sm text-slate-800">
            {page.coins.map((coin) => (
              <li key={coin.name} className="flex justify-between gap-3">
                <span className="min-w-0 break-words">{coin.name}</span>
                <span className="shrink-0 font-medium">
                  {coin.amount.toLocaleString(locale)}
                  {coin.bonus > 0 && (
                    <span className="ml-1 text-emerald-700">
                      + {coin.bonus.toLocaleString(locale)} {t.bonus}
                    </span>
                  )}
                </span>
              </li>
            ))}
            {page.items.map((item) => (
              <li key={item.name} className="flex justify-between gap-3">
                <span className="min-w-0 break-words">
                  {item.name}
                  {item.euroCents !== null && (
                    <span data-testid="item-euro-equivalent" className="ml-1 text-xs text-slate-600">
                      ({t.euroEquivalent(formatEuros(item.euroCents, locale))})
                    </span>
                  )}
                </span>
                <span className="shrink-0 font-medium">× {item.quantity.toLocaleString(locale)}</span>
              </li>
            ))}
          </ul>
          {page.items.some((item) => item.euroCents !== null) && <p className="mt-2 text-xs text-slate-600">{t.euroEquivalentNote}</p>}
        </section>

        <div className="space-y-2">
          {/* One form: Pay posts the country on screen, "Update price" posts the same select to the country action. */}
          <form method="post" action={action("pay")}>
            <CountryPrice
              options={countriesByName(page.countries, locale)}
              initialCountry={page.shownCountry}
              prices={prices}
              total={total}
              updateAction={action("country")}
              labels={{ country: t.country, updateCountry: t.updateCountry, vatNote: t.vatNote, subtotal: t.subtotal, total: t.total }}
              initialAnnouncement={priceUpdated ? (prices[order.country]?.announcement ?? null) : null}
            />
            {page.simulated && !free && <p className="mt-5 rounded-md bg-amber-50 p-3 text-xs text-amber-900">{t.testHint}</p>}
            {!free && page.paymentMethods && (
              <p className="mt-4 text-sm text-slate-700" data-testid="payment-methods">
                {t.methodsOffered(page.paymentMethods.join(", "))}
              </p>
            )}
            <div className="mt-4">
              {askConsent && (
                <label className="mb-3 flex items-start gap-2 text-sm text-slate-800" htmlFor="consent">
                  <input id="consent" type="checkbox" name="consent" value="yes" required data-testid="consent" className="mt-0.5 h-4 w-4 shrink-0" />
                  <span>{t.consent}</span>
                </label>
              )}
              <button
                type="submit"
                data-testid="pay"
                className="w-full rounded-lg bg-indigo-700 px-4 py-3 text-base font-semibold text-white shadow hover:bg-indigo-600 focus:outline-none focus:ring-4 focus:ring-indigo-300"
              >
                {free ? t.confirmFree : t.pay(total)}
              </button>
            </div>
          </form>
          <div className="flex flex-wrap gap-2">
            {page.simulated && !free && (
              <form method="post" action={action("decline")} className="flex-1">
                <button type="submit" data-testid="decline" className="w-full rounded-lg border border-rose-200 bg-rose-50 px-4 py-2 text-sm font-medium text-rose-800 hover:bg-rose-100">
                  {t.decline}
                </button>
              </form>
            )}
            <form method="post" action={action("cancel")} className="flex-1">
              <button type="submit" data-testid="cancel" className="w-full rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
                {t.cancel}
              </button>
            </form>
          </div>
        </div>
        <p className="mt-4 text-center text-xs text-slate-600">{t.expiresAt(expiry)}</p>
        <SellerBlock seller={page.seller} t={t} />
      </div>
    </PayShell>
  );
}

/** Each country's figures as the page writes them, and the sentence the live region says when it is chosen. */
function pricesShown(prices: VatBreakdown[], locale: PayLocale, total: string): Record<string, ShownPrice> {
  const t = payMessages[locale];
  return Object.fromEntries(
    prices.map((price) => {
      const vatLabel = t.vat(formatRate(price.vatRateBp, locale));
      const vat = formatEuros(price.vatCents, locale);
      const announcement = t.priceUpdated(countryName(price.country, locale), `${vatLabel} ${vat}`, total);
      const shown: ShownPrice = { net: formatEuros(price.netCents, locale), vatLabel, vat, announcement };
      return [price.country, shown];
    }),
  );
}
