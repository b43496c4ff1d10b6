import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { payMessages } from "@/components/pay/messages";
import { OrderMessage } from "@/components/pay/order-message";
import { PayShell } from "@/components/pay/pay-shell";
import { getCheckoutPage } from "@/server/orders/checkout-page";
import { pageLocale } from "../../page-locale";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Checkout", robots: { index: false } };

const successful = new Set(["fulfilled", "paid"]);

export default async function ConfirmationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const page = await getCheckoutPage(await getDb(), token);
  if (!page) notFound();
  const locale = await pageLocale(page.locale);
  const t = payMessages[locale];
  // A pending order past its time is shown as expired even before the expiry job has run.
  const status = page.expired ? "expired" : page.order.status;
  const ok = successful.has(status);
  const back = ok ? page.successUrl : (page.cancelUrl ?? page.successUrl);

  return (
    <PayShell gameName={page.gameName} secureLabel={t.secureCheckout} testBanner={page.scope.env === "test" ? t.testBanner : null}>
      <div lang={locale} className="text-center" data-testid="confirmation" data-status={status}>
        <div className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full ${ok ? "bg-emerald-100 text-emerald-700" : "bg-slate-100 text-slate-600"}`}>
          <span aria-hidden="true" className="text-2xl">
            {ok ? "✓" : "×"}
          </span>
        </div>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t.doneTitle[status]}</h1>
        <p className="mt-2 text-sm text-slate-600">{t.doneText[status]}</p>
        <p className="mt-4 text-xs text-slate-500">
          {t.orderReference}: <span className="font-mono">{page.order.id}</span>
        </p>
        {back ? (
          <a href={back} data-testid="back" className="mt-6 inline-block rounded-lg bg-indigo-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-indigo-500">
            {t.backToGame}
          </a>
        ) : (
          <p className="mt-6 text-sm text-slate-600">{t.closeWindow}</p>
        )}
      </div>
      <OrderMessage orderId={page.order.id} status={status} targetOrigin={page.messageOrigin} />
    </PayShell>
  );
}
