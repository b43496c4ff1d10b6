/**
 * The mock's test controls, acting as "Stripe itself" (no key needed): the buyer pays, a delayed
 * payment settles, a session expires, the studio refunds in Stripe's dashboard, a bank opens and
 * closes a dispute. Each returns the Event Stripe would send, and delivers it signed to the account's
 * webhook endpoint when one is set (unless `deliver: false`).
 */
import { deliver, makeEvent, signEvent, type Delivery, type StripeEvent } from "./events";
import {
  chargeFor,
  closeDispute,
  expireSession,
  openDispute,
  paySession,
  refundCharge,
  settleSession,
  type Dispute,
  type RefundFailure,
  type Session,
} from "./objects";
import { type Account, type AccountInput, MockState, type StripeObject } from "./state";

export type EmitOptions = { deliver?: boolean };

type StoredResponse = { fingerprint: string; status: number; body: string };

export class StripeMock {
  readonly state = new MockState();
  /** Every event the mock produced, oldest first. */
  readonly events: StripeEvent[] = [];
  /** Every webhook delivery attempt, oldest first. */
  readonly deliveries: Delivery[] = [];
  /** Every API request received (method, path, key prefix), for tests that count calls. */
  readonly requests: { method: string; path: string; idempotencyKey: string | null }[] = [];
  readonly refundFailures = new Map<string, RefundFailure>();
  readonly idempotency = new Map<string, StoredResponse>();
  baseUrl = "";

  addAccount(input: AccountInput): Account {
    return this.state.addAccount(input);
  }

  /** Sets (or with url null, removes) the webhook endpoint of the account+mode of `secretKey`. */
  setWebhook(secretKey: string, url: string | null, secret = "whsec_mock"): void {
    const account = this.state.accounts.get(secretKey);
    if (!account) throw new Error("[stripe mock] unknown key");
    for (const other of this.state.accounts.values()) {
      if (other.accountId === account.accountId && other.livemode === account.livemode) other.webhook = url ? { url, secret } : undefined;
    }
  }

  async emit(account: Account, type: string, object: StripeObject, previous?: Record<string, unknown>, options: EmitOptions = {}): Promise<StripeEvent> {
    const event = makeEvent(this.state, account, type, object, previous);
    this.events.push(event);
    if (options.deliver !== false) {
      const delivery = await deliver(event, account);
      if (delivery) this.deliveries.push(delivery);
    }
    return event;
  }

  session(id: string): Session {
    const session = this.state.find<Session>(null, id, "checkout.session");
    if (!session) throw new Error(`[stripe mock] no session ${id}`);
    return session;
  }

  sessions(filter: { clientReferenceId?: string } = {}): Session[] {
    return this.state.all<Session>("checkout.session").filter((s) => filter.clientReferenceId === undefined || s.client_reference_id === filter.clientReferenceId);
  }

  private owner(id: string): Account {
    const account = this.state.ownerAccount(id);
    if (!account) throw new Error(`[stripe mock] no object ${id}`);
    return account;
  }

  /**
   * The buyer pays. Synchronously: `checkout.session.completed` with payment_status "paid". With
   * `async: true` (a SEPA debit): `checkout.session.completed` with "unpaid"; settle it later.
   */
  async paySession(id: string, options: { async?: boolean; email?: string; issuingCountry?: string | null } & EmitOptions = {}): Promise<StripeEvent> {
    const session = this.session(id);
    const account = this.owner(id);
    paySession(this.state, account, session, options);
    return this.emit(account, "checkout.session.completed", session, undefined, options);
  }

  /** A delayed payment settles: `checkout.session.async_payment_succeeded` or `…_failed`. */
  async settleSession(id: string, outcome: "succeeded" | "failed", options: EmitOptions = {}): Promise<StripeEvent> {
    const session = this.session(id);
    settleSession(this.state, session, outcome);
    return this.emit(this.owner(id), `checkout.session.async_payment_${outcome}`, session, undefined, options);
  }

