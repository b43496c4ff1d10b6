/**
 * The Stripe objects the mock keeps (the fields Stripe documents for API 2026-10-28, trimmed to the
 * ones a Checkout integration reads) and what happens to them: pay, settle, expire, refund, dispute.
 */
import { MockStripeError } from "./errors";
import { type Account, type MockState, newId } from "./state";

export type Session = {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: null;
  customer_details: { email: string | null; name: string | null; address: { country: string | null } } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: boolean;
  locale: string | null;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: "paid" | "unpaid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  success_url: string;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: "hosted";
  url: string | null;
};

export type PaymentIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  capture_method: "automatic_async";
  created: number;
  currency: string;
  description: string | null;
  latest_charge: string | null;
  livemode: boolean;
  metadata: Record<string, string>;
  payment_method_types: string[];
  status: "processing" | "succeeded" | "requires_payment_method" | "canceled";
};

export type Charge = {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  created: number;
  currency: string;
  disputed: boolean;
  livemode: boolean;
  metadata: Record<string, string>;
  paid: boolean;
  payment_intent: string;
  /** What Stripe reports of the method that paid: a card's or a SEPA debit's issuing country. */
  payment_method_details: { type: "card"; card: { brand: string; country: string | null; last4: string } } | { type: "sepa_debit"; sepa_debit: { country: string | null; last4: string } };
  refunded: boolean;
  status: "pending" | "succeeded" | "failed";
};

export type Refund = {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: "duplicate" | "fraudulent" | "requested_by_customer" | null;
  status: "pending" | "succeeded" | "failed" | "canceled";
};

export type Dispute = {
  id: string;
  object: "dispute";
  amount: number;
  charge: string;
  created: number;
  currency: string;
  is_charge_refundable: boolean;
  livemode: boolean;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string;
  status: "needs_response" | "under_review" | "won" | "lost";
};

/** Internal extras of a session that Stripe does not return on the object itself. */
export type SessionExtras = { productName: string; paymentIntentMetadata: Record<string, string>; quantity: number; unitAmount: number };

export const sessionExtras = new WeakMap<Session, SessionExtras>();

/** A refund failure a test asked for, by PaymentIntent id. */
export type RefundFailure = "refused" | "network-before" | "network-after";

const ops = (message: string) => new Error(`[stripe mock] ${message}`);

/**
 * The buyer pays on the hosted page. async: a bank debit that settles later (payment_status stays
 * unpaid). issuingCountry: the card's (or the debited account's) country Stripe reports, BE unless
 * given (null: Stripe reports none).
 */
export function paySession(state: MockState, account: Account, session: Session, options: { async?: boolean; email?: string; issuingCountry?: string | null } = {}): void {
  if (session.status !== "open") throw ops(`session ${session.id} is ${session.status}, not open`);
  if (state.now() >= session.expires_at) throw ops(`session ${session.id} expired at ${session.expires_at}`);
  const now = state.now();
  const live = account.livemode;
  const async = options.async === true;
  const intent = state.save<PaymentIntent>(account, {
    id: newId("pi", live),
    object: "payment_intent",
    amount: session.amount_total,
    amount_received: async ? 0 : session.amount_total,
    capture_method: "automatic_async",
    created: now,
    currency: session.currency,
    description: null,
    latest_charge: null,
    livemode: live,
    metadata: { ...(sessionExtras.get(session)?.paymentIntentMetadata ?? {}) },
    payment_method_types: [async ? "sepa_debit" : "card"],
    status: async ? "processing" : "succeeded",
  });
  const charge = state.save<Charge>(account, {
    id: newId("ch", live),
    object: "charge",
    amount: session.amount_total,
    amount_captured: async ? 0 : session.amount_total,
    amount_refunded: 0,
    captured: !async,
    created: now,
    currency: session.currency,
    disputed: false,
    livemode: live,
    // Stripe copies the PaymentIntent's metadata to the charge it creates, once.
    metadata: { ...intent.metadata },
    paid: !async,
    payment_intent: intent.id,
    payment_method_details: async
      ? { type: "sepa_debit", sepa_debit: { country: options.issuingCountry === undefined ? "BE" : options.issuingCountry, last4: "3000" } }
      : { type: "card", card: { brand: "visa", country: options.issuingCountry === undefined ? "BE" : options.issuingCountry, last4: "4242" } },
    refunded: false,
    status: async ? "pending" : "succeeded",
  });
  intent.latest_charge = charge.id;
  session.status = "complete";
  session.payment_status = async ? "unpaid" : "paid";
  session.payment_intent = intent.id;
  session.url = null;
  session.customer_details = { email: options.email ?? session.customer_email ?? "buyer@example.com", name: "Test Buyer", address: { country: "FR" } };
}

