import "server-only";

/**
 * The payment methods a studio can offer per environment (Keys & settings → Payments, fixture
 * `paymentMethods`). Null (the default) leaves the choice to the provider's account settings.
 */
export const paymentMethods = ["card", "bancontact", "ideal", "applepay", "googlepay", "paypal"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export function isPaymentMethod(value: string): value is PaymentMethod {
  return (paymentMethods as readonly string[]).includes(value);
}

/** The names buyers know (the same in every language the page speaks). */
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  card: "Card",
  bancontact: "Bancontact",
  ideal: "iDEAL | Wero",
  applepay: "Apple Pay",
  googlepay: "Google Pay",
  paypal: "PayPal",
};

/** In the order of `paymentMethods`, each once. */
export function normalizeMethods(methods: readonly PaymentMethod[]): PaymentMethod[] {
  return paymentMethods.filter((method) => methods.includes(method));
}

/**
 * Stripe Checkout's `payment_method_types`. Apple Pay and Google Pay are wallets of the `card` type
 * in Stripe (shown when the device supports them and the card type is on), so they ask for `card`.
 */
export function stripeMethodTypes(methods: readonly PaymentMethod[]): string[] {
  const types = methods.map((method) => (method === "applepay" || method === "googlepay" ? "card" : method));
  return [...new Set(types)];
}

/**
 * Mollie's `method` list. Cards are `creditcard`; Google Pay is part of `creditcard` on Mollie's
 * hosted checkout (it has no method id of its own); Apple Pay is `applepay`.
 */
export function mollieMethodIds(methods: readonly PaymentMethod[]): string[] {
  const ids = methods.map((method) => (method === "card" || method === "googlepay" ? "creditcard" : method));
  return [...new Set(ids)];
}
