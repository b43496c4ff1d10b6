/** Mollie's v2 objects as the local server keeps and answers them (only the fields Mollie documents). */
export type Amount = { currency: string; value: string };
export type Mode = "test" | "live";
export type PaymentStatus = "open" | "canceled" | "pending" | "authorized" | "expired" | "failed" | "paid";

export type Payment = {
  resource: "payment";
  id: string;
  mode: Mode;
  status: PaymentStatus;
  amount: Amount;
  amountRefunded?: Amount;
  amountRemaining?: Amount;
  amountChargedBack?: Amount;
  description: string;
  method: string | null;
  metadata: unknown;
  locale: string | null;
  redirectUrl: string;
  cancelUrl?: string | null;
  webhookUrl: string | null;
  isCancelable: boolean;
  createdAt: string;
  expiresAt?: string;
  paidAt?: string;
  canceledAt?: string;
  expiredAt?: string;
  failedAt?: string;
  details: Record<string, string> | null;
  _links: Record<string, { href: string; type: string } | null>;
};

export type Refund = { resource: "refund"; id: string; amount: Amount; status: "queued" | "pending" | "processing" | "refunded" | "failed" | "canceled"; paymentId: string; description: string; metadata: unknown; createdAt: string };
export type Chargeback = { resource: "chargeback"; id: string; amount: Amount; paymentId: string; createdAt: string; reversedAt: string | null; reason: { code: string; description: string } | null };

/** Mollie's method ids this server knows, and which of them can be charged back (per Mollie's method pages). */
export const METHODS = ["creditcard", "bancontact", "ideal", "applepay", "paypal", "banktransfer", "directdebit"] as const;
export type MethodId = (typeof METHODS)[number];
export const CHARGEBACK_METHODS: readonly string[] = ["creditcard", "applepay", "paypal", "directdebit"];
/** Methods whose open payment may be canceled through the API (`isCancelable`). */
export const CANCELABLE_METHODS: readonly string[] = ["banktransfer", "directdebit"];
export const LOCALES = ["en_US", "en_GB", "nl_NL", "nl_BE", "fr_FR", "fr_BE", "de_DE", "de_AT", "de_CH", "es_ES", "ca_ES", "pt_PT", "it_IT", "nb_NO", "sv_SE", "fi_FI", "da_DK", "is_IS", "hu_HU", "pl_PL", "lv_LV", "lt_LT"];

export function cents(amount: Amount): number {
  const [whole = "0", fraction = "00"] = amount.value.split(".");
  return Number(whole) * 100 + Number(fraction);
}

export function amountOf(centsValue: number, currency = "EUR"): Amount {
  return { currency, value: (centsValue / 100).toFixed(2) };
}

/** `{ status, title, detail, field?, _links }` as application/hal+json. */
export function mollieError(status: number, title: string, detail: string, field?: string): { status: number; body: unknown } {
  return { status, body: { status, title, detail, ...(field ? { field } : {}), _links: { documentation: { href: "https://docs.mollie.com/overview/handling-errors", type: "text/html" } } } };
}