/** A delayed payment method settles: the session stays complete, the intent succeeds or fails. */
export function settleSession(state: MockState, session: Session, outcome: "succeeded" | "failed"): void {
  const intent = session.payment_intent ? state.find<PaymentIntent>(null, session.payment_intent, "payment_intent") : undefined;
  if (session.status !== "complete" || session.payment_status !== "unpaid" || !intent || intent.status !== "processing") {
    throw ops(`session ${session.id} has no payment in progress`);
  }
  const charge = intent.latest_charge ? state.find<Charge>(null, intent.latest_charge, "charge") : undefined;
  if (outcome === "succeeded") {
    intent.status = "succeeded";
    intent.amount_received = intent.amount;
    session.payment_status = "paid";
    if (charge) Object.assign(charge, { status: "succeeded", paid: true, captured: true, amount_captured: charge.amount });
  } else {
    intent.status = "requires_payment_method";
    if (charge) charge.status = "failed";
  }
}

export function expireSession(session: Session): void {
  if (session.status !== "open") {
    throw new MockStripeError(400, "invalid_request_error", `Only Checkout Sessions with a status in ["open"] can be expired.`, undefined, "session");
  }
  session.status = "expired";
  session.url = null;
}

/** The charge behind a PaymentIntent or charge id, for refunds and disputes. */
export function chargeFor(state: MockState, account: Account | null, id: string): { intent: PaymentIntent; charge: Charge } | undefined {
  if (id.startsWith("ch_")) {
    const charge = state.find<Charge>(account, id, "charge");
    const intent = charge ? state.find<PaymentIntent>(account, charge.payment_intent, "payment_intent") : undefined;
    return charge && intent ? { intent, charge } : undefined;
  }
  const intent = state.find<PaymentIntent>(account, id, "payment_intent");
  const charge = intent?.latest_charge ? state.find<Charge>(account, intent.latest_charge, "charge") : undefined;
  return intent && charge ? { intent, charge } : undefined;
}

const euros = (cents: number, currency: string) => `${currency === "eur" ? "€" : ""}${(cents / 100).toFixed(2)}`;

/** Stripe's refund rules: a successful charge, not disputed, and no more than what is left. */
export function refundCharge(
  state: MockState,
  account: Account,
  target: { intent: PaymentIntent; charge: Charge },
  input: { amount?: number; reason?: Refund["reason"]; metadata?: Record<string, string> },
): { refund: Refund; previous: { amount_refunded: number; refunded: boolean } } {
  const { intent, charge } = target;
  if (intent.status !== "succeeded" || charge.status !== "succeeded") {
    throw new MockStripeError(400, "invalid_request_error", `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, undefined, "payment_intent");
  }
  if (charge.disputed) {
    throw new MockStripeError(400, "invalid_request_error", `Charge ${charge.id} has been charged back; cannot issue a refund.`, "charge_disputed");
  }
  if (charge.refunded) {
    throw new MockStripeError(400, "invalid_request_error", `Charge ${charge.id} has already been refunded.`, "charge_already_refunded");
  }
  const left = charge.amount - charge.amount_refunded;
  const amount = input.amount ?? left;
  if (amount <= 0) throw new MockStripeError(400, "invalid_request_error", "Invalid positive integer", "parameter_invalid_integer", "amount");
  if (amount > left) {
    throw new MockStripeError(
      400,
      "invalid_request_error",
      `Refund amount (${euros(amount, charge.currency)}) is greater than unrefunded amount on charge (${euros(left, charge.currency)})`,
      "amount_too_large",
      "amount",
    );
  }
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  const refund = state.save<Refund>(account, {
    id: newId("re", account.livemode),
    object: "refund",
    amount,
    charge: charge.id,
    created: state.now(),
    currency: charge.currency,
    metadata: input.metadata ?? {},
    payment_intent: intent.id,
    reason: input.reason ?? null,
    status: "succeeded",
  });
  return { refund, previous };
}

export function openDispute(state: MockState, account: Account, target: { intent: PaymentIntent; charge: Charge }, reason = "fraudulent"): Dispute {
  const { intent, charge } = target;
  if (charge.status !== "succeeded") throw ops(`charge ${charge.id} was not paid`);
  if (charge.disputed) throw ops(`charge ${charge.id} is already disputed`);
  charge.disputed = true;
  return state.save<Dispute>(account, {
    id: newId("dp", account.livemode),
    object: "dispute",
    amount: charge.amount - charge.amount_refunded,
    charge: charge.id,
    created: state.now(),
    currency: charge.currency,
    is_charge_refundable: false,
    livemode: account.livemode,
    metadata: {},
    payment_intent: intent.id,
    reason,
    status: "needs_response",
  });
}

export function closeDispute(dispute: Dispute, outcome: "won" | "lost"): void {
  if (dispute.status === "won" || dispute.status === "lost") throw ops(`dispute ${dispute.id} is already ${dispute.status}`);
  dispute.status = outcome;
}
