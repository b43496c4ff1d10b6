import type { PayMessages } from "@/server/payments/pay-messages";
import type { SellerIdentity } from "@/server/orders/checkout-page";

/** Only web links are shown: a stored value is the studio's input, never a script URL. */
function webUrl(value: string | null): string | null {
  return value && /^https?:\/\//i.test(value) ? value : null;
}

/** The seller's identity and legal links, as EU consumer law asks a distance sale to show them. */
export function SellerBlock({ seller, t }: { seller: SellerIdentity; t: PayMessages }) {
  const termsUrl = webUrl(seller.termsUrl);
  const privacyUrl = webUrl(seller.privacyUrl);
  if (!seller.name && !seller.address && !seller.email && !seller.vatNumber && !termsUrl && !privacyUrl) return null;
  return (
    <section data-testid="seller" className="mt-5 border-t border-slate-200 pt-4 text-xs text-slate-600">
      <h2 className="font-semibold text-slate-700">{t.seller}</h2>
      {seller.name && <p data-testid="seller-name">{seller.name}</p>}
      {seller.address && <p className="whitespace-pre-line" data-testid="seller-address">{seller.address}</p>}
      {seller.vatNumber && (
        <p data-testid="seller-vat">
          {t.sellerVat}: {seller.vatNumber}
        </p>
      )}
      {seller.email && (
        <p>
          <a className="underline" href={`mailto:${seller.email}`} data-testid="seller-email">
            {seller.email}
          </a>
        </p>
      )}
      <p className="mt-2 flex gap-4">
        {termsUrl && (
          <a className="underline" href={termsUrl} rel="noopener noreferrer" target="_blank" data-testid="terms-link">
            {t.terms}
          </a>
        )}
        {privacyUrl && (
          <a className="underline" href={privacyUrl} rel="noopener noreferrer" target="_blank" data-testid="privacy-link">
            {t.privacy}
          </a>
        )}
      </p>
    </section>
  );
}