  /** The session reaches its expires_at (or is expired): `checkout.session.expired`. */
  async expireSession(id: string, options: EmitOptions = {}): Promise<StripeEvent> {
    const session = this.session(id);
    expireSession(session);
    return this.emit(this.owner(id), "checkout.session.expired", session, undefined, options);
  }

  /** Stripe expires the open sessions whose expires_at has passed (see advanceTime): one `checkout.session.expired` each. */
  async expireDue(options: EmitOptions = {}): Promise<StripeEvent[]> {
    const due = this.state.all<Session>("checkout.session").filter((session) => session.status === "open" && this.state.now() >= session.expires_at);
    const events: StripeEvent[] = [];
    for (const session of due) events.push(await this.expireSession(session.id, options));
    return events;
  }

  /** A refund made in Stripe's dashboard (full unless `amount`): `charge.refunded`. */
  async refundFromDashboard(paymentIntentOrCharge: string, options: { amount?: number } & EmitOptions = {}): Promise<StripeEvent> {
    const account = this.owner(paymentIntentOrCharge);
    const target = chargeFor(this.state, account, paymentIntentOrCharge);
    if (!target) throw new Error(`[stripe mock] no charge for ${paymentIntentOrCharge}`);
    const { previous } = refundCharge(this.state, account, target, { amount: options.amount, reason: "requested_by_customer" });
    return this.emit(account, "charge.refunded", target.charge, previous, options);
  }

  /** The buyer's bank disputes the payment: `charge.dispute.created` (the dispute object). */
  async openDispute(paymentIntentOrCharge: string, options: { reason?: string } & EmitOptions = {}): Promise<StripeEvent> {
    const account = this.owner(paymentIntentOrCharge);
    const target = chargeFor(this.state, account, paymentIntentOrCharge);
    if (!target) throw new Error(`[stripe mock] no charge for ${paymentIntentOrCharge}`);
    const dispute = openDispute(this.state, account, target, options.reason);
    return this.emit(account, "charge.dispute.created", dispute, undefined, options);
  }

  /** The dispute closes: `charge.dispute.closed` with status "won" or "lost". */
  async closeDispute(disputeId: string, outcome: "won" | "lost", options: EmitOptions = {}): Promise<StripeEvent> {
    const dispute = this.state.find<Dispute>(null, disputeId, "dispute");
    if (!dispute) throw new Error(`[stripe mock] no dispute ${disputeId}`);
    const previousStatus = dispute.status;
    closeDispute(dispute, outcome);
    return this.emit(this.owner(disputeId), "charge.dispute.closed", dispute, { status: previousStatus }, options);
  }

  /**
   * Makes `POST /v1/refunds` for this PaymentIntent fail until cleared: "refused" answers 402;
   * "network-before" closes the socket without refunding; "network-after" refunds (once, stored
   * under the Idempotency-Key) but closes the socket instead of answering. The SDK retries a closed
   * connection once on its own, even with maxNetworkRetries 0, so both attempts fail; after
   * clearRefundFailures, a retry with the same key gets the refund made before.
   */
  failRefundsFor(paymentIntentId: string, how: RefundFailure = "refused"): void {
    this.refundFailures.set(paymentIntentId, how);
  }

  clearRefundFailures(paymentIntentId?: string): void {
    if (paymentIntentId) this.refundFailures.delete(paymentIntentId);
    else this.refundFailures.clear();
  }

  /** Stripe keeps idempotency keys 24 hours; this is that day passing. */
  forgetIdempotencyKeys(): void {
    this.idempotency.clear();
  }

  /** Moves the mock's clock (expires_at checks, `created`) forward. */
  advanceTime(seconds: number): void {
    this.state.offsetSeconds += seconds;
  }

  /** The body and Stripe-Signature header for posting `event` yourself (any order, twice, forged…). */
  sign(event: StripeEvent, secret: string, timestamp?: number): { payload: string; header: string } {
    return signEvent(event, secret, timestamp);
  }
}
