import { payMessages } from "@/server/payments/pay-messages";
import { PayShell } from "@/components/pay/pay-shell";
import { pageLocale } from "../page-locale";

export async function PaymentLinkNotFound() {
  const locale = await pageLocale(null);
  const t = payMessages[locale];
  return (
    <PayShell lang={locale} gameName="Gamecoin" secureLabel={t.secureCheckout} testBanner={null}>
      <h1 className="text-xl font-bold text-slate-900">{t.notFoundTitle}</h1>
      <p className="mt-2 text-sm text-slate-600">{t.notFoundText}</p>
    </PayShell>
  );
}
