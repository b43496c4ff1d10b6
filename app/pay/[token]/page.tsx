import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { AutoSubmitSelect } from "@/components/pay/auto-submit-select";
import { countryName, formatEuros, formatRate, payErrorOf, payMessages } from "@/components/pay/messages";
import { PayShell } from "@/components/pay/pay-shell";
import { SellerBlock } from "@/components/pay/seller-block";
import { getCheckoutPage } from "@/server/orders/checkout-page";
import { pageLocale } from "../page-locale";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Checkout", robots: { index: false } };

export default async function CheckoutPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await params;
  const error = payErrorOf((await searchParams).error);
  const page = await getCheckoutPage(await getDb(), token);
  if (!page) notFound();
  if (page.order.status !== "pending" || page.expired) redirect(`/pay/${token}/done`);
  const locale = await pageLocale(page.locale);
  const t = payMessages[locale];
  const { order } = page;
  const free = order.amountCents === 0;
  // A real sale of digital content needs the buyer's express consent (EU consumer law); the simulator moves no money.
  const askConsent = !free && page.provider === "stripe";
  const action = (name: string) => `/pay/${token}/${name}`;
  const expiry = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" }).format(new Date(page.expiresAt));

  return (
    <PayShell gameName={page.gameName} secureLabel={t.secureCheckout} testBanner={page.scope.env === "test" ? t.testBanner : null}>
      <div lang={locale}>
        <p className="text-xs font-semibold uppercase tracking-widest text-indigo-600">{t.title}</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900" data-testid="pack-name">
          {order.pack.name}
        </h1>

        {error && (
          <p role="alert" data-testid="pay-error" className="mt-4 rounded-md border border-rose-200 bg-rose-50 p-3 text-sm text-rose-900">
            {t.errors[error]}
          </p>
        )}

        <section className="mt-5 rounded-xl bg-slate-50 p-4">
          <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t.contents}</h2>
          <ul className="mt-2 space-y-1 text-sm text-slate-800">
            {page.coins.map((coin) => (
              <li key={coin.name} className="flex justify-between">
                <span>{coin.name}</span>
                <span className="font-medium">
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
              <li key={item.name} className="flex justify-between">
                <span>{item.name}</span>
                <span className="font-medium">× {item.quantity}</span>
              </li>
            ))}
          </ul>
        </section>

        <form method="post" action={action("country")} className="mt-5">
          <label className="block text-sm font-medium text-slate-700" htmlFor="country">
            {t.country}
          </label>
          <div className="mt-1 flex gap-2">
            <AutoSubmitSelect id="country" name="country" defaultValue={order.country} label={t.country}>
              {page.countries.map((code) => (
                <option key={code} value={code}>
                  {countryName(code, locale)}
                </option>
              ))}
            </AutoSubmitSelect>
            <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
              {t.updateCountry}
            </button>
          </div>
          <p className="mt-1 text-xs text-slate-500">{t.vatNote}</p>
        </form>

        <dl className="mt-5 space-y-1 border-t border-slate-200 pt-4 text-sm">
          <div className="flex justify-between text-slate-600">
            <dt>{t.subtotal}</dt>
            <dd data-testid="net">{formatEuros(order.netCents, locale)}</dd>
          </div>
          <div className="flex justify-between text-slate-600">
            <dt>{t.vat(formatRate(order.vatRateBp, locale))}</dt>
            <dd data-testid="vat">{formatEuros(order.vatCents, locale)}</dd>
          </div>
          <div className="flex justify-between pt-2 text-base font-bold text-slate-900">
            <dt>{t.total}</dt>
            <dd data-testid="total">{free ? t.free : formatEuros(order.amountCents, locale)}</dd>
          </div>
        </dl>

        {page.simulated && !free && <p className="mt-5 rounded-md bg-amber-50 p-3 text-xs text-amber-900">{t.testHint}</p>}

        <div className="mt-4 space-y-2">
          <form method="post" action={action("pay")}>
            <input type="hidden" name="country" value={order.country} />
            {askConsent && (
              <label className="mb-3 flex items-start gap-2 text-sm text-slate-700" htmlFor="consent">
                <input id="consent" type="checkbox" name="consent" value="yes" required data-testid="consent" className="mt-0.5 h-4 w-4 shrink-0" />
                <span>{t.consent}</span>
              </label>
            )}
            <button
              type="submit"
              data-testid="pay"
              className="w-full rounded-lg bg-indigo-600 px-4 py-3 text-base font-semibold text-white shadow hover:bg-indigo-500 focus:outline-none focus:ring-4 focus:ring-indigo-200"
            >
              {free ? t.confirmFree : t.pay(formatEuros(order.amountCents, locale))}
            </button>
          </form>
          <div className="flex gap-2">
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
        <p className="mt-4 text-center text-xs text-slate-500">{t.expiresAt(expiry)}</p>
        <SellerBlock seller={page.seller} t={t} />
      </div>
    </PayShell>
  );
}
