import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getDb } from "@/server/db/connection";
import { payMessages, retryRefusalOf, type PayLocale, type PayMessages } from "@/server/payments/pay-messages";
import { OrderMessage } from "@/components/pay/order-message";
import { PayShell } from "@/components/pay/pay-shell";
import { Receipt } from "@/components/pay/receipt";
import { WaitForConfirmation } from "@/components/pay/wait-for-confirmation";
import { getCheckoutPage, type CheckoutPageData } from "@/server/orders/checkout-page";
import { settleFromProviderSession } from "@/server/payments/reconcile";
import { RETRYABLE_STATUSES } from "@/server/payments/retry-checkout";
import { receiptIdOf } from "@/server/payments/receipt-link";
import { acceptLanguage, checkoutPageFor, payMetadata } from "../../page-locale";

export const dynamic = "force-dynamic";
export async function generateMetadata({ params }: { params: Promise<{ token: string }> }): Promise<Metadata> {
  return payMetadata((await params).token);
}

const successful = new Set(["fulfilled", "paid"]);

const PRIMARY = "rounded-lg bg-indigo-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-indigo-600 focus:outline-none focus:ring-4 focus:ring-indigo-300";
const SECONDARY = "rounded-lg border border-slate-300 bg-white px-5 py-2.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-indigo-300";

/** Seconds between checks while a provider's payment is being confirmed (its webhook has not arrived yet). */
const CONFIRMING_REFRESH_SECONDS = 3;

export default async function ConfirmationPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await params;
  const query = await searchParams;
  const db = await getDb();
  let page = await checkoutPageFor(token);
  if (!page) notFound();
  // Back from Stripe's success URL (it names the session), or from Mollie's redirect URL (`back=mollie`), before its webhook: the session is read once
  // to settle the order (the same path as the webhook, recorded once), then the page checks every few
  // seconds and reloads once the order has moved. Back from its cancel URL, the order is still pending and can be paid again.
  const backFromProvider = page.order.status === "pending" && !page.expired && page.providerSessionId !== null && (query.session_id === page.providerSessionId || (page.provider === "mollie" && query.back === "mollie"));
  if (backFromProvider && query.checked === undefined) {
    await settleFromProviderSession(db, page.scope, page.order.id);
    page = (await getCheckoutPage(db, token, await acceptLanguage())) ?? page;
  }
  const { locale } = page;
  const t = payMessages[locale];
  // A pending order past its time is shown as expired even before the expiry job has run.
  const status = page.expired ? "expired" : page.order.status;
  const confirming = backFromProvider && status === "pending";
  const ok = successful.has(status);
  const back = ok ? page.successUrl : (page.cancelUrl ?? page.successUrl);
  // Declined or canceled: "Try again" makes a new checkout. Left unfinished (back from Stripe's cancel URL): the same page.
  const retryable = RETRYABLE_STATUSES.includes(status);
  const retryRefused = retryable ? retryRefusalOf(query.retry) : null;
  const offerRetry = (retryable && !retryRefused) || status === "pending";
  if (confirming) return <Confirming page={page} t={t} locale={locale} token={token} sessionId={page.providerSessionId ?? ""} />;

  return (
    <PayShell lang={locale} gameName={page.gameName} secureLabel={t.secureCheckout} testBanner={page.scope.env === "test" ? t.testBanner : null}>
      <div className="text-center" data-testid="confirmation" data-status={status}>
        <div className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full ${ok ? "bg-emerald-100 text-emerald-700" : "bg-slate-100 text-slate-600"}`}>
          <span aria-hidden="true" className="text-2xl">
            {ok ? "✓" : "×"}
          </span>
        </div>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t.doneTitle[status]}</h1>
        <p className="mt-2 text-sm text-slate-600">{t.doneText[status]}</p>
        {ok ? (
          <>
            <Receipt page={page} locale={locale} t={t} />
            <p className="mt-3 text-sm">
              <a href={`/receipts/${receiptIdOf(page.order.id)}`} data-testid="receipt-link" className="font-medium text-indigo-700 underline">
                {t.receiptLink}
              </a>
            </p>
          </>
        ) : (
          <p className="mt-4 text-xs text-slate-600">
            {t.orderReference}: <span className="font-mono">{page.order.id}</span>
          </p>
        )}
        {retryRefused && (
          <p role="alert" data-testid="retry-error" className="mt-4 rounded-md border border-rose-200 bg-rose-50 p-3 text-sm text-rose-900">
            {t.retryErrors[retryRefused]}
          </p>
        )}
        <div className="mt-6 flex flex-col items-center gap-3">
          {offerRetry &&
            (status === "pending" ? (
              <a href={`/pay/${token}`} data-testid="try-again" className={PRIMARY}>
                {t.tryAgain}
              </a>
            ) : (
              <form method="post" action={`/pay/${token}/retry`}>
                <button type="submit" data-testid="try-again" className={PRIMARY}>
                  {t.tryAgain}
                </button>
              </form>
            ))}
          {back ? (
            <a href={back} data-testid="back" className={offerRetry ? SECONDARY : PRIMARY}>
              {t.backToGame}
            </a>
          ) : (
            <p className="text-sm text-slate-600">{t.closeWindow}</p>
          )}
        </div>
      </div>
      <OrderMessage orderId={page.order.id} status={status} targetOrigins={page.messageOrigins} />
    </PayShell>
  );
}

/** The buyer paid at Stripe and came back before its webhook: no message yet (the order has not moved). */
function Confirming({ page, t, locale, token, sessionId }: { page: CheckoutPageData; t: PayMessages; locale: PayLocale; token: string; sessionId: string }) {
  const again = `/pay/${encodeURIComponent(token)}/done?session_id=${encodeURIComponent(sessionId)}&checked=1`;
  return (
    <PayShell lang={locale} gameName={page.gameName} secureLabel={t.secureCheckout} testBanner={page.scope.env === "test" ? t.testBanner : null}>
      <WaitForConfirmation url={again} seconds={CONFIRMING_REFRESH_SECONDS} />
      <div className="text-center" data-testid="confirmation" data-status="confirming" aria-live="polite">
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t.confirmingTitle}</h1>
        <p className="mt-2 text-sm text-slate-600">{t.confirmingText}</p>
        <p className="mt-4 text-xs text-slate-600">
          {t.orderReference}: <span className="font-mono">{page.order.id}</span>
        </p>
      </div>
    </PayShell>
  );
}
